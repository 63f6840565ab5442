package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// openPython sends didOpen for a Python file, as editors do.
func (c *client) openPython(path, text string) {
	c.t.Helper()
	c.mu.Lock()
	c.nextVer[path] = 1
	c.mu.Unlock()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": docURI(path), "languageId": "python", "version": 1, "text": text,
	}})
}

// TestPythonDiagnostics: a rollout's Python file that the import of a
// config's entrypoint executes gets the entrypoint-syntax and
// entrypoint-import findings at its own lines, cleared by the fix; other
// Python files get nothing.
func TestPythonDiagnostics(t *testing.T) {
	root := newWorkspace(t, map[string]string{
		"rollouts/multiply-agent/helpers.py": "def normalize(t):\n    return t\n",
		"rollouts/multiply-agent/scratch.py": "x = 1\n",
		"tools/build.py":                     "x = 1\n",
	})
	outside := filepath.Join(t.TempDir(), "rollouts", "multiply-agent", "main.py")
	writeFile(t, outside, "x = 1\n")
	c := start(t, root, caps{})

	main := filepath.Join(root, "rollouts", "multiply-agent", "main.py")
	c.openPython(main, "import helpers\n\ndef run(:\n    pass\n")
	p := c.waitVersion(main, 1)
	if got := codes(p.Diagnostics); !slices.Equal(got, []string{"entrypoint-syntax"}) {
		t.Fatalf("syntax error: %v", got)
	}
	d := p.Diagnostics[0]
	if want := span(2, 8, 2, 9); d.Range != want {
		t.Errorf("syntax error at %+v, want %+v (CPython's line 3, column 9)", d.Range, want)
	}
	if d.Severity != 1 || !strings.Contains(d.Message, "does not compile") || !strings.Contains(d.Message, "(rejected at submit)") {
		t.Errorf("diagnostic %+v", d)
	}

	v := c.change(main, whole("import helpers\n\ndef run(x):\n    pass\n"))
	if p = c.waitVersion(main, v); len(p.Diagnostics) != 0 {
		t.Errorf("fixed: %v", codes(p.Diagnostics))
	}

	v = c.change(main, whole("import helpers\nfrom helpers import normalize, parse_answer\n"))
	p = c.waitVersion(main, v)
	if got := codes(p.Diagnostics); !slices.Equal(got, []string{"entrypoint-import"}) {
		t.Fatalf("missing name: %v", got)
	}
	if d := p.Diagnostics[0]; d.Range != span(1, 0, 1, 43) || !strings.Contains(d.Message, "parse_answer") {
		t.Errorf("missing name: %+v", d)
	}
	v = c.change(main, whole("import helpers\nfrom helpers import normalize\n"))
	if p = c.waitVersion(main, v); len(p.Diagnostics) != 0 {
		t.Errorf("fixed: %v", codes(p.Diagnostics))
	}

	// a module the entrypoint imports (the other files as saved), as the
	// editor holds it
	writeFile(t, main, "import helpers\n")
	helpers := filepath.Join(root, "rollouts", "multiply-agent", "helpers.py")
	c.openPython(helpers, "def normalize(t:\n")
	if got := codes(c.waitVersion(helpers, 1).Diagnostics); !slices.Equal(got, []string{"entrypoint-syntax"}) {
		t.Errorf("imported module: %v", got)
	}

	// a rollout file no entrypoint's import executes, a Python file
	// outside rollouts/ and one outside the workspace: never published
	quiet := []string{
		filepath.Join(root, "rollouts", "multiply-agent", "scratch.py"),
		filepath.Join(root, "tools", "build.py"),
		outside,
	}
	for _, f := range quiet {
		c.openPython(f, "def run(:\n")
	}
	c.settle(300 * 1e6)
	for _, f := range quiet {
		if pubs := c.publications(f); len(pubs) != 0 {
			t.Errorf("%s: published %+v", f, pubs)
		}
	}
}

// TestPullPythonDiagnostics: a pull for a rollout's Python file gives its
// findings; a file that compiles, none.
func TestPullPythonDiagnostics(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{pull: true})
	main := filepath.Join(root, "rollouts", "multiply-agent", "main.py")
	var rep fullReport
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(main)}, &rep)
	if rep.Kind != "full" || len(rep.Items) != 0 {
		t.Errorf("a file that compiles: %+v", rep)
	}
	c.openPython(main, "if True:\nreturn\n")
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(main)}, &rep)
	if got := codes(rep.Items); !slices.Equal(got, []string{"entrypoint-syntax"}) || rep.Items[0].Range.Start != at(1, 0) {
		t.Errorf("open with a body not indented: %+v", rep.Items)
	}
}
