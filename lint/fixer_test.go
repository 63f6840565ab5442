package lint

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func edit(start, end int, text string) Edit {
	return Edit{Range: toml.Range{Start: start, End: end}, NewText: text}
}

// TestFixEditsValidated: a fix whose edits overlap one another, leave the
// file or change nothing is refused as a whole, never applied in part and
// counted.
func TestFixEditsValidated(t *testing.T) {
	src := []byte("abcdef")
	for _, c := range []struct {
		name   string
		edits  []Edit
		reason string
	}{
		{"overlapping edits of one fix", []Edit{edit(1, 4, "X"), edit(2, 5, "Y")}, "two of its edits overlap"},
		{"an insertion inside a replacement", []Edit{edit(1, 4, "X"), edit(2, 2, "Y")}, "two of its edits overlap"},
		{"past the end", []Edit{edit(5, 7, "X")}, "an edit lies outside the file"},
		{"before the start", []Edit{edit(-1, 0, "X")}, "an edit lies outside the file"},
		{"reversed", []Edit{edit(3, 2, "X")}, "an edit lies outside the file"},
		{"no edits", nil, "it has no edits"},
		{"the same text", []Edit{edit(1, 3, "bc")}, "it changes nothing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &Finding{Rule: "unknown-key", Key: "a", Fixes: []Fix{{Title: "fix", Applicability: Safe, Edits: c.edits}}}
			x := newFixer(Input{}, FixOptions{})
			x.check = func(*toml.Document) []Finding { return nil }
			if _, reason := x.candidate(src, f, f.Fixes[0]); reason != c.reason {
				t.Errorf("reason %q, want %q", reason, c.reason)
			}
			x.check = func(doc *toml.Document) []Finding {
				if string(doc.Src) == string(src) {
					return []Finding{*f}
				}
				return nil
			}
			res := x.run(src)
			if len(res.Applied) != 0 || !bytes.Equal(res.Src, src) {
				t.Errorf("applied %v: %q", res.Applied, res.Src)
			}
			if len(res.Skipped) != 1 || res.Skipped[0].Reason != c.reason {
				t.Errorf("skipped %v, want one with %q", res.Skipped, c.reason)
			}
		})
	}
	// edits given out of order are sorted; insertions at one offset keep
	// their order, before a replacement starting there
	got, reason := fix.Sorted(6, []Edit{edit(4, 6, "Z"), edit(1, 1, "a"), edit(1, 2, "B"), edit(1, 1, "b")})
	if reason != "" {
		t.Fatal(reason)
	}
	out, _ := fix.Apply(src, got)
	if string(out) != "aabBcdZ" {
		t.Errorf("got %q", out)
	}
}

// referenceCompatible keeps, in the fixer's order, each fix whose edits
// share no text with the kept ones (an insertion strictly inside a
// replacement, or two at one offset, count as shared), comparing every
// pair, and applies the kept edits from the end of the text backwards.
func referenceCompatible(src []byte, fixes [][]Edit) ([]byte, int) {
	shares := func(a, b Edit) bool {
		as, ae, bs, be := a.Range.Start, a.Range.End, b.Range.Start, b.Range.End
		switch {
		case as < ae && bs < be:
			return as < be && bs < ae
		case as == ae && bs == be:
			return as == bs
		case as == ae:
			return bs < as && as < be
		default:
			return as < bs && bs < ae
		}
	}
	order := slices.Clone(fixes)
	slices.SortStableFunc(order, func(a, b []Edit) int {
		ia, ib := allInsertions(a), allInsertions(b)
		switch {
		case !ia && ib:
			return -1
		case ia && !ib:
			return 1
		}
		return 0
	})
	var kept []Edit
	n := 0
	for _, f := range order {
		ok := true
		for _, e := range f {
			for _, k := range kept {
				if shares(k, e) {
					ok = false
				}
			}
		}
		if ok {
			kept = append(kept, f...)
			n++
		}
	}
	// from the end: a later start first; at one offset a replacement
	// before the insertions, and those in reverse, so they end up in order
	idx := make([]int, len(kept))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		a, b := kept[i], kept[j]
		if a.Range.Start != b.Range.Start {
			return b.Range.Start - a.Range.Start
		}
		if (a.Range.Len() == 0) != (b.Range.Len() == 0) {
			if a.Range.Len() > 0 {
				return -1
			}
			return 1
		}
		return j - i
	})
	out := slices.Clone(src)
	for _, i := range idx {
		e := kept[i]
		out = slices.Concat(out[:e.Range.Start], []byte(e.NewText), out[e.Range.End:])
	}
	return out, n
}

