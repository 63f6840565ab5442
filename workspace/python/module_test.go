package python

import (
	"reflect"
	"strings"
	"testing"
)

func TestReadImports(t *testing.T) {
	src := "\"\"\"doc\"\"\"\nimport os, a.b as c\nfrom . import tools\nfrom ..pkg.mod import x as y, z\nfrom .main import *\nif x:\n    import hidden\ndef f():\n    from helpers import nope\n"
	m := Read([]byte(src))
	if m.Result.Status != Clean {
		t.Fatalf("status %d: %+v", m.Result.Status, m.Result.Err)
	}
	want := []Import{
		{Line: 2, Col: 1, Module: "os"},
		{Line: 2, Col: 1, Module: "a.b"},
		{Line: 3, Col: 1, Level: 1, From: []string{"tools"}},
		{Line: 4, Col: 1, Level: 2, Module: "pkg.mod", From: []string{"x", "z"}},
		{Line: 5, Col: 1, Level: 1, Module: "main", Star: true},
	}
	if !reflect.DeepEqual(m.Imports, want) {
		t.Errorf("imports:\n got %+v\nwant %+v", m.Imports, want)
	}
	if !m.Dynamic {
		t.Error("a * import makes the module dynamic")
	}
	for _, name := range []string{"os", "tools", "f", "nope", "y"} {
		if !m.Names[name] {
			t.Errorf("%s is not among the names", name)
		}
	}
	if m.Names["import"] {
		t.Error("keywords are not names")
	}
	if d := Read([]byte("def __getattr__(name):\n    return 1\n")); !d.Dynamic {
		t.Error("a module __getattr__ makes the module dynamic")
	}
	if s := Read([]byte("x = 1\n")); s.Dynamic {
		t.Error("a plain module is not dynamic")
	}
}

func TestReadDeferredAndCalls(t *testing.T) {
	src := "import a\n" +
		"def f(ctx):\n    import b\n    if x:\n        import c\n    try:\n        import d\n    except ImportError:\n        pass\n    class K:\n        from e import g\n    ctx.set_sample_reward(1)\n" +
		"class C:\n    import h\n    async def m(self):\n        from . import i\n        return self.x.y ( 2 )\n" +
		"with z:\n    import j\n" +
		"obj.call()\nf'{o.fmt()}'\nfrom . import (k)\nx = o.attr\n"
	m := Read([]byte(src))
	if m.Result.Status != Clean {
		t.Fatalf("status %d: %+v", m.Result.Status, m.Result.Err)
	}
	var deferred []string
	for _, imp := range m.Deferred {
		deferred = append(deferred, strings.Repeat(".", imp.Level)+imp.Module+strings.Join(imp.From, ","))
	}
	if want := []string{"b", "eg", ".i"}; !reflect.DeepEqual(deferred, want) {
		t.Errorf("deferred imports %q, want %q", deferred, want)
	}
	want := []Call{{"set_sample_reward", 12, 9}, {"y", 17, 23}, {"call", 20, 5}, {"fmt", 21, 6}}
	if !reflect.DeepEqual(m.Calls, want) {
		t.Errorf("calls:\n got %+v\nwant %+v", m.Calls, want)
	}
	if !m.Defs["f"] || !m.Defs["m"] || m.Defs["C"] || m.Defs["a"] {
		t.Errorf("defs %v", m.Defs)
	}
}
