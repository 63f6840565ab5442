package toml

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOneParser fails when a package other than this one imports go-toml:
// every TOML file the tool reads goes through Parse, whose agreement with
// Python's tomllib (what the osmosis CLI reads with) the tests here prove.
func TestOneParser(t *testing.T) {
	module, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	self, _ := filepath.Abs(".")
	fset := token.NewFileSet()
	files := 0
	err = filepath.WalkDir(module, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p == self || name == "testdata" || name == "node_modules" || (strings.HasPrefix(name, ".") && p != module) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "github.com/pelletier/go-toml") {
				rel, _ := filepath.Rel(module, p)
				t.Errorf("%s imports %s: read TOML with schema/toml.Parse", rel, path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("only %d Go files found under %s: the scan is looking in the wrong place", files, module)
	}
}
