package fix

import (
	"sort"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// RemoveItem returns an edit deleting item from list, with the comma that
// separates it from its neighbour.
func RemoveItem(src []byte, list, item *toml.Value) (Edit, bool) {
	// items are in source order: find the item by its offset, not by a
	// scan (one fix per duplicate of a long list would be quadratic)
	idx := sort.Search(len(list.Items), func(i int) bool { return list.Items[i].Range.Start >= item.Range.Start })
	if idx >= len(list.Items) || list.Items[idx] != item {
		return Edit{}, false
	}
	if idx > 0 {
		// from the end of the previous item to the end of this one
		prev := list.Items[idx-1]
		return Replace(toml.Range{Start: prev.Range.End, End: item.Range.End}, ""), onlyCommaBetween(src, prev.Range.End, item.Range.Start)
	}
	if len(list.Items) > 1 {
		next := list.Items[1]
		return Replace(toml.Range{Start: item.Range.Start, End: next.Range.Start}, ""), onlyCommaBetween(src, item.Range.End, next.Range.Start)
	}
	return Replace(item.Range, ""), true
}

// onlyCommaBetween reports whether src[a:b] holds only spaces and one comma,
// so deleting it cannot remove a comment.
func onlyCommaBetween(src []byte, a, b int) bool {
	commas := 0
	for i := a; i < b; i++ {
		switch src[i] {
		case ' ', '\t':
		case ',':
			commas++
		default:
			return false
		}
	}
	return commas == 1
}
