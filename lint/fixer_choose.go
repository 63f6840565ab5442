package lint

import (
	"sort"
	"strconv"
	"strings"
)

// candidates picks for each finding its first fix that may be applied and
// has not been refused, refusing on the way those whose edits are invalid.
// A fix carried by several findings is taken once.
func (x *fixer) candidates(src []byte, findings []Finding) []*candidate {
	var out []*candidate
	same := map[string]bool{}
	for i := range findings {
		f := &findings[i]
		for _, fx := range f.Fixes {
			if !x.allowed(fx.Applicability) || x.refused[fixID(f, fx)] {
				continue
			}
			c, reason := x.candidate(src, f, fx)
			if reason != "" {
				x.skip(f, fx, reason)
				continue
			}
			if sig := editsSignature(c.edits); !same[sig] {
				same[sig] = true
				out = append(out, c)
			}
			break
		}
	}
	return out
}

// candidate validates a fix once: its edits sorted, inside the source and
// not overlapping one another, and changing something.
func (x *fixer) candidate(src []byte, f *Finding, fx Fix) (*candidate, string) {
	edits, reason := sortedEdits(len(src), fx.Edits)
	if reason != "" {
		return nil, reason
	}
	changes := false
	for _, e := range edits {
		if string(src[e.Range.Start:e.Range.End]) != e.NewText {
			changes = true
		}
	}
	if !changes {
		return nil, "it changes nothing"
	}
	keys := append([]string(nil), fx.Keys...)
	if f.Key != "" {
		keys = append(keys, f.Key)
	}
	return &candidate{finding: f, fix: fx, edits: edits, keys: keys}, ""
}

// sortedEdits returns a copy of edits ordered by offset (an insertion
// before a replacement at the same offset, insertions at one offset in
// their given order), or the reason they cannot be applied together.
func sortedEdits(n int, edits []Edit) ([]Edit, string) {
	if len(edits) == 0 {
		return nil, "it has no edits"
	}
	out := append([]Edit(nil), edits...)
	for _, e := range out {
		if e.Range.Start < 0 || e.Range.Start > e.Range.End || e.Range.End > n {
			return nil, "an edit lies outside the file"
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return editBefore(out[i], out[j]) })
	for i := 1; i < len(out); i++ {
		if out[i].Range.Start < out[i-1].Range.End {
			return nil, "two of its edits overlap"
		}
	}
	return out, ""
}

func editBefore(a, b Edit) bool {
	if a.Range.Start != b.Range.Start {
		return a.Range.Start < b.Range.Start
	}
	return a.Range.Len() == 0 && b.Range.Len() > 0
}

func editsSignature(edits []Edit) string {
	var b strings.Builder
	for _, e := range edits {
		b.WriteString(strconv.Itoa(e.Range.Start) + ":" + strconv.Itoa(e.Range.End) + "=" + e.NewText + "\x00")
	}
	return b.String()
}

// compatible orders the candidates, fixes that change text before fixes
// that only insert (so a rename wins over an add of the same key), and
// keeps those that touch no key and no text an earlier one touches. The
// others wait for the next round.
func compatible(cands []*candidate) []*candidate {
	sort.SliceStable(cands, func(i, j int) bool { return !insertsOnly(cands[i]) && insertsOnly(cands[j]) })
	var keys keySet
	var taken []Edit // edits of the kept fixes, sorted by offset
	var out []*candidate
	for _, c := range cands {
		if keys.conflicts(c.keys) || editsConflict(taken, c.edits) {
			continue
		}
		keys.add(c.keys)
		for _, e := range c.edits {
			i := sort.Search(len(taken), func(i int) bool { return editBefore(e, taken[i]) })
			taken = append(taken[:i], append([]Edit{e}, taken[i:]...)...)
		}
		out = append(out, c)
	}
	return out
}

func insertsOnly(c *candidate) bool {
	for _, e := range c.edits {
		if e.Range.Len() > 0 {
			return false
		}
	}
	return true
}

// editsConflict reports whether an edit of a fix overlaps one of taken:
// shared text, an insertion strictly inside a replaced range, or two
// insertions at one offset (their order would be a guess).
func editsConflict(taken, edits []Edit) bool {
	for _, e := range edits {
		i := sort.Search(len(taken), func(i int) bool { return taken[i].Range.Start >= e.Range.Start })
		if i > 0 && editsOverlap(taken[i-1], e) {
			return true
		}
		for j := i; j < len(taken) && taken[j].Range.Start <= e.Range.End; j++ {
			if editsOverlap(taken[j], e) {
				return true
			}
		}
	}
	return false
}

func editsOverlap(a, b Edit) bool {
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

// keySet holds the keys the kept fixes touch. A key conflicts with itself,
// with the tables that hold it and with the keys inside it.
type keySet struct {
	keys, prefixes map[string]bool
}

func (s *keySet) conflicts(keys []string) bool {
	for _, k := range keys {
		if s.keys[k] || s.prefixes[k] {
			return true
		}
		for p := range parents(k) {
			if s.keys[p] {
				return true
			}
		}
	}
	return false
}

// covers reports whether key is one of the set or inside one.
func (s *keySet) covers(key string) bool {
	if s.keys[key] {
		return true
	}
	for p := range parents(key) {
		if s.keys[p] {
			return true
		}
	}
	return false
}

func (s *keySet) add(keys []string) {
	if s.keys == nil {
		s.keys, s.prefixes = map[string]bool{}, map[string]bool{}
	}
	for _, k := range keys {
		s.keys[k] = true
		for p := range parents(k) {
			s.prefixes[p] = true
		}
	}
}

// parents yields the dotted prefixes of a key: "a" and "a.b" for "a.b.c".
func parents(k string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for i := 0; i < len(k); i++ {
			if k[i] == '.' && !yield(k[:i]) {
				return
			}
		}
	}
}
