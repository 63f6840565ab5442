package schema

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// schemaPatterns returns the distinct patterns of the three schemas.
func schemaPatterns() []*pattern {
	seen := map[*node]bool{}
	bySrc := map[string]*pattern{}
	var walk func(n *node)
	walk = func(n *node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		if n.pattern != nil {
			n.pattern.prepare() // TestPatternsCompile reports a failure
			bySrc[n.pattern.src] = n.pattern
		}
		for _, s := range n.props.nodes {
			walk(s)
		}
		for _, s := range n.allOf {
			walk(s)
		}
		for _, s := range []*node{n.ref, n.additional, n.propertyNames, n.items, n.not, n.ifNode, n.then, n.elseN} {
			walk(s)
		}
	}
	for _, k := range Kinds() {
		walk(For(k).root)
	}
	var out []*pattern
	for _, src := range slices.Sorted(func(yield func(string) bool) {
		for s := range bySrc {
			if !yield(s) {
				return
			}
		}
	}) {
		out = append(out, bySrc[src])
	}
	return out
}

// extraPatterns are patterns the schemas do not have, that hold the
// matcher to regexp on the forms it accepts and on those it must refuse.
var extraPatterns = []string{
	`^abc`, `abc$`, `abc`, `^abc$`, `a`, ``, `^$`, `^`, `$`,
	`^[a-z]+$`, `^[a-z]*[0-9]+$`, `^[a-z]{2,3}-[0-9]{1,}$`, `^x?y?z?$`, `^.+$`, `^(?s:.)*$`,
	`^[^a]*$`, `^[^\n]+\n?$`, `^é+$`, `^[\x{80}-\x{10FFFF}]+$`, `\x{FFFD}`, `[^\x00-\x7f]`,
	`^(?:foo|bar)$`, `^(?:foo|bar|)$`, `^(?:ab|cd)`, `^(foo|bar)$`, `^(?:ab)c$`, `^(a)(b)$`, `^a{0}b$`, `^a{3}$`, `^[a-c]{2}[b-d]$`,
	// refused: the regexp decides
	`^[a-z]*[a-c]$`, `^a*a$`, `[a-z]+$`, `(?i)^abc$`, `(?:foo|bar)$`, `^(?:foo|far)$`, `^a|b$`, `(?m)^a$`, `\bx`, `^(ab)+$`,
}

func allPatterns(t testing.TB) []*pattern {
	out := schemaPatterns()
	for _, src := range extraPatterns {
		p, err := compilePattern(src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		out = append(out, p)
	}
	return out
}

// TestSchemaPatternsAreFast keeps every pattern of the schemas on the fast
// matcher: a pattern the matcher cannot take costs a regexp per string.
func TestSchemaPatternsAreFast(t *testing.T) {
	ps := schemaPatterns()
	if len(ps) < 5 {
		t.Fatalf("only %d schema patterns found", len(ps))
	}
	for _, p := range ps {
		if p.fast == nil {
			t.Errorf("schema pattern %q is matched by regexp: make it a class sequence or teach the matcher", p.src)
		}
	}
	for _, src := range []string{`(?:foo|bar)$`, `(?i)^abc$`, `^a*a$`, `[a-z]+$`} {
		p, _ := compilePattern(src)
		if p.fast != nil {
			t.Errorf("%q has a fast matcher; a greedy pass cannot decide it", src)
		}
	}
}

// alphabet returns runes around the boundaries of a pattern's classes, and
// runes every text may hold (newlines, invalid UTF-8, separators).
func alphabet(ps []*pattern) []string {
	set := map[string]bool{}
	for _, s := range []string{"", "a", "Z", "_", "0", "9", "\n", "\r", " ", "\t", "é", "\u2028", "\u3000", "\ufffd", "\xff", "\xc3", "\xe2\x80", "\U0010ffff", "-", "x", "foo", "bar", "fo", "ab", "cd"} {
		set[s] = true
	}
	for _, p := range ps {
		for _, r := range p.src {
			set[string(r)] = true
		}
		if p.fast == nil {
			continue
		}
		for _, sp := range p.fast.spans {
			c := sp.class
			for r := rune(0); r < utf8.RuneSelf; r++ {
				if c.has(r) != c.has(r-1) || c.has(r) != c.has(r+1) {
					set[string(r)] = true
				}
			}
			for _, r := range c.ranges {
				for _, d := range []rune{r - 1, r, r + 1} {
					if utf8.ValidRune(d) {
						set[string(d)] = true
					}
				}
			}
		}
	}
	var out []string
	for s := range set {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// TestFastPatternsAgreeWithRegexp holds every pattern's matcher to Go's
// regexp on the strings of up to two runes of the alphabet and on longer
// random strings of it.
func TestFastPatternsAgreeWithRegexp(t *testing.T) {
	ps := allPatterns(t)
	alpha := alphabet(ps)
	var texts []string
	for _, a := range alpha {
		for _, b := range alpha {
			texts = append(texts, a+b)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for range n {
		var b strings.Builder
		for range rng.IntN(48) {
			b.WriteString(alpha[rng.IntN(len(alpha))])
		}
		texts = append(texts, b.String())
	}
	// runs of one rune of a class, around the repeat bounds
	for _, r := range []string{"a", "A", "0", "f", "_", "\n"} {
		for k := range 45 {
			texts = append(texts, strings.Repeat(r, k), "A"+strings.Repeat(r, k), strings.Repeat(r, k)+"\n")
		}
	}
	for _, p := range ps {
		if p.fast == nil {
			continue
		}
		re := regexp.MustCompile(p.src)
		for _, s := range texts {
			if got, want := p.fast.match(s), re.MatchString(s); got != want {
				t.Fatalf("%q on %q: matcher %v, regexp %v", p.src, s, got, want)
			}
		}
	}
}

// FuzzFastPattern holds the matcher of every pattern (the schemas' and
// extraPatterns) to Go's regexp on arbitrary strings.
func FuzzFastPattern(f *testing.F) {
	for _, s := range []string{"", "LOG_LEVEL", "LOG_LEVEL\n", "_OSMOSIS_X", "0123456789abcdef", "main", " \t", "\xff", "a\u2028b"} {
		f.Add(s)
	}
	ps := allPatterns(f)
	res := make([]*regexp.Regexp, len(ps))
	for i, p := range ps {
		res[i] = regexp.MustCompile(p.src)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, p := range ps {
			if got, want := p.match(s), res[i].MatchString(s); got != want {
				t.Fatalf("%q on %q: matcher %v, regexp %v", p.src, s, got, want)
			}
		}
	})
}
