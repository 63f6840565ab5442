package fix

import (
	"sort"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Apply writes sorted, non-overlapping edits into src. It also
// returns where the text of each edit landed in the result.
func Apply(src []byte, edits []Edit) ([]byte, []toml.Range) {
	out := make([]byte, 0, len(src))
	written := make([]toml.Range, len(edits))
	at := 0
	for i, e := range edits {
		out = append(out, src[at:e.Range.Start]...)
		written[i] = toml.Range{Start: len(out), End: len(out) + len(e.NewText)}
		out = append(out, e.NewText...)
		at = e.Range.End
	}
	return append(out, src[at:]...), written
}

// Sorted returns a copy of edits ordered by offset (an insertion
// before a replacement at the same offset, insertions at one offset in
// their given order), or the reason they cannot be applied together.
func Sorted(n int, edits []Edit) ([]Edit, string) {
	if len(edits) == 0 {
		return nil, "it has no edits"
	}
	out := append([]Edit(nil), edits...)
	for _, e := range out {
		if e.Range.Start < 0 || e.Range.Start > e.Range.End || e.Range.End > n {
			return nil, "an edit lies outside the file"
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return Before(out[i], out[j]) })
	for i := 1; i < len(out); i++ {
		if out[i].Range.Start < out[i-1].Range.End {
			return nil, "two of its edits overlap"
		}
	}
	return out, ""
}

// Before orders edits by offset, an insertion before a replacement at the
// same offset.
func Before(a, b Edit) bool {
	if a.Range.Start != b.Range.Start {
		return a.Range.Start < b.Range.Start
	}
	return a.Range.Len() == 0 && b.Range.Len() > 0
}

// Signature identifies a set of edits by their ranges and texts.
func Signature(edits []Edit) string {
	var b strings.Builder
	for _, e := range edits {
		b.WriteString(strconv.Itoa(e.Range.Start) + ":" + strconv.Itoa(e.Range.End) + "=" + e.NewText + "\x00")
	}
	return b.String()
}

// Conflict reports whether an edit of a fix overlaps one of taken:
// shared text, an insertion strictly inside a replaced range, or two
// insertions at one offset (their order would be a guess).
func Conflict(taken, edits []Edit) bool {
	for _, e := range edits {
		i := sort.Search(len(taken), func(i int) bool { return taken[i].Range.Start >= e.Range.Start })
		if i > 0 && Overlap(taken[i-1], e) {
			return true
		}
		for j := i; j < len(taken) && taken[j].Range.Start <= e.Range.End; j++ {
			if Overlap(taken[j], e) {
				return true
			}
		}
	}
	return false
}

// Overlap reports whether two edits touch the same text, or insert at the
// same offset.
func Overlap(a, b Edit) bool {
	al, bl := a.Range.Len() > 0, b.Range.Len() > 0
	switch {
	case al && bl:
		return a.Range.Start < b.Range.End && b.Range.Start < a.Range.End
	case !al && !bl:
		return a.Range.Start == b.Range.Start
	case al:
		return a.Range.Start < b.Range.Start && b.Range.Start < a.Range.End
	default:
		return b.Range.Start < a.Range.Start && a.Range.Start < b.Range.End
	}
}

// KeySet holds the keys the kept fixes touch. A key conflicts with itself,
// with the tables that hold it and with the keys inside it.
type KeySet struct {
	keys, prefixes map[string]bool
}

// Conflicts reports whether one of keys is in the set, holds one of it or
// lies inside one.
func (s *KeySet) Conflicts(keys []string) bool {
	for _, k := range keys {
		if s.keys[k] || s.prefixes[k] {
			return true
		}
		for p := range Parents(k) {
			if s.keys[p] {
				return true
			}
		}
	}
	return false
}

// Covers reports whether key is one of the set or inside one.
func (s *KeySet) Covers(key string) bool {
	if s.keys[key] {
		return true
	}
	for p := range Parents(key) {
		if s.keys[p] {
			return true
		}
	}
	return false
}

// Add puts keys in the set.
func (s *KeySet) Add(keys []string) {
	if s.keys == nil {
		s.keys, s.prefixes = map[string]bool{}, map[string]bool{}
	}
	for _, k := range keys {
		s.keys[k] = true
		for p := range Parents(k) {
			s.prefixes[p] = true
		}
	}
}

// Parents yields the dotted prefixes of a key: "a" and "a.b" for "a.b.c".
func Parents(k string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for i := 0; i < len(k); i++ {
			if k[i] == '.' && !yield(k[:i]) {
				return
			}
		}
	}
}
