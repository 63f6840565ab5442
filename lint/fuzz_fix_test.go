package lint

import (
	"bytes"
	"slices"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// planTexts are what the edits of a fuzzed fix write: nothing, TOML tokens
// that can complete or break a statement, a whole pair, a header.
var planTexts = []string{"", "x", "\n", "[", "]", "=", "\"", "#", " ", "a = 1\n", "[t]\n", "\"\"\"", "[[agents]]\n", "lr = 1e-6\n"}

// planKeys are the keys fuzzed fixes touch: some shared, some nested, so
// that rounds have alternatives to choose between.
var planKeys = []string{"", "a", "a.b", "b", "experiment", "experiment.rollout", "training.lr"}

// planFixes reads fixes for src from plan, three bytes an edit: where it
// starts, how far it reaches (past the end of the file now and then), what
// it writes; a fix takes one to three edits and a key.
func planFixes(src, plan []byte) []Finding {
	var out []Finding
	for len(plan) >= 2 && len(out) < 16 {
		n := 1 + int(plan[0])%3
		key := planKeys[int(plan[1])%len(planKeys)]
		plan = plan[2:]
		var edits []Edit
		for ; n > 0 && len(plan) >= 3; n-- {
			start := int(plan[0]) * (len(src) + 2) / 256
			end := start + int(plan[1])%8
			if plan[1]&0x80 != 0 {
				end = start // an insertion
			}
			edits = append(edits, Edit{Range: toml.Range{Start: start, End: end}, NewText: planTexts[int(plan[2])%len(planTexts)]})
			plan = plan[3:]
		}
		a := Safe
		if key == "b" {
			a = Unsafe
		}
		out = append(out, Finding{Rule: RuleUnknownKey, Key: key, Severity: Error, Stage: StageSubmit, Line: len(out) + 1,
			Fixes: []Fix{{Title: "fuzzed " + itoaTest(len(out)), Applicability: a, Edits: edits}}})
	}
	return out
}

func itoaTest(n int) string { return string(rune('a'+n%26)) + string(rune('a'+n/26%26)) }

// FuzzFixer gives the fixer a file and, beside the rules' own fixes, fixes
// made from plan whose edits overlap, touch, leave the file or break it.
// What must hold: the fixes a round keeps are those a pair-by-pair
// reference keeps, with the same text; the result parses whenever the
// input did and gains no submit error (checkFixed's rules); when the fixer
// settles, a second run changes nothing; when it does not, it says so.
func FuzzFixer(f *testing.F) {
	f.Add([]byte("[experiment]\nrollout = \"r\"\n[training]\nlrr = 1\n"), []byte{0, 1, 10, 3, 1, 0, 2, 20, 5, 1, 2, 10, 0x82, 9}, byte(0))
	f.Add([]byte("[agents]\nharness = \"codex\"\n"), []byte{2, 4, 0, 0x80, 12, 1, 0x80, 3, 9, 200, 7}, byte(6))
	f.Fuzz(func(t *testing.T, src, plan []byte, sel byte) {
		if len(src) > 1<<14 {
			return // the rules' cost is other targets' business
		}
		kinds := schema.Kinds()
		in := Input{Kind: kinds[int(sel)%len(kinds)]}
		in.Path = "configs/" + string(in.Kind) + "/run.toml"
		extra := planFixes(src, plan)
		compareWithReference(t, src, extra)

		opts := FixOptions{Unsafe: sel&4 != 0}
		// the fuzzed findings belong to the input's text: the rules' own
		// findings, and those when the text is the input again
		fixer := func() *fixer {
			x := newFixer(in, opts)
			rules := x.check
			x.check = func(doc *toml.Document) []Finding {
				fs := rules(doc)
				if bytes.Equal(doc.Src, src) {
					fs = append(fs, extra...)
				}
				return fs
			}
			return x
		}
		res := fixer().run(src)
		// the fuzzed findings are errors of the input, as the fixer saw it
		before := append(Check(src, in), extra...)
		after := Check(res.Src, in)
		if syntaxErrors(before) == 0 && syntaxErrors(after) > 0 || syntaxErrors(after) > syntaxErrors(before) {
			t.Fatalf("the fixes broke the file:\n%q\n->\n%q", src, res.Src)
		}
		if f, ok := newError(before, after); ok {
			t.Fatalf("the fixes added %s: %s\n%q\n->\n%q", formatFinding(f), f.Message, src, res.Src)
		}
		if !res.Converged {
			if len(res.Skipped) == 0 {
				t.Fatal("the fixer did not settle and did not say so")
			}
			return
		}
		again := fixer().run(res.Src)
		if len(again.Applied) > 0 || !bytes.Equal(again.Src, res.Src) {
			t.Fatalf("a second run changed the file: %v\n%q\n->\n%q", again.Applied, res.Src, again.Src)
		}
	})
}

// compareWithReference chooses among the valid fuzzed fixes (each on its
// own key) both ways and requires the same fixes and the same text.
func compareWithReference(t *testing.T, src []byte, fs []Finding) {
	t.Helper()
	var cands []*candidate
	var fixes [][]Edit
	for i := range fs {
		edits, reason := fix.Sorted(len(src), fs[i].Fixes[0].Edits)
		if reason != "" {
			continue
		}
		cands = append(cands, &candidate{finding: &fs[i], fix: fs[i].Fixes[0], edits: edits, keys: []string{itoaTest(i)}})
		fixes = append(fixes, edits)
	}
	chosen := compatible(cands)
	var edits []Edit
	for _, c := range chosen {
		edits = append(edits, c.edits...)
	}
	slices.SortStableFunc(edits, func(a, b Edit) int {
		switch {
		case fix.Before(a, b):
			return -1
		case fix.Before(b, a):
			return 1
		}
		return 0
	})
	got, _ := fix.Apply(src, edits)
	want, n := referenceCompatible(src, fixes)
	if len(chosen) != n || !bytes.Equal(got, want) {
		t.Fatalf("kept %d fixes: %q; the reference kept %d: %q", len(chosen), got, n, want)
	}
}
