package lint

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

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
		if r.check == nil && r.ID != "unused-suppression" && !r.Doctor {
			t.Errorf("%s: no check", r.ID)
		}
	}
}
