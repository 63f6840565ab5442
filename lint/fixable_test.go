package lint

import "testing"

// checkFixable holds a finding's fixes to its rule's Fixable: none when
// the rule declares none, only applicabilities it declares, and one at
// least when it says always.
func checkFixable(t testing.TB, f Finding) {
	t.Helper()
	r, ok := Lookup(f.Rule)
	if !ok {
		t.Fatalf("finding of unknown rule %q", f.Rule)
	}
	if r.Fixable.Always && len(f.Fixes) == 0 {
		t.Errorf("%s: no fix; the catalog says %s", formatFinding(f), r.Fixable)
	}
	for _, fx := range f.Fixes {
		if !r.Fixable.Has(fx.Applicability) {
			t.Errorf("%s: fix %q is %s; the catalog says %s", formatFinding(f), fx.Title, fx.Applicability, r.Fixable)
		}
	}
}

// TestFixableDeclared: each applicability a rule's Fixable declares has a
// case in the fix table, where TestFixes proves the fix (so the catalog's
// word is tested), and the table names none a rule does not declare.
func TestFixableDeclared(t *testing.T) {
	seen := map[string]map[Applicability]bool{}
	for _, c := range fixCaseTable() {
		if seen[c.rule] == nil {
			seen[c.rule] = map[Applicability]bool{}
		}
		seen[c.rule][c.applicability()] = true
	}
	for _, r := range Rules() {
		if r.Stage == StageSync {
			continue // their fixes need a git repository: TestDefaultBranchDiffersFix
		}
		for _, a := range r.Fixable.As {
			if !seen[r.ID][a] {
				t.Errorf("%s declares %s fixes, and the fix table has no case of one", r.ID, a)
			}
		}
		for a := range seen[r.ID] {
			if !r.Fixable.Has(a) {
				t.Errorf("%s: the fix table has a %s fix, and the catalog says %s", r.ID, a, r.Fixable)
			}
		}
	}
}