func allInsertions(edits []Edit) bool {
	for _, e := range edits {
		if e.Range.Len() > 0 {
			return false
		}
	}
	return true
}

// TestCompatibleAgreesWithReference chooses among random fixes, many of
// them overlapping or adjacent, both ways.
func TestCompatibleAgreesWithReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	src := []byte("0123456789abcdefghijklmnopqrstuvwxyz")
	for round := 0; round < 20000; round++ {
		var cands []*candidate
		var fixes [][]Edit
		for i := 0; i < 1+r.IntN(8); i++ {
			var es []Edit
			for j := 0; j < 1+r.IntN(3); j++ {
				a := r.IntN(len(src) + 1)
				b := min(a+r.IntN(4), len(src))
				if r.IntN(3) == 0 {
					b = a
				}
				es = append(es, edit(a, b, string(rune('A'+r.IntN(26)))))
			}
			sorted, reason := fix.Sorted(len(src), es)
			if reason != "" {
				continue
			}
			f := &Finding{Rule: "r", Key: strings.Repeat("k", i+1)}
			cands = append(cands, &candidate{finding: f, fix: Fix{Edits: es}, edits: sorted})
			fixes = append(fixes, sorted)
		}
		var edits []Edit
		chosen := compatible(cands)
		for _, c := range chosen {
			edits = append(edits, c.edits...)
		}
		slices.SortStableFunc(edits, func(a, b Edit) int {
			if fix.Before(a, b) {
				return -1
			}
			if fix.Before(b, a) {
				return 1
			}
			return 0
		})
		got, _ := fix.Apply(src, edits)
		want, n := referenceCompatible(src, fixes)
		if len(chosen) != n || !bytes.Equal(got, want) {
			t.Fatalf("kept %d fixes: %q; the reference kept %d: %q\nfixes: %v", len(chosen), got, n, want, fixes)
		}
	}
}

// TestCompatibleKeys: two fixes touching one key, or a table and a key in
// it, are alternatives; a rename wins over an add of the same key.
func TestCompatibleKeys(t *testing.T) {
	cand := func(rule, key string, keys []string, e Edit) *candidate {
		return &candidate{finding: &Finding{Rule: rule, Key: key}, fix: Fix{Title: rule}, edits: []Edit{e}, keys: append(keys, key)}
	}
	add := cand("missing-required", "experiment.model_path", nil, edit(13, 13, "model_path = \"m\"\n"))
	rename := cand("unknown-key", "experiment.model", []string{"experiment.model_path"}, edit(20, 25, "model_path"))
	other := cand("unknown-key", "training.lrr", []string{"training.lr"}, edit(40, 43, "lr"))
	section := cand("missing-section", "training", nil, edit(0, 0, "[training]\n"))
	got := compatible([]*candidate{add, rename, other, section})
	var titles []string
	for _, c := range got {
		titles = append(titles, c.finding.Key)
	}
	if strings.Join(titles, " ") != "experiment.model training.lrr" {
		t.Errorf("kept %v; want the rename and the other key", titles)
	}
}

