package datafile

import (
	"encoding/binary"
	"fmt"
	"unicode/utf8"
)

const (
	// maxDepth is the deepest JSON the upload parses. Its json.loads
	// fails with a RecursionError (an internal error, not a validation
	// message) past 1,497 levels on Python 3.12, the oldest the CLI
	// supports; on 3.11 past 990 (fewer under a deeper stack) and on 3.13
	// past 9,998. Measured with the CLI's own functions
	// (testdata/oracle/label.py) on pyenv's 3.11.7, 3.12.1 and 3.13.0.
	maxDepth = 1497
	// maxIntDigits is Python's default limit on the digits of an integer
	// parsed from text (sys.int_info.default_max_str_digits). A longer JSON
	// integer makes json.loads raise ValueError, which the upload does not
	// catch.
	maxIntDigits = 4300
)

// maxCapture bounds the bytes one row may hold in memory for comparison
// (top-level keys, a metadata value). Past it the row is only checked for
// syntax. A variable so that tests can lower it.
var maxCapture = 64 << 20

// failKind classifies why a scan stopped.
type failKind uint8

const (
	failNone     failKind = iota
	failSyntax            // not valid JSON to Python's json module
	failBOM               // text starts with U+FEFF, which json.loads refuses
	failDepth             // nested deeper than maxDepth
	failLongInt           // an integer with more than maxIntDigits digits
	failEncoding          // invalid UTF-8: fatal for the whole file
)

type failure struct {
	kind failKind
	off  int64 // stream offset of the offending byte
	msg  string
}

// Byte classes for the string fast path: true for bytes that need no
// attention inside a string.
var plainLine, plainDoc [256]bool

func init() {
	for c := 0x20; c < 0x80; c++ {
		plainLine[c] = c != '"' && c != '\\'
		plainDoc[c] = plainLine[c]
	}
	// In-memory documents (decoded metadata strings, CSV cells) are already
	// known to be UTF-8, or WTF-8 for lone surrogates from \u escapes, which
	// Python strings may hold.
	for c := 0x80; c < 0x100; c++ {
		plainDoc[c] = true
	}
}

// keyList is the sequence of top-level member names of one row, decoded.
type keyList struct {
	buf  []byte
	ends []int
}

func (k *keyList) reset() { k.buf, k.ends = k.buf[:0], k.ends[:0] }

func (k *keyList) key(i int) []byte {
	start := 0
	if i > 0 {
		start = k.ends[i-1]
	}
	return k.buf[start:k.ends[i]]
}

func (k *keyList) equal(o *keyList) bool {
	if len(k.ends) != len(o.ends) || string(k.buf) != string(o.buf) {
		return false
	}
	for i := range k.ends {
		if k.ends[i] != o.ends[i] {
			return false
		}
	}
	return true
}

// scanner parses JSON the way Python's json.loads does (strict mode, with
// NaN, Infinity and -Infinity accepted, duplicate keys allowed) from a
// source, without holding the value in memory. In line mode a carriage
// return or line feed ends the text, as each JSONL line is parsed on its own.
type scanner struct {
	src      *source
	lineMode bool
	plain    *[256]bool
	stack    []byte // open containers: '{' or '['
	fail     failure

	// Row capture (line mode): the top-level object's member names, and the
	// value of its "metadata" member, built into tree.
	wantKeys bool
	keys     keyList
	wantMeta bool
	metaSeen bool // the top-level object has a "metadata" member
	metaNext bool // the next value is to be built into tree
	building bool
	base     int // stack depth at which the built value started
	tree     *tree
	overflow bool  // captured more than maxCapture bytes
	vstart   int64 // stream offset of the current value
	metaOff  int64 // stream offset of the built value
}

func (p *scanner) reset() {
	p.stack = p.stack[:0]
	p.fail = failure{}
	p.keys.reset()
	p.metaSeen, p.metaNext, p.building, p.overflow = false, false, false, false
}

func (p *scanner) failAt(kind failKind, off int64, format string, args ...any) bool {
	p.fail = failure{kind: kind, off: off, msg: fmt.Sprintf(format, args...)}
	return false
}

// found describes the byte at the current position for a message.
func (p *scanner) found() string {
	s := p.src
	c, ok := s.peek()
	switch {
	case !ok:
		if p.lineMode {
			return "the end of the file"
		}
		return "the end of the text"
	case p.lineMode && (c == '\n' || c == '\r'):
		return "the end of the line"
	case c >= utf8.RuneSelf:
		r, n := s.decodeRune()
		if r == utf8.RuneError && n <= 1 {
			return fmt.Sprintf("byte 0x%02X", c)
		}
		return fmt.Sprintf("%q", r)
	case c < 0x20 || c == 0x7F:
		return fmt.Sprintf("control character U+%04X", c)
	}
	return fmt.Sprintf("%q", rune(c))
}

