package schema

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// pattern is a schema's regular expression. Most schema patterns are a
// sequence of character classes, each repeated (an identifier, a hex
// digest, a prefix, "one non-blank character"): those are matched by a
// small hand-written matcher proven equal to Go's regexp (pattern_test.go
// and FuzzFastPattern); the others are compiled to a regexp. A pattern is
// parsed when a string is first held against it: a check reads the
// patterns of the keys its config has, not all of the schema's.
// TestPatternsCompile parses every pattern of the embedded schemas.
type pattern struct {
	src  string
	once sync.Once
	fast *classSeq      // nil: the regexp decides
	re   *regexp.Regexp // when fast is nil
	err  error          // the pattern does not parse
}

func newPattern(v any) (*pattern, error) {
	src, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("%v is not a string", v)
	}
	return &pattern{src: src}, nil
}

// compilePattern returns the pattern of src, parsed.
func compilePattern(src string) (*pattern, error) {
	p := &pattern{src: src}
	if err := p.prepare(); err != nil {
		return nil, err
	}
	return p, nil
}

// prepare parses the pattern, once: its class sequence, or its regexp.
func (p *pattern) prepare() error {
	p.once.Do(func() {
		re, err := syntax.Parse(p.src, syntax.Perl)
		if err != nil {
			p.err = err
			return
		}
		if p.fast = classSeqOf(re); p.fast == nil {
			p.re, p.err = regexp.Compile(p.src)
		}
	})
	return p.err
}

func (p *pattern) match(s string) bool {
	if err := p.prepare(); err != nil {
		// a bug in the embedded schemas, as a failed compile of them is
		panic(fmt.Sprintf("schema: pattern %q: %v", p.src, err))
	}
	if p.fast != nil {
		return p.fast.match(s)
	}
	return p.re.MatchString(s)
}

// classSeq is a pattern of the form ^? C1{m1,n1} C2{m2,n2} ... $? over
// rune classes, where every class repeated a variable number of times is
// disjoint from the classes after it: matching each class as often as it
// can then never has to give a rune back, so one pass decides.
type classSeq struct {
	begin, end bool // anchored at the start, at the end of the text
	spans      []classSpan
	// words, when set, replace the spans: the pattern is ^(?:w1|w2|...)
	// (a prefix) or ^(?:w1|w2|...)$ (one of the words)
	words []string
}

type classSpan struct {
	class    runeClass
	min, max int // max -1: no bound
}

// runeClass is a set of runes: a bitmap for ASCII, sorted inclusive ranges
// for the rest.
type runeClass struct {
	ascii  [2]uint64
	ranges []rune // pairs lo, hi, all >= utf8.RuneSelf
}

func (c *runeClass) has(r rune) bool {
	if uint32(r) < utf8.RuneSelf {
		return c.ascii[r>>6]&(1<<(r&63)) != 0
	}
	for i := 0; i+1 < len(c.ranges); i += 2 {
		if r < c.ranges[i] {
			return false
		}
		if r <= c.ranges[i+1] {
			return true
		}
	}
	return false
}

// newRuneClass builds a class from the sorted range pairs of a parsed
// regexp (syntax.Regexp.Rune of a CharClass).
func newRuneClass(pairs []rune) runeClass {
	var c runeClass
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
			c.ascii[r>>6] |= 1 << (r & 63)
		}
		if hi >= utf8.RuneSelf {
			c.ranges = append(c.ranges, max(lo, utf8.RuneSelf), hi)
		}
	}
	return c
}

// intersects reports whether two classes share a rune.
func (c *runeClass) intersects(d *runeClass) bool {
	if c.ascii[0]&d.ascii[0] != 0 || c.ascii[1]&d.ascii[1] != 0 {
		return true
	}
	for i := 0; i+1 < len(c.ranges); i += 2 {
		for j := 0; j+1 < len(d.ranges); j += 2 {
			if c.ranges[i] <= d.ranges[j+1] && d.ranges[j] <= c.ranges[i+1] {
				return true
			}
		}
	}
	return false
}

