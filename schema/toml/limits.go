package toml

import "strconv"

// The limits of what is read of one document. A config past one of them
// gets one syntax error where reading stopped, and nothing after that
// point is built: memory and time stay proportional to what was read.
const (
	// MaxDepth bounds how deep a document nests: each part of a table
	// header or of a dotted key is a level, and so is each array and
	// inline table. Python's tomllib stops at about 494 nested arrays
	// (see pythonFrameLimit); keys get room to twice that.
	MaxDepth = 1000
	// MaxItems bounds the keys (each part of a dotted key and of a table
	// header counts) and array items of a document: one for every KiB of
	// the largest config the command line reads (64 MiB), fifty times what
	// a large real config holds. Each costs a few hundred bytes in the
	// document, and as much again in a finding when it is wrong, so what a
	// config can cost beyond its own size stays within a constant.
	MaxItems = 1 << 16
)

// limiter scans the statements of a document ahead of the parser, so that
// the parser is never handed a statement past a limit: it would build the
// whole statement (every item of a 50 MB array, every part of a key 4
// million parts deep) before the document builder sees any of it.
//
// It reads TOML loosely (a scalar is whatever runs up to a delimiter) but
// lexes strings, comments, brackets and line ends exactly, so that on text
// the parser accepts the two agree on where a statement ends. Where the
// limiter meets something that is not TOML, the parser fails there or
// earlier, and parsing resumes at the next line as usual.
type limiter struct {
	src    []byte
	items  int
	header int // the levels of the current table header
	// cut is the offset where a limit was passed (-1: none), why the
	// message that says so.
	cut int
	why string
}

func newLimiter(src []byte) *limiter { return &limiter{src: src, cut: -1} }

// statement scans the blank lines and comments from i and the statement
// after them, and returns the offset just past the statement's last line.
// When a limit is passed inside it, cut is set and scanning stops there.
func (l *limiter) statement(i int) int {
	src := l.src
	i = skipTrivia(src, i)
	if i >= len(src) {
		return len(src)
	}
	if src[i] == '[' {
		j := i + 1
		if j < len(src) && src[j] == '[' {
			j++
		}
		n, j, ok := l.key(j, 0)
		if ok {
			l.header = n
		}
		return l.lineEnd(j)
	}
	n, j, ok := l.key(i, l.header)
	if !ok {
		return l.lineEnd(j)
	}
	if j >= len(src) || src[j] != '=' {
		return l.lineEnd(j)
	}
	j, _ = l.value(j+1, l.header+n)
	return l.lineEnd(j)
}

// lineEnd is the offset past the end of the line holding i (or where
// scanning stopped at a limit).
func (l *limiter) lineEnd(i int) int {
	if l.cut >= 0 {
		return l.cut
	}
	for i < len(l.src) && l.src[i] != '\n' {
		i++
	}
	return min(i+1, len(l.src))
}

func (l *limiter) stop(at int, why string) bool {
	l.cut, l.why = at, why
	return false
}

// item counts one key part or array item starting at off, and reports
// whether the document is still within MaxItems.
func (l *limiter) item(off int) bool {
	l.items++
	if l.items > MaxItems {
		return l.stop(off, "osmosis-lint stops reading the file here: it holds more than "+strconv.Itoa(MaxItems)+
			" keys and array items (each part of a dotted key or a table header counts); the rest of the file is not checked")
	}
	return true
}

// level checks the depth of what starts at off.
func (l *limiter) level(depth, off int) bool {
	if depth > MaxDepth {
		return l.stop(off, "osmosis-lint stops reading the file here: tables, keys and values are nested more than "+strconv.Itoa(MaxDepth)+
			" levels deep (each part of a dotted key or a table header is a level, and so is each array and inline table); the rest of the file is not checked")
	}
	return true
}

