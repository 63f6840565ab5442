// Package ignore matches paths against gitignore patterns as git does
// (wildmatch with WM_PATHNAME, the last matching pattern deciding, nothing
// looked at inside an ignored directory): the workspace's exclude setting,
// its dotenv and nested-workspace checks, and the rollouts' status read
// from git all ask it.
package ignore

import (
	"errors"
	"strings"
	"sync"
)

// Pattern is one gitignore-style pattern: `*` and `?` stay within a
// path segment, `[...]` is a character class, `**` as a whole segment spans
// any number of directories, a trailing `/` matches directories only, and
// a pattern without an inner `/` matches the base name at any depth.
type Pattern struct {
	text     string // as written, for messages
	glob     string // what is matched: leading and trailing "/" removed
	negate   bool   // "!" prefix (gitignore only)
	dirOnly  bool   // trailing "/"
	basename bool   // no "/" inside: match the last segment at any depth
	literal  bool   // no wildcard, class or escape: glob matches itself alone
	// need is the pattern's longest run of plain characters (no "/",
	// wildcard, class or escape): a text without it cannot match, which
	// settles most of a long list of patterns without running wildmatch
	need string
}

// NewPattern builds a pattern from gitignore-style text (without the
// comment and whitespace handling of .gitignore lines).
func NewPattern(text string, allowNegate bool) Pattern {
	p := Pattern{text: text}
	if allowNegate && strings.HasPrefix(text, "!") {
		p.negate = true
		text = text[1:]
	}
	if strings.HasSuffix(text, "/") && !strings.HasSuffix(text, `\/`) {
		p.dirOnly = true
		text = strings.TrimSuffix(text, "/")
	}
	p.basename = !strings.Contains(text, "/")
	p.glob = strings.TrimPrefix(text, "/")
	p.literal = !strings.ContainsAny(p.glob, `*?[\`)
	if !p.literal {
		p.need = plainRun(p.glob)
	}
	return p
}

// plainRun returns the longest run of characters of a glob that match
// only themselves, one after the other: none is "/" (which "**/" may
// match with nothing), a wildcard, part of a class or escaped.
func plainRun(glob string) string {
	best, start := "", 0
	cut := func(i int) {
		if i-start > len(best) {
			best = glob[start:i]
		}
	}
	for i := 0; i < len(glob); i++ {
		switch glob[i] {
		case '/', '*', '?':
			cut(i)
			start = i + 1
		case '\\':
			cut(i)
			i++
			start = i + 1
		case '[':
			cut(i)
			end, ok := classEnd(glob, i)
			if !ok {
				// an unterminated class matches nothing: no run after it
				// is needed
				return best
			}
			i = end
			start = i + 1
		}
	}
	cut(len(glob))
	return best
}

// Match tests a workspace-relative slash path; isDir says whether it
// names a directory.
func (p Pattern) Match(rel string, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	text := rel
	if p.basename {
		text = rel[strings.LastIndexByte(rel, '/')+1:]
	}
	if p.literal {
		return p.glob == text // what wildmatch answers, without its setup
	}
	if !strings.Contains(text, p.need) {
		return false
	}
	return wildmatch(p.glob, text)
}

// Text is the pattern as written.
func (p Pattern) Text() string { return p.text }

// Negated reports a "!" pattern: a path it matches is not ignored.
func (p Pattern) Negated() bool { return p.negate }

// Empty reports a pattern that matches nothing ("/" or "!" alone).
func (p Pattern) Empty() bool { return p.glob == "" }

// CheckSyntax finds the syntax errors wildmatch would silently turn
// into "never matches".
func CheckSyntax(p string) error {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 == len(p) {
				return errors.New("trailing backslash")
			}
			i++
		case '[':
			end, ok := classEnd(p, i)
			if !ok {
				return errors.New("unterminated [ character class")
			}
			if _, _, valid := matchClass(p[i+1:end], 'a'); !valid {
				return errors.New("unknown [:class:] in character class")
			}
			i = end
		}
	}
	return nil
}

// wildmatch matches text against a git wildmatch pattern with WM_PATHNAME
// semantics: "*", "?" and classes never match "/", and "**" is special only
// as a whole path segment. Results are memoized, so the cost is bounded by
// len(pattern) * len(text); the memo is a table of that size only when
// it is small (a line of an ignore file may be megabytes long), else a
// map of the states reached, which a star's match of one more byte of
// the text bounds.
func wildmatch(pattern, text string) bool {
	var small [smallMemo]uint8 // most patterns and names: no allocation
	m := wildMatcher{p: pattern, t: text}
	switch size := (len(pattern) + 1) * (len(text) + 1); {
	case size <= smallMemo:
		m.memo = small[:size]
	case size <= maxMemoTable:
		// a long pattern (a list of thousands of them in exclude) takes a
		// table kept for the next call, not one made for each
		buf := memoPool.Get().(*[]uint8)
		defer memoPool.Put(buf)
		m.memo = (*buf)[:size]
		clear(m.memo)
	}
	return m.match(0, 0)
}

// memoPool keeps the memo tables of wildmatch, each of maxMemoTable bytes.
var memoPool = sync.Pool{New: func() any {
	b := make([]uint8, maxMemoTable)
	return &b
}}

// smallMemo is the memo wildmatch keeps on its stack.
const smallMemo = 512

// maxMemoTable bounds the memo kept as a table.
const maxMemoTable = 1 << 16

type wildMatcher struct {
	p, t  string
	memo  []uint8 // 0 unknown, 1 match, 2 no match
	large map[int]bool
	// byMap keeps the memo in the map whatever its size (the fuzz
	// target holds both memos to one answer)
	byMap bool
}

func (m *wildMatcher) match(pi, ti int) bool {
	k := pi*(len(m.t)+1) + ti
	if size := (len(m.p) + 1) * (len(m.t) + 1); m.byMap || size > maxMemoTable {
		if ok, seen := m.large[k]; seen {
			return ok
		}
		ok := m.run(pi, ti)
		if m.large == nil {
			m.large = map[int]bool{}
		}
		m.large[k] = ok
		return ok
	} else if m.memo == nil {
		m.memo = make([]uint8, size)
	}
	if m.memo[k] != 0 {
		return m.memo[k] == 1
	}
	ok := m.run(pi, ti)
	if ok {
		m.memo[k] = 1
	} else {
		m.memo[k] = 2
	}
	return ok
}

// dirStars skips, from p[q], the whole segments of stars ("**/") that
// follow one: "**/**/" spans what "**/" spans, and matching each one's
// empty span by a call of its own would recurse once a segment.
func dirStars(p string, q int) int {
	for q+1 < len(p) && p[q] == '*' && p[q+1] == '*' {
		j := q
		for j < len(p) && p[j] == '*' {
			j++
		}
		if j == len(p) || p[j] != '/' {
			break
		}
		q = j + 1
	}
	return q
}

func (m *wildMatcher) run(pi, ti int) bool {
	p, t := m.p, m.t
	for pi < len(p) {
		switch c := p[pi]; c {
		case '\\':
			pi++
			if pi == len(p) || ti == len(t) || t[ti] != p[pi] {
				return false
			}
			pi++
			ti++
		case '?':
			if ti == len(t) || t[ti] == '/' {
				return false
			}
			pi++
			ti++
		case '*':
			star := pi
			pi++
			spanDirs := false
			if pi < len(p) && p[pi] == '*' {
				for pi < len(p) && p[pi] == '*' {
					pi++
				}
				atSegmentStart := star == 0 || p[star-1] == '/'
				atSegmentEnd := pi == len(p) || p[pi] == '/' || (p[pi] == '\\' && pi+1 < len(p) && p[pi+1] == '/')
				if atSegmentStart && atSegmentEnd {
					// "**/" also matches no directory at all.
					if pi < len(p) && p[pi] == '/' && m.match(dirStars(p, pi+1), ti) {
						return true
					}
					spanDirs = true
				}
			}
			if pi == len(p) {
				return spanDirs || !strings.Contains(t[ti:], "/")
			}
			for k := ti; k <= len(t); k++ {
				if m.match(pi, k) {
					return true
				}
				if k < len(t) && t[k] == '/' && !spanDirs {
					return false
				}
			}
			return false
		case '[':
			end, ok := classEnd(p, pi)
			if !ok || ti == len(t) || t[ti] == '/' {
				return false
			}
			matched, negated, valid := matchClass(p[pi+1:end], t[ti])
			if !valid || matched == negated {
				return false
			}
			pi = end + 1
			ti++
		default:
			if ti == len(t) || t[ti] != c {
				return false
			}
			pi++
			ti++
		}
	}
	return ti == len(t)
}

// classEnd returns the index of the "]" closing the class that opens at
// p[open]. A "]" right after the opening (or after its negation) is a
// literal, as are escaped characters and "]" inside [:name:].
func classEnd(p string, open int) (int, bool) {
	i := open + 1
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		i++
	}
	if i < len(p) && p[i] == ']' {
		i++
	}
	for i < len(p) {
		switch {
		case p[i] == '\\':
			i += 2
		case p[i] == '[' && i+1 < len(p) && p[i+1] == ':':
			if j := strings.Index(p[i+2:], ":]"); j >= 0 {
				i += 2 + j + 2
			} else {
				i++
			}
		case p[i] == ']':
			return i, true
		default:
			i++
		}
	}
	return 0, false
}

// matchClass tests one byte against the body of a [...] class.
func matchClass(body string, ch byte) (matched, negated, valid bool) {
	i := 0
	if i < len(body) && (body[i] == '!' || body[i] == '^') {
		negated = true
		i++
	}
	first := true
	for i < len(body) {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body):
			i++
			c = body[i]
		case c == '[' && i+1 < len(body) && body[i+1] == ':':
			if j := strings.Index(body[i+2:], ":]"); j >= 0 {
				name := body[i+2 : i+2+j]
				in, known := namedClass(name, ch)
				if !known {
					return false, negated, false
				}
				matched = matched || in
				i += 2 + j + 2
				first = false
				continue
			}
		case c == ']' && !first:
			return matched, negated, true
		}
		first = false
		if i+2 < len(body) && body[i+1] == '-' && body[i+2] != ']' {
			hi := body[i+2]
			next := i + 3
			if hi == '\\' && i+3 < len(body) {
				hi = body[i+3]
				next = i + 4
			}
			if c <= ch && ch <= hi {
				matched = true
			}
			i = next
			continue
		}
		if c == ch {
			matched = true
		}
		i++
	}
	return matched, negated, true
}

func namedClass(name string, c byte) (in, known bool) {
	isUpper := c >= 'A' && c <= 'Z'
	isLower := c >= 'a' && c <= 'z'
	isDigit := c >= '0' && c <= '9'
	isAlpha := isUpper || isLower
	isPrint := c >= 0x20 && c < 0x7f
	switch name {
	case "alnum":
		return isAlpha || isDigit, true
	case "alpha":
		return isAlpha, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < 0x20 || c == 0x7f, true
	case "digit":
		return isDigit, true
	case "graph":
		return isPrint && c != ' ', true
	case "lower":
		return isLower, true
	case "print":
		return isPrint, true
	case "punct":
		return isPrint && c != ' ' && !isAlpha && !isDigit, true
	case "space":
		return c == ' ' || (c >= '\t' && c <= '\r'), true
	case "upper":
		return isUpper, true
	case "xdigit":
		return isDigit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'), true
	}
	return false, false
}
