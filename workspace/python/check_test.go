package python

import "testing"

// The reader's verdicts on small sources of its own, with compile()'s
// positions (3.13's) written down: the reader must give them where it
// says its position is exact. TestOwnCasesOracle checks them against
// compile() itself where a Python is installed.
var ownCases = []struct {
	src       string
	status    Status
	line, col int
}{
	{"x = 1\n", Clean, 0, 0},
	{"def run(:\n  pass\n", Invalid, 1, 9},
	{"def f():\nreturn 1\n", Invalid, 2, 1},
	{"from __future__ import braces\n", Invalid, 1, 1},
	{"\"\"\"doc\"\"\"\nfrom __future__ import annotations, nope\n", Invalid, 2, 1},
	{"from __future__ import *\n", Invalid, 1, 1},
	{"import os\nfrom __future__ import braces\n", Clean, 0, 0},
	{"if x:\n\tif y:\n        pass\n", Invalid, 3, 1},
	{"x = '\xff'\n", Invalid, 1, 5},
	{"# \xff\nx = 1\n", Clean, 0, 0},
	{"x = 1\x00\n", Invalid, 0, 0},
	{"f(1,\n", Invalid, 1, 2},
	{"x = (1,\n\ny = 2\n", Invalid, 1, 5},
	{"\xef\xbb\xbfx = 1\n", Clean, 0, 0},
	{"# coding: latin-1\nx = '\xff'\n", Undecided, 0, 0},
	{"if 1:\n  x\n y\n", Invalid, 3, 3},
	{"  x\n", Invalid, 1, 2},
	{"x = 'abc\n", Invalid, 1, 5},
	{"x = '''abc\n", Invalid, 1, 5},
	{"a = 1_\n", Invalid, 1, 6},
	{"a = 0777\n", Invalid, 1, 5},
	{"x = $\n", Invalid, 1, 5},
	{"f'{'\n", Invalid, 1, 4},
	{"x = 1)\n", Invalid, 1, 6},
	{"(]\n", Invalid, 1, 2},
	{"x = 1 \\ 2\n", Invalid, 1, 8},
	{"x=1\n\\", Invalid, 2, 2},
	{"f\"{a!=b}\"\n", Clean, 0, 0},
	{"f\"{x:{w}.{p}}\"\n", Clean, 0, 0},
	{"f\"{x!z}\"\n", Invalid, 1, 6},
	{"f\"}\"\n", Invalid, 1, 3},
	{"x = \"a\" b\"b\"\n", Invalid, 1, 13},
	{"b\"\xc3\xa9\"\n", Invalid, 1, 1},
	{"\xe2\x82\xac = 1\n", Invalid, 1, 1},
	{"x = 1 +\ny = (\n", Invalid, 1, 8},
	{"match x:\n    case [1, *rest] if rest:\n        pass\n    case {\"a\": 1, **kw}:\n        pass\n    case Point(x=0) | None:\n        pass\n", Clean, 0, 0},
	{"match = 1\nmatch(x)\ntype = 2\ntype X[T: int = str] = list[T]\n", Clean, 0, 0},
	{"def f[T, *Ts, **P](a, /, b=1, *args: *Ts, c, **kw) -> T: ...\n", Clean, 0, 0},
	{"try:\n    pass\nexcept* ValueError as e:\n    pass\n", Clean, 0, 0},
	{"with (open(a) as f, open(b) as g,):\n    pass\n", Clean, 0, 0},
	{"lambda x=1, /, *a, k, **kw: 0\n", Clean, 0, 0},
	{"def f(a=1, b): pass\n", Invalid, 1, 12},
	{"f(a=1, b)\n", Invalid, 1, 9},
	{"x = [i for i in range(3) if i]\n", Clean, 0, 0},
	{"print 'hello'\n", Invalid, 1, 1},
}

func TestOwnCases(t *testing.T) {
	for _, c := range ownCases {
		r := Check([]byte(c.src))
		if r.Status != c.status {
			t.Errorf("%q: status %d, want %d (%+v)", c.src, r.Status, c.status, r.Err)
			continue
		}
		if c.status == Invalid && r.Exact && (r.Err.Line != c.line || r.Err.Col != c.col) {
			t.Errorf("%q: at %d:%d, want %d:%d (%s)", c.src, r.Err.Line, r.Err.Col, c.line, c.col, r.Err.Msg)
		}
	}
}

// TestOwnCasesOracle holds the written-down positions to compile()'s.
func TestOwnCasesOracle(t *testing.T) {
	procs := oracles(t)
	for _, c := range ownCases {
		if c.status == Undecided {
			continue
		}
		v := procs[len(procs)-1].compile(t, []byte(c.src))
		if v.OK != (c.status == Clean) {
			if c.status == Clean && !v.OK {
				continue // compile() refuses it at a stage the reader does not check
			}
			t.Errorf("%q: compile() ok=%v, case says %d", c.src, v.OK, c.status)
			continue
		}
		if !v.OK && (v.Line != c.line || v.Col != c.col) {
			t.Errorf("%q: compile() at %d:%d, case says %d:%d", c.src, v.Line, v.Col, c.line, c.col)
		}
	}
}