// skipSpace skips JSON white space: space and tab, plus line feed and
// carriage return outside line mode. It returns the next byte.
func (p *scanner) skipSpace() (byte, bool) {
	s := p.src
	for {
		for s.pos < s.end {
			c := s.buf[s.pos]
			if c == ' ' || c == '\t' || (!p.lineMode && (c == '\n' || c == '\r')) {
				s.pos++
				continue
			}
			return c, true
		}
		if !s.more() {
			return 0, false
		}
	}
}

// value parses one complete JSON value at the current position (white space
// before it is skipped). On failure p.fail says why and where.
func (p *scanner) value() bool {
	s := p.src
	for {
		// A value is expected.
		c, ok := p.skipSpace()
		if !ok {
			return p.failAt(failSyntax, s.offset(), "expected a JSON value, found %s", p.found())
		}
		p.beginValue()
		switch {
		case c == '{':
			if len(p.stack) >= maxDepth {
				return p.failAt(failDepth, s.offset(), "JSON nested more than %d levels deep; the upload's parser (Python 3.12's json) fails past that depth", maxDepth)
			}
			s.pos++
			p.open('{')
			c, ok = p.skipSpace()
			if ok && c == '}' {
				s.pos++
				p.close()
				break
			}
			if !ok || c != '"' {
				return p.failAt(failSyntax, s.offset(), "expected a member name in double quotes or '}', found %s", p.found())
			}
			if !p.member() {
				return false
			}
			continue
		case c == '[':
			if len(p.stack) >= maxDepth {
				return p.failAt(failDepth, s.offset(), "JSON nested more than %d levels deep; the upload's parser (Python 3.12's json) fails past that depth", maxDepth)
			}
			s.pos++
			p.open('[')
			c, ok = p.skipSpace()
			if ok && c == ']' {
				s.pos++
				p.close()
				break
			}
			continue
		case c == '"':
			var dst *[]byte
			if p.building && p.tree.empty() {
				dst = &p.tree.str // a string as the whole metadata value
			}
			if !p.str(dst) {
				return false
			}
			p.leaf(kindString, false)
		case c == '-' || (c >= '0' && c <= '9'):
			if !p.number() {
				return false
			}
		case c == 't':
			if !p.literal("true") {
				return false
			}
			p.leaf(kindBool, false)
		case c == 'f':
			if !p.literal("false") {
				return false
			}
			p.leaf(kindBool, false)
		case c == 'n':
			if !p.literal("null") {
				return false
			}
			p.leaf(kindNull, false)
		case c == 'N':
			if !p.literal("NaN") {
				return false
			}
			p.leaf(kindNumber, false)
		case c == 'I':
			if !p.literal("Infinity") {
				return false
			}
			p.leaf(kindNumber, false)
		default:
			return p.failAt(failSyntax, s.offset(), "expected a JSON value, found %s", p.found())
		}

		// A value ended: close containers until one continues.
		for {
			if len(p.stack) == 0 {
				return true
			}
			c, ok = p.skipSpace()
			top := p.stack[len(p.stack)-1]
			if ok && c == ',' {
				s.pos++
				if top == '{' {
					c, ok = p.skipSpace()
					if !ok || c != '"' {
						return p.failAt(failSyntax, s.offset(), "expected a member name in double quotes after ',', found %s", p.found())
					}
					if !p.member() {
						return false
					}
				} else if c, ok = p.skipSpace(); ok && c == ']' {
					return p.failAt(failSyntax, s.offset(), "expected a JSON value after ',', found ']' (trailing commas are not allowed)")
				}
				break
			}
			if ok && ((top == '{' && c == '}') || (top == '[' && c == ']')) {
				s.pos++
				p.close()
				continue
			}
			if top == '{' {
				return p.failAt(failSyntax, s.offset(), "expected ',' or '}' after an object member, found %s", p.found())
			}
			return p.failAt(failSyntax, s.offset(), "expected ',' or ']' after an array element, found %s", p.found())
		}
	}
}

