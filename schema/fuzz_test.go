package schema

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// FuzzValidate validates arbitrary bytes as each config kind, and compares
// the issues with those of the reference validator (oracle_test.go). The seed
// corpus in testdata/fuzz/FuzzValidate (real configs and the conformance
// cases, with their kind) runs with plain go test.
func FuzzValidate(f *testing.F) {
	f.Add([]byte("[experiment]\nrollout = \"a\"\n[training]\nlr = -1\n"), byte(0))
	f.Add([]byte("[[agents]]\n[agents.model]\ntype = \"x\"\n"), byte(2))
	f.Fuzz(func(t *testing.T, src []byte, kind byte) {
		k := Kinds()[int(kind)%len(Kinds())]
		checkIssues(t, k, src)
		compareWithOracle(t, k, src)
	})
}

// checkIssues validates src as kind and asserts what must hold for any
// input: known issue kinds, a tag on every issue that only its annotation
// can name a rule for, ranges within the
// source, document order, and the same result on a second run.
func checkIssues(t testing.TB, k Kind, src []byte) []Issue {
	t.Helper()
	doc := toml.Parse(src)
	issues := For(k).Validate(doc)
	prev := 0
	for i, is := range issues {
		if is.Kind < Unknown || is.Kind > Duplicate {
			t.Fatalf("issue %d has kind %d", i, is.Kind)
		}
		if (is.Kind == Pattern || is.Kind == Duplicate) && is.Tag == "" {
			t.Fatalf("issue %d (%v at %v) has no tag", i, is.Kind, is.Path)
		}
		r := is.Range
		if r.Start < 0 || r.Start > r.End || r.End > len(src) {
			t.Fatalf("issue %d (%v) range %v outside the %d-byte source", i, is.Kind, r, len(src))
		}
		if r.Start < prev {
			t.Fatalf("issue %d (%v) at %d comes after one at %d", i, is.Kind, r.Start, prev)
		}
		prev = r.Start
		if is.Kind == Duplicate && (is.First.Start < 0 || is.First.End > len(src)) {
			t.Fatalf("duplicate's first occurrence %v outside the source", is.First)
		}
	}
	again := For(k).Validate(toml.Parse(src))
	if len(again) != len(issues) {
		t.Fatalf("second run: %d issues, first %d", len(again), len(issues))
	}
	for i := range again {
		a, b := issues[i], again[i]
		if a.Kind != b.Kind || a.Tag != b.Tag || a.Section != b.Section || a.Key != b.Key || a.Range != b.Range || a.Name != b.Name {
			t.Fatalf("second run differs at %d: %+v vs %+v", i, a, b)
		}
	}
	return issues
}
