package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// maxCoreFiles bounds the files at lint/'s top level that are not a rule
// (rule_<id>.go): the catalogue's core (Rule, Check, Context, Finding,
// settings, suppressions, the words of messages). A subsystem goes into a
// sub-package named after it (lint/fix, lint/credential, lint/legacy).
const maxCoreFiles = 15

// ruleFileOf is the file that declares the rule.
func ruleFileOf(id string) string { return "rule_" + strings.ReplaceAll(id, "-", "_") + ".go" }

// topLevelGo lists the non-test Go files of lint/'s top level.
func topLevelGo(t *testing.T) []string {
	t.Helper()
	all, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range all {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// ruleConsts maps each Rule* constant of ids.go to its id.
func ruleConsts(t *testing.T, fset *token.FileSet) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(fset, "ids.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok {
					out[n.Name], _ = strconv.Unquote(lit.Value)
				}
			}
		}
	}
	return out
}

// registered returns the ids of the rules the file registers, and the doc
// comment of the declaration that registers each: register(&Rule{...}),
// or register(&ruleX) of a Rule value ruleX the file declares (a value in
// the program's data, not made when the process starts).
func registered(t *testing.T, fset *token.FileSet, file string, consts map[string]string) (ids []string, docs map[string]string) {
	t.Helper()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	// the Rule values the file declares, with their declarations' docs
	values := map[string]*ast.CompositeLit{}
	valueDocs := map[string]*ast.CommentGroup{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, v := range vs.Values {
				if lit, ok := v.(*ast.CompositeLit); ok && i < len(vs.Names) {
					if typ, ok := lit.Type.(*ast.Ident); ok && typ.Name == "Rule" {
						values[vs.Names[i].Name], valueDocs[vs.Names[i].Name] = lit, g.Doc
					}
				}
			}
		}
	}
	docs = map[string]string{}
	for _, d := range f.Decls {
		var doc *ast.CommentGroup
		switch d := d.(type) {
		case *ast.FuncDecl:
			doc = d.Doc
		case *ast.GenDecl:
			doc = d.Doc
		}
		ast.Inspect(d, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "register" {
				return true
			}
			arg, ok := call.Args[0].(*ast.UnaryExpr)
			var lit *ast.CompositeLit
			doc := doc
			if ok {
				switch x := arg.X.(type) {
				case *ast.CompositeLit:
					lit = x
				case *ast.Ident:
					lit = values[x.Name]
					if doc == nil || doc.Text() == "" {
						doc = valueDocs[x.Name]
					}
				}
			}
			if lit == nil {
				t.Errorf("%s: register takes &Rule{...} or the address of a Rule value the file declares", fset.Position(call.Pos()))
				return true
			}
			for _, el := range lit.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok || kv.Key.(*ast.Ident).Name != "ID" {
					continue
				}
				name, ok := kv.Value.(*ast.Ident)
				if !ok || consts[name.Name] == "" {
					t.Errorf("%s: a rule's ID is a Rule* constant of ids.go", fset.Position(kv.Pos()))
					continue
				}
				ids = append(ids, consts[name.Name])
				docs[consts[name.Name]] = doc.Text()
			}
			return true
		})
	}
	return ids, docs
}

