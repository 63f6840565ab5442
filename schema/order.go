package schema

import "sort"

// keyOrders records, for every object of the schema sources, the order in
// which its keys are written, so that completion and documentation list
// fields in the order the schema declares them.
type keyOrders map[string][]string

func (s *Schema) keyOrder(ptr string, m map[string]any) []string {
	s.ordersOnce.Do(func() { s.orders = loadOrders(s.Kind) })
	if order, ok := s.orders[ptr]; ok && len(order) == len(m) {
		return order
	}
	return sortedKeys(m)
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