// member reads a member name (at its opening quote) and the colon after it.
func (p *scanner) member() bool {
	var dst *[]byte
	t := p.tree
	var keyStart int
	switch {
	case p.building:
		keyStart = len(t.keys)
		dst = &t.keys
	case len(p.stack) == 1 && p.wantKeys:
		keyStart = len(p.keys.buf)
		dst = &p.keys.buf
	}
	if !p.str(dst) {
		return false
	}
	switch {
	case p.overflow:
		// The capture was dropped; the row is reported as too large and
		// only its syntax is checked from here on.
	case p.building:
		t.pendKey, t.pendLen = int32(keyStart), int32(len(t.keys)-keyStart)
	case dst != nil:
		p.keys.ends = append(p.keys.ends, len(p.keys.buf))
		if string(p.keys.buf[keyStart:]) == "metadata" {
			p.metaSeen = true
			p.metaNext = p.wantMeta
		}
	}
	c, ok := p.skipSpace()
	if !ok || c != ':' {
		return p.failAt(failSyntax, p.src.offset(), "expected ':' after a member name, found %s", p.found())
	}
	p.src.pos++
	return true
}

func (p *scanner) beginValue() {
	p.vstart = p.src.offset()
	if p.metaNext {
		p.metaOff = p.vstart
		p.metaNext = false
		p.building = true
		p.base = len(p.stack)
		p.tree.reset()
	}
}

func (p *scanner) open(kind byte) {
	p.stack = append(p.stack, kind)
	if p.building {
		k := kindObject
		if kind == '[' {
			k = kindArray
		}
		p.tree.open(k, p.vstart)
	}
}

func (p *scanner) close() {
	p.stack = p.stack[:len(p.stack)-1]
	if p.building {
		p.tree.close()
		if len(p.stack) == p.base {
			p.building = false
		}
	}
}

func (p *scanner) leaf(kind nodeKind, bigInt bool) {
	if p.building {
		p.tree.leaf(kind, bigInt, p.vstart)
		if len(p.stack) == p.base {
			p.building = false
		}
	}
}

func (p *scanner) literal(word string) bool {
	s := p.src
	s.fill(len(word))
	if s.end-s.pos >= len(word) && string(s.buf[s.pos:s.pos+len(word)]) == word {
		s.pos += len(word)
		return true
	}
	return p.failAt(failSyntax, s.offset(), "expected a JSON value, found %s", p.found())
}

// at returns the byte k places ahead, or -1 past the end.
func (p *scanner) at(k int) int {
	s := p.src
	if s.end-s.pos <= k && !s.fill(k+1) {
		return -1
	}
	return int(s.buf[s.pos+k])
}

func isDigit(c int) bool { return c >= '0' && c <= '9' }

// digits consumes a run of ASCII digits, returning how many there were and,
// for up to 19 of them, their value.
func (p *scanner) digits() (n int, val uint64) {
	s := p.src
	for {
		for s.pos < s.end {
			c := s.buf[s.pos]
			if c < '0' || c > '9' {
				return n, val
			}
			if n < 19 {
				val = val*10 + uint64(c-'0')
			}
			n++
			s.pos++
		}
		if !s.more() {
			return n, val
		}
	}
}

// number reads a number the way Python's scanner does: an optional minus, an
// integer part without leading zeros, a fraction only when a digit follows
// the point, an exponent only when a digit follows it. What is left over is
// judged by the caller's grammar.
func (p *scanner) number() bool {
	s := p.src
	start := s.offset()
	neg := false
	if s.buf[s.pos] == '-' {
		neg = true
		s.pos++
		if p.at(0) == 'I' {
			if !p.literal("Infinity") {
				return false
			}
			p.leaf(kindNumber, false)
			return true
		}
	}
	var n int
	var val uint64
	switch c := p.at(0); {
	case c == '0':
		s.pos++
		n = 1
	case c >= '1' && c <= '9':
		n, val = p.digits()
	default:
		return p.failAt(failSyntax, s.offset(), "expected a digit after '-', found %s", p.found())
	}
	isFloat := false
	if p.at(0) == '.' && isDigit(p.at(1)) {
		s.pos++
		p.digits()
		isFloat = true
	}
	if c := p.at(0); c == 'e' || c == 'E' {
		k := 1
		if c := p.at(1); c == '+' || c == '-' {
			k = 2
		}
		if isDigit(p.at(k)) {
			s.pos += k
			p.digits()
			isFloat = true
		}
	}
	if isFloat {
		p.leaf(kindNumber, false)
		return true
	}
	if n > maxIntDigits {
		return p.failAt(failLongInt, start, "integer with %d digits; the upload's JSON reader (Python) refuses integers longer than %d digits", n, maxIntDigits)
	}
	big := false
	if p.building {
		// Out of int64: more than 19 digits, or 19 digits past the bound.
		limit := uint64(1<<63 - 1)
		if neg {
			limit = 1 << 63
		}
		big = n > 19 || (n == 19 && val > limit)
	}
	p.leaf(kindNumber, big)
	return true
}

