package lint

import (
	"cmp"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated files: RULES.md, the fuzz seed corpus under testdata/fuzz/")

// TestRulesMarkdown keeps lint/RULES.md in step with the catalog.
func TestRulesMarkdown(t *testing.T) {
	want := CatalogMarkdown()
	if *update {
		if err := os.WriteFile("RULES.md", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("RULES.md is out of date: run `go test ./lint -run TestRulesMarkdown -update`")
	}
}

// TestCatalogComplete checks every rule documents itself.
func TestCatalogComplete(t *testing.T) {
	for _, r := range Rules() {
		if r.Summary == "" || r.Doc == "" || r.Severity == "" || r.Stage == "" {
			t.Errorf("%s: summary, doc, severity and stage are required", r.ID)
		}
		if r.ID != strings.ToLower(r.ID) || strings.ContainsAny(r.ID, " _") {
			t.Errorf("%s: rule ids are kebab-case", r.ID)
		}
		if r.check == nil && r.ID != "unused-suppression" && !r.Doctor && !r.Unread && r.Folds == "" {
			t.Errorf("%s: no check", r.ID)
		}
	}
}

// TestExplainDoctorChecks checks that explain does not give a workspace
// check a config stage or offer a line suppression that cannot apply.
func TestExplainDoctorChecks(t *testing.T) {
	n := 0
	for _, r := range Rules() {
		text := Explain(r)
		if r.Doctor {
			n++
			for _, bad := range []string{"Stage: submit", "Stage: platform", "Stage: runtime", "Stage: advice", "rejects the config", "# osmosis-lint: ignore["} {
				if strings.Contains(text, bad) {
					t.Errorf("explain %s says %q:\n%s", r.ID, bad, text)
				}
			}
		}
		if !r.Suppressible() && strings.Contains(text, "ignore["+r.ID+"]") {
			t.Errorf("explain %s offers a suppression comment the rule does not honour", r.ID)
		}
	}
	if n == 0 {
		t.Fatal("no doctor checks in the catalog")
	}
}

// TestRulesOrder holds the catalog's order to a plain sort of it: the
// doctor's rules after the others, then by stage, then by id; and to the
// same order from the rules registered in any order.
func TestRulesOrder(t *testing.T) {
	want := slices.Clone(registration)
	slices.SortFunc(want, func(a, b *Rule) int {
		if a.Doctor != b.Doctor {
			if a.Doctor {
				return 1
			}
			return -1
		}
		if c := cmp.Compare(stageRank(a.Stage), stageRank(b.Stage)); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	if got := Rules(); !slices.Equal(got, want) {
		t.Errorf("the catalog is not in order")
	}
	if len(want) != len(registry()) {
		t.Errorf("%d rules registered, %d in the catalog", len(want), len(registry()))
	}
	saved := registration
	defer func() { registration = saved }()
	registration = slices.Clone(saved)
	slices.Reverse(registration)
	if got := sortRules(); !slices.Equal(got, want) {
		t.Errorf("the catalog is not in order from the rules registered backwards")
	}
}
