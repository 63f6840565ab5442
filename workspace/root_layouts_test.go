package workspace_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/roottest"
)

// TestRootLayouts: the policy's answer for each layout of the table the
// doors are proven on.
func TestRootLayouts(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		f, err := workspace.Root(roottest.Abs(base, l.Path))
		if l.None {
			if !errors.Is(err, workspace.ErrNoWorkspace) {
				t.Fatalf("Root = %+v, %v; want ErrNoWorkspace", f, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if f.Root != roottest.Abs(base, l.Root) || f.GitRoot != roottest.Abs(base, l.Git) || f.Scaffold != l.Scaffold {
			t.Errorf("Root = %s, git %s, scaffold %v; want %s, git %s, scaffold %v", f.Root, f.GitRoot, f.Scaffold, l.Root, l.Git, l.Scaffold)
		}
		if (f.NoScaffold() == nil) != l.Scaffold {
			t.Errorf("NoScaffold() = %v with scaffold %v", f.NoScaffold(), l.Scaffold)
		}
		if f.Bound() == "" || !strings.HasPrefix(f.Root, f.Bound()) {
			t.Errorf("Bound() = %s does not hold the root %s", f.Bound(), f.Root)
		}
	})
}

// TestFindBelowLayouts: each workspace FindBelow lists below a folder is
// one Root finds for itself.
func TestFindBelowLayouts(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		below, _ := workspace.FindBelow(base)
		for _, r := range below {
			if f, err := workspace.Root(r); err != nil || f.Root != r || !f.Scaffold {
				t.Errorf("FindBelow lists %s, which Root takes for %+v, %v", r, f, err)
			}
		}
		if f, err := workspace.Root(roottest.Abs(base, l.Path)); err == nil && f.Scaffold && !strings.Contains(l.Path, "link") && len(below) == 0 {
			t.Errorf("FindBelow lists nothing; Root finds %s", f.Root)
		}
	})
}

// TestOneRootPolicy fails when code outside the workspace package finds a
// workspace root by itself: each door asks workspace.Root, and only the
// language server's folder scan asks FindBelow (which workspaces lie
// below a folder), so no door can answer differently for the same path.
func TestOneRootPolicy(t *testing.T) {
	module, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// the functions that answer "which workspace is this path in"
	finders := map[string]bool{"Root": true, "FindBelow": true}
	// the doors, by package directory: each asks workspace.Root
	doors := map[string]bool{"lint/runner": false, "lint/doctor": false, "lsp": false,
		"cmd/internal/agenthook": false, "cmd/internal/mcpserver": false, "cmd/osmosis-lint": false}
	fset := token.NewFileSet()
	scanned := 0
	var bad []string
	err = filepath.WalkDir(module, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || name == "node_modules" || name == "editors" || strings.HasPrefix(name, ".") && p != module {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(module, p)
		rel = filepath.ToSlash(rel)
		if filepath.Dir(p) == filepath.Join(module, "workspace") {
			return nil // the policy itself
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		scanned++
		ws := ""
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "github.com/osmosis-lint/osmosis-lint/workspace" {
				ws = "workspace"
				if imp.Name != nil {
					ws = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok && ws != "" && id.Name == ws && finders[n.Sel.Name] {
					if _, door := doors[path.Dir(rel)]; door && n.Sel.Name == "Root" {
						doors[path.Dir(rel)] = true
					}
					if n.Sel.Name == "FindBelow" && path.Dir(rel) != "lsp" {
						bad = append(bad, fset.Position(n.Pos()).String()+": FindBelow outside the language server's folder scan")
					}
				}
			case *ast.CallExpr:
				// a walk looking for .git is a root finder of its own
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Join" || len(n.Args) == 0 || strings.HasPrefix(rel, "workspace/") {
					break
				}
				if lit, ok := n.Args[len(n.Args)-1].(*ast.BasicLit); ok && lit.Value == `".git"` {
					bad = append(bad, fset.Position(n.Pos()).String()+`: a path to .git outside workspace (ask workspace.Root)`)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 50 {
		t.Fatalf("only %d Go files scanned under %s", scanned, module)
	}
	for _, b := range bad {
		t.Error(strings.TrimPrefix(b, module+string(filepath.Separator)))
	}
	for dir, asks := range doors {
		if !asks {
			t.Errorf("%s does not ask workspace.Root for a root", dir)
		}
	}
}
