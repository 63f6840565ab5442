package python

import (
	"strings"
	"testing"
)

// TestNestingIsLinear: nested brackets in expressions, targets and
// patterns are read in time linear in their depth (memoized rules): the
// count of token looks grows with the depth, not with 2 to its power.
func TestNestingIsLinear(t *testing.T) {
	shapes := map[string]func(n int) string{
		"parens": func(n int) string { return strings.Repeat("(", n) + "x" + strings.Repeat(")", n) + "\n" },
		"target": func(n int) string { return strings.Repeat("(", n) + "a, b" + strings.Repeat(")", n) + " = c\n" },
		"list":   func(n int) string { return strings.Repeat("[", n) + "a" + strings.Repeat("]", n) + " = c\n" },
		"pattern": func(n int) string {
			return "match x:\n case " + strings.Repeat("(", n) + "a" + strings.Repeat(")", n) + ":\n  pass\n"
		},
		"unclosed": func(n int) string { return "match x:\n case " + strings.Repeat("(", n) + "a\n" },
		"lambda":   func(n int) string { return strings.Repeat("lambda: ", n) + "0\n" },
		"dict":     func(n int) string { return strings.Repeat("{a: ", n) + "0" + strings.Repeat("}", n) + "\n" },
		"call":     func(n int) string { return strings.Repeat("f(", n) + "x" + strings.Repeat(")", n) + "\n" },
		"fstring":  func(n int) string { return strings.Repeat("f\"{", n) + "x" + strings.Repeat("}\"", n) + "\n" },
		"default":  func(n int) string { return strings.Repeat("lambda x=(", n) + "0" + strings.Repeat("): 0", n) + "\n" },
		"slice":    func(n int) string { return strings.Repeat("a[b:", n) + "0" + strings.Repeat("]", n) + "\n" },
		"with": func(n int) string {
			return "with " + strings.Repeat("(", n) + "a" + strings.Repeat(")", n) + " as b:\n pass\n"
		},
		"subscript": func(n int) string {
			return strings.Repeat("a[", n) + "0" + strings.Repeat("]", n) + "\n"
		},
	}
	for name, shape := range shapes {
		looks := func(n int) int {
			prep, _, _ := prepare([]byte(shape(n)))
			lx := newLexer(prep)
			lx.run()
			p := newParser(prep, lx.toks)
			counter := &countingLooks{}
			p.looks = &counter.n
			p.run()
			return counter.n
		}
		small, large := looks(20), looks(40)
		if large > 3*small {
			t.Errorf("%s: %d token looks at depth 20, %d at 40: not linear", name, small, large)
		}
	}
}

type countingLooks struct{ n int }
