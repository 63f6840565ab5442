package lint

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// TestRuleIDConstants checks that ids.go declares exactly the registered
// rules, so every id a package names through a constant exists.
func TestRuleIDConstants(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "ids.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var consts []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			consts = append(consts, s)
		}
		return true
	})
	sort.Strings(consts)
	if got, want := strings.Join(consts, " "), strings.Join(RuleIDs(), " "); got != want {
		t.Errorf("ids.go declares\n  %s\nthe catalog has\n  %s", got, want)
	}
}

// TestOnlyLintSpellsRuleIDs fails when a package other than lint writes a
// rule id as a string literal instead of naming its constant.
func TestOnlyLintSpellsRuleIDs(t *testing.T) {
	ids := map[string]bool{}
	for _, id := range RuleIDs() {
		ids[id] = true
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	here, _ := filepath.Abs(".")
	files := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || filepath.Dir(p) == here {
			return nil
		}
		files++
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && ids[s] {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s:%d spells the rule id %q: use lint's constant", rel, fset.Position(lit.Pos()).Line, s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("looked at only %d Go files under %s", files, root)
	}
}

// TestSchemaAnnotationsNameRules checks that every rule the schemas'
// x-osmosis-rule and x-osmosis-unknown-rule annotations name exists.
func TestSchemaAnnotationsNameRules(t *testing.T) {
	seen := 0
	for _, k := range schema.Kinds() {
		var doc any
		if err := json.Unmarshal(schema.For(k).JSON(), &doc); err != nil {
			t.Fatal(err)
		}
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				for key, x := range v {
					if key == "x-osmosis-rule" || key == "x-osmosis-unknown-rule" {
						seen++
						if _, ok := Lookup(x.(string)); !ok {
							t.Errorf("%s schema: %s names the unknown rule %q", k, key, x)
						}
					}
					walk(x)
				}
			case []any:
				for _, x := range v {
					walk(x)
				}
			}
		}
		walk(doc)
	}
	if seen < 10 {
		t.Fatalf("found only %d rule annotations", seen)
	}
}

// TestIssueRule checks the table from schema issues to rules on the
// conformance corpus: every issue maps to a registered rule, and every
// kind of issue occurs.
func TestIssueRule(t *testing.T) {
	kinds := map[schema.IssueKind]bool{}
	for _, c := range loadCases(t, "testdata/conformance/cases.json") {
		k, _ := schema.ParseKind(c.Kind)
		for _, is := range schema.For(k).Validate(toml.Parse(c.source(t))) {
			kinds[is.Kind] = true
			id := IssueRule(is)
			if _, ok := Lookup(id); !ok {
				t.Errorf("%s: issue %v at %v maps to %q, not a rule", c.ID, is.Kind, is.Path, id)
			}
		}
	}
	for k := schema.Unknown; k <= schema.Duplicate; k++ {
		if !kinds[k] {
			t.Errorf("no conformance case has an issue of kind %v", k)
		}
	}
}