// TestFixerRefusesWhatBreaks: of a round's fixes, the one that makes the
// file unparsable is refused and named; the others are applied.
func TestFixerRefusesWhatBreaks(t *testing.T) {
	src := []byte("a = 1\nb = 2\nc = 3\nd = 4\n")
	// each lower-case key is a finding whose fix upper-cases it; the fix
	// of b breaks the file
	x := newFixer(Input{}, FixOptions{})
	x.check = func(doc *toml.Document) []Finding {
		var fs []Finding
		for i, s := range doc.Stmts {
			k := s.Keys[0]
			if k.Name != strings.ToLower(k.Name) {
				continue
			}
			text := strings.ToUpper(k.Name)
			if text == "B" {
				text = "B = ["
			}
			fs = append(fs, Finding{Rule: "unknown-key", Key: k.Name, Line: i + 1, Severity: Error,
				Fixes: []Fix{{Title: "rename", Applicability: Safe, Edits: []Edit{{Range: k.Range, NewText: text}}}}})
		}
		return fs
	}
	res := x.run(src)
	if string(res.Src) != "A = 1\nb = 2\nC = 3\nD = 4\n" {
		t.Errorf("got %q", res.Src)
	}
	if len(res.Applied) != 3 || len(res.Skipped) != 1 || res.Skipped[0].Key != "b" || !strings.Contains(res.Skipped[0].Reason, "no longer parse") {
		t.Errorf("applied %v, skipped %v", res.Applied, res.Skipped)
	}
	if !res.Converged || res.Rounds != 1 {
		t.Errorf("converged %v after %d rounds", res.Converged, res.Rounds)
	}
}

// TestFixerStops: fixes that undo each other, and fixes that never run
// out, end the loop and say so.
func TestFixerStops(t *testing.T) {
	flip := func(doc *toml.Document) []Finding {
		other := "a = 2\n"
		if string(doc.Src) == other {
			other = "a = 1\n"
		}
		return []Finding{{Rule: "r", Key: "a", Fixes: []Fix{{Title: "flip", Applicability: Safe, Edits: []Edit{edit(0, len(doc.Src), other)}}}}}
	}
	grow := func(doc *toml.Document) []Finding {
		return []Finding{{Rule: "r", Key: "a", Fixes: []Fix{{Title: "grow", Applicability: Safe, Edits: []Edit{edit(len(doc.Src), len(doc.Src), "#\n")}}}}}
	}
	for name, check := range map[string]func(*toml.Document) []Finding{"flip": flip, "grow": grow} {
		x := newFixer(Input{}, FixOptions{})
		x.check = check
		res := x.run([]byte("a = 1\n"))
		if res.Converged || len(res.Skipped) == 0 {
			t.Errorf("%s: converged %v, skipped %v", name, res.Converged, res.Skipped)
		}
		if res.Rounds > maxFixRounds {
			t.Errorf("%s: %d rounds", name, res.Rounds)
		}
	}
}

// TestFixerNeverAppliesDisplayOnly: display-only fixes are offered and
// never applied, by --fix or --fix --unsafe-fixes alike: a misspelled key
// whose right name is already set is left with its value, not deleted.
func TestFixerNeverAppliesDisplayOnly(t *testing.T) {
	src := []byte(trainingWith("lr = 1e-6\nlerning_rate = 1\n"))
	rc := ruleCase{src: string(src)}
	in := rc.input(t)
	before := Check(src, in)
	offered := false
	for _, f := range before {
		for _, fx := range f.Fixes {
			if f.Rule == RuleUnknownKey && fx.Applicability == DisplayOnly {
				offered = true
			}
		}
	}
	if !offered {
		t.Fatalf("no display-only fix offered:\n%s", describeFixes(before))
	}
	for _, unsafe := range []bool{false, true} {
		res := FixSource(src, in, FixOptions{Unsafe: unsafe})
		if !bytes.Equal(res.Src, src) || len(res.Applied) != 0 {
			t.Errorf("unsafe=%v: applied %v:\n%s", unsafe, res.Applied, res.Src)
		}
	}
	// and the invariant on its own: a finding whose only fix is
	// display-only keeps its file as it is
	f := Finding{Rule: RuleUnknownKey, Key: "a", Severity: Error, Fixes: []Fix{fix.Offer("drop", edit(0, 1, ""))}}
	x := newFixer(Input{}, FixOptions{Unsafe: true})
	x.check = func(doc *toml.Document) []Finding {
		if string(doc.Src) == "abc" {
			return []Finding{f}
		}
		return nil
	}
	if res := x.run([]byte("abc")); string(res.Src) != "abc" || len(res.Applied) != 0 || len(res.Skipped) != 0 {
		t.Errorf("a display-only fix was considered: %+v", res)
	}
}
