package schema

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
)

// keyOrders records, for every object of the schema sources, the order in
// which its keys are written, so that completion and documentation list
// fields in the order the schema declares them.
type keyOrders map[string][]string

func (s *Schema) keyOrder(ptr string, m map[string]any) []string {
	s.orderOnce.Do(func() {
		s.orders = keyOrders{}
		for _, src := range s.sources {
			recordOrder(src, s.orders)
		}
	})
	if order, ok := s.orders[ptr]; ok && len(order) == len(m) {
		return order
	}
	return sortedKeys(m)
}

// recordOrder tokenizes a JSON document and records the key order of each
// object by JSON pointer.
func recordOrder(src []byte, into keyOrders) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var walk func(ptr string) bool
	walk = func(ptr string) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch d := tok.(type) {
		case json.Delim:
			switch d {
			case '{':
				var keys []string
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return false
					}
					k, _ := kt.(string)
					keys = append(keys, k)
					if !walk(ptr + "/" + escapePtr(k)) {
						return false
					}
				}
				if _, err := dec.Token(); err != nil {
					return false
				}
				if _, seen := into[ptr]; !seen {
					into[ptr] = keys
				}
			case '[':
				for i := 0; dec.More(); i++ {
					if !walk(ptr + "/" + strconv.Itoa(i)) {
						return false
					}
				}
				if _, err := dec.Token(); err != nil {
					return false
				}
			}
		}
		return true
	}
	walk("")
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
