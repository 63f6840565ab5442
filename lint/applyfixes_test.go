package lint

import (
	"bytes"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// applyFixesByRebuilding is the first ApplyFixes: every edit compared with
// every accepted one, the text rebuilt per edit from the end. Quadratic,
// kept as the reference the linear one must agree with.
func applyFixesByRebuilding(src []byte, fixes []Fix) ([]byte, int) {
	var accepted []Edit
	applied := 0
	overlaps := func(e Edit) bool {
		for _, a := range accepted {
			if e.Range.Start < a.Range.End && a.Range.Start < e.Range.End {
				return true
			}
			if e.Range.Start == a.Range.Start && e.Range.Len() == 0 && a.Range.Len() == 0 {
				return true
			}
		}
		return false
	}
	for _, f := range fixes {
		ok := len(f.Edits) > 0
		for _, e := range f.Edits {
			if e.Range.Start < 0 || e.Range.End > len(src) || e.Range.Start > e.Range.End || overlaps(e) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		accepted = append(accepted, f.Edits...)
		applied++
	}
	sort.SliceStable(accepted, func(i, j int) bool { return accepted[i].Range.Start > accepted[j].Range.Start })
	out := append([]byte(nil), src...)
	for _, e := range accepted {
		out = append(out[:e.Range.Start], append([]byte(e.NewText), out[e.Range.End:]...)...)
	}
	return out, applied
}

// TestApplyFixesAgreesWithReference applies random fixes both ways. Cases
// where the reference is ill-defined (an insertion where another accepted
// edit starts, which it applied into the text that edit had changed) are
// left out.
func TestApplyFixesAgreesWithReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	src := []byte("0123456789abcdefghijklmnopqrstuvwxyz")
	compared := 0
	for round := 0; round < 20000; round++ {
		var fixes []Fix
		for i := 0; i < 1+r.IntN(8); i++ {
			var f Fix
			for j := 0; j < 1+r.IntN(2); j++ {
				a := r.IntN(len(src)+3) - 1
				b := a + r.IntN(4)
				if r.IntN(3) == 0 {
					b = a
				}
				f.Edits = append(f.Edits, Edit{Range: toml.Range{Start: a, End: b}, NewText: string(rune('A' + r.IntN(26)))})
			}
			fixes = append(fixes, f)
		}
		got, gn := ApplyFixes(src, fixes)
		if illDefined(src, fixes) {
			// the reference could even panic here (an insertion inside an
			// edit of the same fix)
			continue
		}
		want, wn := applyFixesByRebuilding(src, fixes)
		if wn != gn {
			t.Fatalf("applied %d fixes, the reference %d: %+v", gn, wn, fixes)
		}
		compared++
		if !bytes.Equal(got, want) {
			t.Fatalf("got %q, the reference %q: %+v", got, want, fixes)
		}
	}
	if compared < 5000 {
		t.Fatalf("only %d cases compared", compared)
	}
}

// illDefined reports whether the accepted edits hold an insertion at the
// start of another edit, or two edits of one fix that overlap.
func illDefined(src []byte, fixes []Fix) bool {
	var accepted []Edit
	for _, f := range fixes {
		ok := len(f.Edits) > 0
		for _, e := range f.Edits {
			if e.Range.Start < 0 || e.Range.End > len(src) || e.Range.Start > e.Range.End {
				ok = false
			}
			for _, a := range accepted {
				if (e.Range.Start < a.Range.End && a.Range.Start < e.Range.End) || (e.Range.Start == a.Range.Start && e.Range.Len() == 0 && a.Range.Len() == 0) {
					ok = false
				}
			}
		}
		if ok {
			accepted = append(accepted, f.Edits...)
		}
	}
	for i, a := range accepted {
		for j, b := range accepted {
			if i == j {
				continue
			}
			if a.Range.Start == b.Range.Start && (a.Range.Len() == 0) != (b.Range.Len() == 0) {
				return true
			}
			if a.Range.Start < b.Range.End && b.Range.Start < a.Range.End {
				return true
			}
			if a.Range.Start == b.Range.Start && a.Range.Len() > 0 && b.Range.Len() > 0 {
				return true
			}
		}
	}
	return false
}
