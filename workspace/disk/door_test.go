package disk

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden are the functions that reach the file system by a path. Only
// this package may call them: everything else goes through the door, so
// what the tool can touch is decided in one place.
var forbidden = map[string]map[string]bool{
	"os": set("Open", "OpenFile", "Create", "CreateTemp", "MkdirTemp", "ReadFile", "WriteFile",
		"ReadDir", "Lstat", "Stat", "Readlink", "Remove", "RemoveAll", "Rename", "Mkdir", "MkdirAll",
		"Symlink", "Link", "Chmod", "Chown", "Lchown", "Chtimes", "Truncate", "DirFS", "OpenRoot",
		"OpenInRoot", "CopyFS", "Chdir"),
	"path/filepath": set("Walk", "WalkDir", "EvalSymlinks", "Glob"),
	"io/ioutil":     nil, // every function
	// the system call packages, but for signals and process identity
	"syscall":               nil,
	"golang.org/x/sys/unix": nil,
}

// allowedSyscall reports names of the system call packages that touch no
// file: signals, process and user ids, the size of the terminal an open
// standard output is (it opens nothing).
func allowedSyscall(name string) bool {
	switch name {
	case "Signal", "Kill", "Getpid", "Getppid", "Getuid", "Geteuid", "Getgid", "Getegid", "WaitStatus",
		"IoctlGetWinsize", "TIOCGWINSZ":
		return true
	}
	return strings.HasPrefix(name, "SIG")
}

// productDirs are the top-level directories of the tool's own packages.
var productDirs = map[string]bool{"cmd": true, "lint": true, "lsp": true, "schema": true, "workspace": true}

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// violations lists the forbidden calls in one parsed file.
func violations(fset *token.FileSet, f *ast.File) []string {
	imported := map[string]string{} // local name -> import path
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := forbidden[p]; !ok {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imported[name] = p
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || x.Obj != nil {
			return true
		}
		p, ok := imported[x.Name]
		if !ok {
			return true
		}
		if (p == "syscall" || p == "golang.org/x/sys/unix") && allowedSyscall(sel.Sel.Name) {
			return true
		}
		if names := forbidden[p]; names == nil || names[sel.Sel.Name] {
			out = append(out, fset.Position(sel.Pos()).String()+": "+p+"."+sel.Sel.Name)
		}
		return true
	})
	return out
}

// TestOneDoor fails when a package other than this one reaches the file
// system by itself. Tests may (they build the trees the door is tested on).
func TestOneDoor(t *testing.T) {
	module, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	door, _ := filepath.Abs(".")
	fset := token.NewFileSet()
	files := 0
	var bad []string
	err = filepath.WalkDir(module, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p == door || name == "testdata" || name == "node_modules" || (strings.HasPrefix(name, ".") && p != module) {
				return filepath.SkipDir
			}
			// the product's packages; editors/ holds the editor
			// integrations and the release tooling, which never read a
			// workspace
			if filepath.Dir(p) == module && !productDirs[name] {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		bad = append(bad, violations(fset, f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("only %d Go files found under %s: the scan is looking in the wrong place", files, module)
	}
	for _, b := range bad {
		t.Errorf("%s: reach the file system through workspace/disk", strings.TrimPrefix(b, module+string(filepath.Separator)))
	}
}

// TestOneDoorCatches proves the scan sees each way a call can be written.
func TestOneDoorCatches(t *testing.T) {
	src := `package p
import (
	"os"
	fp "path/filepath"
	"syscall"
)
func f() {
	os.ReadFile("x")
	_ = os.Getwd
	fp.WalkDir(".", nil)
	syscall.Open("x", 0, 0)
	open := os.Open
	_ = open
	_ = syscall.SIGTERM
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := violations(fset, f)
	var names []string
	for _, v := range got {
		names = append(names, v[strings.LastIndex(v, " ")+1:])
	}
	want := "os.ReadFile path/filepath.WalkDir syscall.Open os.Open"
	if strings.Join(names, " ") != want {
		t.Errorf("caught %v, want %s", names, want)
	}
}