// key scans a (dotted) key from i whose first part sits at depth+1, and
// returns its parts, the offset after it (and the spaces after it), and
// whether it is a key.
func (l *limiter) key(i, depth int) (int, int, bool) {
	src := l.src
	n := 0
	for {
		i = skipSpace(src, i)
		if i >= len(src) {
			return n, i, false
		}
		start := i
		switch c := src[i]; {
		case c == '"' || c == '\'':
			var ok bool
			if i, ok = l.lineString(i); !ok {
				return n, i, false
			}
		case isBareKeyByte(c):
			for i < len(src) && isBareKeyByte(src[i]) {
				i++
			}
		default:
			return n, i, false
		}
		n++
		if !l.item(start) || !l.level(depth+n, start) {
			return n, start, false
		}
		i = skipSpace(src, i)
		if i < len(src) && src[i] == '.' {
			i++
			continue
		}
		return n, i, true
	}
}

// isBareKeyByte accepts the bytes of bare keys, and every non-ASCII byte
// (TOML 1.1 lets bare keys hold letters of any script).
func isBareKeyByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80
}

// value scans the value starting at or after i, at depth (the levels of
// the table holding it), and returns the offset after it and whether it
// is complete.
func (l *limiter) value(i, depth int) (int, bool) {
	src := l.src
	i = skipSpace(src, i)
	if i >= len(src) {
		return i, false
	}
	switch c := src[i]; c {
	case '"', '\'':
		if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
			return l.multiLineString(i)
		}
		return l.lineString(i)
	case '[':
		return l.array(i, depth+1)
	case '{':
		return l.inlineTable(i, depth+1)
	case ',', ']', '}', '=', '#', '\n', '\r':
		return i, false
	}
	for i < len(src) {
		switch src[i] {
		case ',', ']', '}', '#', '\n':
			return i, true
		}
		i++
	}
	return i, true
}

func (l *limiter) array(i, depth int) (int, bool) {
	if !l.level(depth, i) {
		return i, false
	}
	src := l.src
	i++
	for {
		i = skipTrivia(src, i)
		if i >= len(src) {
			return i, false
		}
		if src[i] == ']' {
			return i + 1, true
		}
		if !l.item(i) {
			return i, false
		}
		var ok bool
		if i, ok = l.value(i, depth); !ok {
			return i, false
		}
		i = skipTrivia(src, i)
		switch {
		case i >= len(src):
			return i, false
		case src[i] == ',':
			i++
		case src[i] == ']':
			return i + 1, true
		default:
			return i, false
		}
	}
}

func (l *limiter) inlineTable(i, depth int) (int, bool) {
	if !l.level(depth, i) {
		return i, false
	}
	src := l.src
	i++
	for {
		// TOML 1.1 allows newlines, comments and a trailing comma here,
		// and so does the parser (the builder reports them)
		i = skipTrivia(src, i)
		if i >= len(src) {
			return i, false
		}
		if src[i] == '}' {
			return i + 1, true
		}
		n, j, ok := l.key(i, depth)
		if !ok || j >= len(src) || src[j] != '=' {
			return j, false
		}
		if i, ok = l.value(j+1, depth+n); !ok {
			return i, false
		}
		i = skipTrivia(src, i)
		switch {
		case i >= len(src):
			return i, false
		case src[i] == ',':
			i++
		case src[i] == '}':
			return i + 1, true
		default:
			return i, false
		}
	}
}

// lineString scans a one-line string token ("..." or '...') at i.
func (l *limiter) lineString(i int) (int, bool) {
	src := l.src
	q := src[i]
	for i++; i < len(src); i++ {
		switch c := src[i]; {
		case c == q:
			return i + 1, true
		case c == '\n':
			return i, false
		case c == '\\' && q == '"':
			if i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		}
	}
	return i, false
}

// multiLineString scans a """...""" or ”'...”' token at i; up to two
// more quotes before the closing three belong to the string.
func (l *limiter) multiLineString(i int) (int, bool) {
	src := l.src
	q := src[i]
	for i += 3; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\' && q == '"':
			i++
		case c == q && i+2 < len(src) && src[i+1] == q && src[i+2] == q:
			i += 3
			for k := 0; k < 2 && i < len(src) && src[i] == q; k++ {
				i++
			}
			return i, true
		}
	}
	return i, false
}
