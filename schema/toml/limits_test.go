package toml

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml/tomltest"
)

// TestLimits holds each limit at its edge: a document just within it has no
// error; one just past it has one syntax error, where reading stopped, and
// nothing from there on in the tree.
func TestLimits(t *testing.T) {
	t.Parallel()
	deep := func(prefix string, n int, suffix string) string {
		return prefix + strings.Repeat("a.", n-1) + "a" + suffix
	}
	items := func(n int) string { return "x = [" + strings.Repeat("1,", n) + "]\n" }
	keys := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "k%d = 1\n", i)
		}
		return b.String()
	}
	tables := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "[t%d]\n", i)
		}
		return b.String()
	}
	cases := []struct {
		name     string
		src      string
		stopAt   int    // offset of the limit error; -1: no error
		stopWord string // what the message names
	}{
		{"dotted key at the depth limit", deep("", MaxDepth, " = 1\n"), -1, ""},
		{"dotted key past the depth limit", deep("", MaxDepth+1, " = 1\n[experiment]\n"), 2 * MaxDepth, "nested"},
		{"header at the depth limit", deep("[", MaxDepth, "]\n"), -1, ""},
		{"header past the depth limit", deep("[", MaxDepth+1, "]\n"), 1 + 2*MaxDepth, "nested"},
		{"array of tables past the depth limit", deep("[[", MaxDepth+1, "]]\n"), 2 + 2*MaxDepth, "nested"},
		{"dotted key below a deep header", deep("[", MaxDepth-1, "]\n") + "b.c = 1\n", 2*MaxDepth - 1 + 3, "nested"},
		{"dotted key in an inline table", "x = {" + deep("", MaxDepth, " = 1}\n"), 5 + 2*(MaxDepth-2), "nested"},
		{"nested arrays past the depth limit", "x = " + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + "\n", 4 + MaxDepth - 1, "nested"},
		{"array items at the count limit", items(MaxItems - 1), -1, ""},
		{"array items past the count limit", items(MaxItems) + "[experiment]\n", 5 + 2*(MaxItems-1), "keys and array items"},
		{"keys at the count limit", keys(MaxItems), -1, ""},
		{"keys past the count limit", keys(MaxItems + 1), len(keys(MaxItems)), "keys and array items"},
		{"tables past the count limit", tables(MaxItems + 1), len(tables(MaxItems)) + 1, "keys and array items"},
		{"multi-line strings and comments are not counted", "x = \"\"\"\n" + strings.Repeat("[a.b.c]\n", MaxItems) + "\"\"\"\n# " + strings.Repeat("a.", MaxItems) + "\n", -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d := Parse([]byte(c.src))
			checkDocument(t, []byte(c.src), d)
			if c.stopAt < 0 {
				if len(d.Errors) > 0 {
					t.Fatalf("errors within the limits: %v", d.Errors[0])
				}
				return
			}
			if len(d.Errors) != 1 {
				t.Fatalf("want one error, got %d: %v", len(d.Errors), d.Errors)
			}
			e := d.Errors[0]
			if e.Range.Start != c.stopAt || !strings.Contains(e.Message, "stops reading the file here") || !strings.Contains(e.Message, c.stopWord) {
				t.Fatalf("error %v %q, want one at %d naming %q", e.Range, e.Message, c.stopAt, c.stopWord)
			}
			for _, s := range d.Stmts {
				if s.Range.End > c.stopAt && !s.Rejected {
					t.Fatalf("statement %v built past the stop at %d", s.Range, c.stopAt)
				}
			}
		})
	}
}

// TestLimitsKeepStatements checks that reading a statement at a time leaves
// multi-line values whole: strings, arrays and inline tables over several
// lines, with comments and brackets inside strings.
func TestLimitsKeepStatements(t *testing.T) {
	src := "a = [\n  1, # one ]\n  \"]\",\n  '''\n]'''\n]\nb = \"\"\"x\n\"\"\"\"\"\nc = { d = [\n1], e = \"}\" }\n[t . \"u]\"]\nf = 1979-05-27 07:32:00Z\n"
	d := Parse([]byte(src))
	for _, k := range []string{"a", "b", "c"} {
		if d.Root.Get(k) == nil {
			t.Errorf("key %s is missing", k)
		}
	}
	if _, v := d.Root.Lookup("t", "u]", "f"); v == nil || v.Kind != KindOffsetDateTime {
		t.Errorf("t.\"u]\".f is %v", v)
	}
	if _, v := d.Root.Lookup("b"); v == nil || v.Str != "x\n\"\"" {
		t.Errorf("b is %v", v)
	}
}

// TestParseMemoryBounded parses each shape and holds the heap it needs,
// sampled while it runs, and all it allocates, to 10 times the input plus
// a constant.
func TestParseMemoryBounded(t *testing.T) {
	for _, s := range tomltest.Shapes {
		t.Run(s.Name, func(t *testing.T) {
			src := s.Gen(scaled(s.Full))
			peak, total := tomltest.PeakHeap(func() { Parse(src) })
			limit := 10*uint64(len(src)) + 64<<20
			t.Logf("%d bytes: peak heap %d MiB, allocated %d MiB", len(src), peak>>20, total>>20)
			if peak > limit || total > limit {
				t.Errorf("%d bytes: peak heap %d MiB, allocated %d MiB; the bound is %d MiB", len(src), peak>>20, total>>20, limit>>20)
			}
		})
	}
}

// TestStatementsAgree reads the tomllib agreement cases, the hostile inputs
// and random token soups a statement at a time and all at once: the
// limiter must not change how a document within the limits reads.
func TestStatementsAgree(t *testing.T) {
	t.Parallel()
	for _, src := range tomllibCases(t) {
		checkStatements(t, src, Parse(src))
	}
	for _, h := range hostile {
		src := h.gen(scaled(h.full) / 16)
		checkStatements(t, src, Parse(src))
	}
	toks := []string{"[", "]", "[[", "]]", "{", "}", "=", ",", ".", "\n", "\r\n", " ", "a", "b.c", "\"s\"", "'x'", "\"\"\"", "'''", "\\", "1", "1979-05-27 07:32:00", "#", "true", "\"a\\\"b\"", "x = ", "\n[t]\n", "y = [\n"}
	for seed := range uint64(3000) {
		r := rand.New(rand.NewPCG(seed, 99))
		var b bytes.Buffer
		for range 5 + r.IntN(60) {
			b.WriteString(toks[r.IntN(len(toks))])
		}
		checkStatements(t, b.Bytes(), Parse(b.Bytes()))
	}
}