// classSeqOf returns the class sequence a parsed pattern is, or nil when it
// is not one (alternations other than of words after ^, case folding, other anchors, a variable repeat
// that could have to give runes back, a repeat before an unanchored start).
func classSeqOf(re *syntax.Regexp) *classSeq {
	var items []*syntax.Regexp
	var flatten func(*syntax.Regexp)
	flatten = func(r *syntax.Regexp) {
		switch r.Op {
		case syntax.OpConcat:
			for _, s := range r.Sub {
				flatten(s)
			}
		case syntax.OpCapture:
			flatten(r.Sub[0])
		case syntax.OpEmptyMatch:
		default:
			items = append(items, r)
		}
	}
	flatten(re)
	seq := &classSeq{}
	if len(items) > 0 && items[0].Op == syntax.OpBeginText {
		seq.begin, items = true, items[1:]
	}
	if len(items) > 0 && items[len(items)-1].Op == syntax.OpEndText {
		seq.end, items = true, items[:len(items)-1]
	}
	if len(items) == 1 && items[0].Op == syntax.OpAlternate && seq.begin {
		for _, w := range items[0].Sub {
			switch {
			case w.Op == syntax.OpLiteral && w.Flags&syntax.FoldCase == 0:
				seq.words = append(seq.words, string(w.Rune))
			case w.Op == syntax.OpEmptyMatch:
				seq.words = append(seq.words, "")
			default:
				return nil
			}
		}
		return seq
	}
	for _, it := range items {
		switch it.Op {
		case syntax.OpLiteral:
			if it.Flags&syntax.FoldCase != 0 {
				return nil
			}
			for _, r := range it.Rune {
				seq.spans = append(seq.spans, classSpan{class: newRuneClass([]rune{r, r}), min: 1, max: 1})
			}
			continue
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
			c, ok := singleRune(it.Sub[0])
			if !ok {
				return nil
			}
			sp := classSpan{class: c}
			switch it.Op {
			case syntax.OpStar:
				sp.min, sp.max = 0, -1
			case syntax.OpPlus:
				sp.min, sp.max = 1, -1
			case syntax.OpQuest:
				sp.min, sp.max = 0, 1
			default:
				sp.min, sp.max = it.Min, it.Max
			}
			seq.spans = append(seq.spans, sp)
			continue
		}
		c, ok := singleRune(it)
		if !ok {
			return nil
		}
		seq.spans = append(seq.spans, classSpan{class: c, min: 1, max: 1})
	}
	for i := range seq.spans {
		sp := &seq.spans[i]
		if sp.min == sp.max {
			continue
		}
		if !seq.begin {
			// tried at every start, a variable span could cost a pass
			// over the rest of the text each time
			return nil
		}
		for j := i + 1; j < len(seq.spans); j++ {
			if sp.class.intersects(&seq.spans[j].class) {
				return nil
			}
		}
	}
	return seq
}

// singleRune returns the class of a pattern that matches exactly one rune.
func singleRune(r *syntax.Regexp) (runeClass, bool) {
	switch r.Op {
	case syntax.OpLiteral:
		if len(r.Rune) != 1 || r.Flags&syntax.FoldCase != 0 {
			return runeClass{}, false
		}
		return newRuneClass([]rune{r.Rune[0], r.Rune[0]}), true
	case syntax.OpCharClass:
		return newRuneClass(r.Rune), true
	case syntax.OpAnyChar:
		return newRuneClass([]rune{0, unicode.MaxRune}), true
	case syntax.OpAnyCharNotNL:
		return newRuneClass([]rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}), true
	case syntax.OpCapture:
		return singleRune(r.Sub[0])
	}
	return runeClass{}, false
}

// match reports whether s holds a match, as regexp.MatchString does: text
// is read as UTF-8, a byte that starts no rune is U+FFFD.
func (q *classSeq) match(s string) bool {
	if q.words != nil {
		for _, w := range q.words {
			if q.end && s == w || !q.end && strings.HasPrefix(s, w) {
				return true
			}
		}
		return false
	}
	if q.begin {
		return q.matchAt(s)
	}
	for i := 0; ; {
		if q.matchAt(s[i:]) {
			return true
		}
		if i >= len(s) {
			return false
		}
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
}

// matchAt reports whether the sequence matches at the start of s.
func (q *classSeq) matchAt(s string) bool {
	pos := 0
	for i := range q.spans {
		sp := &q.spans[i]
		n := 0
		for (sp.max < 0 || n < sp.max) && pos < len(s) {
			r, w := rune(s[pos]), 1
			if r >= utf8.RuneSelf {
				r, w = utf8.DecodeRuneInString(s[pos:])
			}
			if !sp.class.has(r) {
				break
			}
			pos += w
			n++
		}
		if n < sp.min {
			return false
		}
	}
	return !q.end || pos == len(s)
}