// TestRooms holds lint/ to its layout: the catalogue at the top, one rule
// per file named after it with its test beside it, and no more than
// maxCoreFiles other files.
func TestRooms(t *testing.T) {
	fset := token.NewFileSet()
	consts := ruleConsts(t, fset)
	docs := map[string]string{}
	var core []string
	for _, file := range topLevelGo(t) {
		ids, d := registered(t, fset, file, consts)
		for id, doc := range d {
			docs[id] = doc
		}
		if !strings.HasPrefix(file, "rule_") {
			core = append(core, file)
			if len(ids) > 0 {
				t.Errorf("%s registers %v: a rule is declared in its own rule_<id>.go", file, ids)
			}
			continue
		}
		if len(ids) != 1 || ruleFileOf(ids[0]) != file {
			t.Errorf("%s registers %v: a rule file declares exactly the rule it is named after", file, ids)
		}
	}
	if len(core) > maxCoreFiles {
		t.Errorf("%d files at lint/'s top level are not a rule, want at most %d: put a subsystem in a sub-package\n%s",
			len(core), maxCoreFiles, strings.Join(core, "\n"))
	}
	for _, r := range Rules() {
		if _, err := os.Stat(ruleFileOf(r.ID)); err != nil {
			t.Errorf("rule %s has no file %s", r.ID, ruleFileOf(r.ID))
		}
		if _, ok := docs[r.ID]; !ok {
			t.Errorf("rule %s is not registered in %s", r.ID, ruleFileOf(r.ID))
		}
		if r.Doctor {
			continue // lint/doctor's tests run the doctor rules
		}
		if _, err := os.Stat(strings.TrimSuffix(ruleFileOf(r.ID), ".go") + "_test.go"); err != nil {
			t.Errorf("rule %s has no test file %s", r.ID, strings.TrimSuffix(ruleFileOf(r.ID), ".go")+"_test.go")
		}
	}
	tests, _ := filepath.Glob("rule_*_test.go")
	for _, file := range tests {
		stem := strings.TrimSuffix(file, "_test.go")
		named := false
		for id := range registry() {
			rf := strings.TrimSuffix(ruleFileOf(id), ".go")
			if stem == rf || strings.HasPrefix(stem, rf+"_") {
				named = true
			}
		}
		if !named {
			t.Errorf("%s is named after no rule", file)
		}
	}
	checkDoctorRules(t, fset, consts, docs)
}

// doctorCheck is how a doctor rule's declaration names the function of
// lint/doctor that checks it.
var doctorCheck = regexp.MustCompile("Checked in lint/doctor by `([^`]+)`")

// checkDoctorRules: each doctor rule is declared in the catalogue (so that
// `rules`, `explain`, RULES.md, the LSP and MCP list it without lint/doctor
// being linked in) and its declaration names the function of lint/doctor
// that checks it; that function exists and reports the rule.
func checkDoctorRules(t *testing.T, fset *token.FileSet, consts map[string]string, docs map[string]string) {
	t.Helper()
	pkgFiles, err := filepath.Glob(filepath.Join("doctor", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	// the functions of lint/doctor, by name ((*run).scaffold for a method),
	// with the rule ids they name
	names := map[string]map[string]bool{}
	for _, file := range pkgFiles {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil {
				recv := fn.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					name = "(*" + star.X.(*ast.Ident).Name + ")." + name
				} else {
					name = recv.(*ast.Ident).Name + "." + name
				}
			}
			ids := map[string]bool{}
			ast.Inspect(fn, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "lint" && consts[sel.Sel.Name] != "" {
						ids[consts[sel.Sel.Name]] = true
					}
				}
				return true
			})
			names[name] = ids
		}
	}
	n := 0
	for _, r := range Rules() {
		if !r.Doctor {
			continue
		}
		n++
		m := doctorCheck.FindStringSubmatch(strings.ReplaceAll(docs[r.ID], "\n", " "))
		if m == nil {
			t.Errorf("%s: the doctor rule's declaration says \"Checked in lint/doctor by `FUNC`\"", ruleFileOf(r.ID))
			continue
		}
		ids, ok := names[m[1]]
		if !ok {
			t.Errorf("%s names %s, which lint/doctor does not have", ruleFileOf(r.ID), m[1])
			continue
		}
		if !ids[r.ID] {
			t.Errorf("%s names %s, which does not report %s", ruleFileOf(r.ID), m[1], r.ID)
		}
	}
	if n < 11 {
		t.Errorf("the catalogue lists %d doctor rules, want the 11 lint/doctor checks", n)
	}
}