// str reads a string at its opening quote, appending its decoded content to
// *dst when dst is not nil. Lone surrogates from \u escapes are kept as
// WTF-8, so that decoded names compare and sort as Python strings do.
func (p *scanner) str(dst *[]byte) bool {
	s := p.src
	plain := p.plain
	s.pos++ // opening quote
	for {
		i := s.pos
		if p.lineMode {
			i = skipPlainASCII(s.buf[:s.end], i)
		}
		for i < s.end && plain[s.buf[i]] {
			i++
		}
		if dst != nil {
			*dst = append(*dst, s.buf[s.pos:i]...)
			if len(*dst) > maxCapture {
				p.overflow = true
				*dst = (*dst)[:0]
				dst = nil
			}
		}
		s.pos = i
		if i == s.end {
			if !s.more() {
				return p.failAt(failSyntax, s.offset(), "string is not closed before %s", p.found())
			}
			continue
		}
		switch c := s.buf[i]; {
		case c == '"':
			s.pos++
			return true
		case c == '\\':
			if !p.escape(dst) {
				return false
			}
		case c >= utf8.RuneSelf:
			if j := s.validRun(i); j > 0 {
				if dst != nil {
					*dst = append(*dst, s.buf[i:j]...)
				}
				s.pos = j
				continue
			}
			r, n := s.decodeRune()
			if r == utf8.RuneError && n <= 1 {
				return p.failAt(failEncoding, s.offset(), "invalid UTF-8")
			}
			if dst != nil {
				*dst = append(*dst, s.buf[s.pos:s.pos+n]...)
			}
			s.pos += n
		case p.lineMode && (c == '\n' || c == '\r'):
			return p.failAt(failSyntax, s.offset(), "string is not closed before the end of the line")
		default:
			return p.failAt(failSyntax, s.offset(), "control character U+%04X inside a string; write it as an escape sequence", c)
		}
	}
}

// escape decodes the escape sequence at the backslash.
func (p *scanner) escape(dst *[]byte) bool {
	s := p.src
	s.fill(2)
	if s.end-s.pos < 2 {
		s.pos = s.end
		return p.failAt(failSyntax, s.offset(), "string is not closed before %s", p.found())
	}
	var out byte
	switch e := s.buf[s.pos+1]; e {
	case '"', '\\', '/':
		out = e
	case 'b':
		out = '\b'
	case 'f':
		out = '\f'
	case 'n':
		out = '\n'
	case 'r':
		out = '\r'
	case 't':
		out = '\t'
	case 'u':
		r, ok := p.hex4(2)
		if !ok {
			return p.failAt(failSyntax, s.offset(), "invalid \\u escape: expected four hexadecimal digits")
		}
		s.pos += 6
		if r >= 0xD800 && r < 0xDC00 && p.at(0) == '\\' && p.at(1) == 'u' {
			// A high surrogate followed by another \u escape: Python joins
			// the two when the second is a low surrogate.
			r2, ok := p.hex4(2)
			if !ok {
				return p.failAt(failSyntax, s.offset(), "invalid \\u escape: expected four hexadecimal digits")
			}
			if r2 >= 0xDC00 && r2 < 0xE000 {
				s.pos += 6
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
			}
		}
		if dst != nil {
			*dst = appendWTF8(*dst, r)
		}
		return true
	default:
		s.pos++
		if p.lineMode && (e == '\n' || e == '\r') {
			return p.failAt(failSyntax, s.offset(), "string is not closed before the end of the line")
		}
		return p.failAt(failSyntax, s.offset()-1, "invalid escape sequence in a string: backslash followed by %s", p.found())
	}
	if dst != nil {
		*dst = append(*dst, out)
	}
	s.pos += 2
	return true
}

// hex4 parses four hexadecimal digits starting k bytes ahead.
func (p *scanner) hex4(k int) (rune, bool) {
	var r rune
	for j := 0; j < 4; j++ {
		c := p.at(k + j)
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// appendWTF8 appends r in UTF-8, encoding surrogate code points the same way
// as other three-byte code points (WTF-8) instead of replacing them.
func appendWTF8(b []byte, r rune) []byte {
	if r >= 0xD800 && r < 0xE000 {
		return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
	return utf8.AppendRune(b, r)
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// skipPlainASCII advances i over string bytes that need no attention (ASCII
// other than control characters, '"' and '\\'), eight at a time. It may stop
// early; the caller finishes byte by byte.
func skipPlainASCII(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		q := x ^ (lsb * '"')
		bs := x ^ (lsb * '\\')
		// A set high bit marks a byte that is below 0x20, a quote, a
		// backslash or non-ASCII (borrows may add false marks above a true
		// one, which only ends the run early).
		if ((x-lsb*0x20)|(q-lsb)|(bs-lsb)|x)&msb != 0 {
			return i
		}
	}
	return i
}
