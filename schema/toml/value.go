package toml

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// value converts the parser node n, whose text starts at offset start, and
// returns it with the offset just past its text.
func (b *builder) value(n *unstable.Node, base, start int) (*Value, int) {
	switch n.Kind {
	case unstable.Array:
		return b.array(n, base, start)
	case unstable.InlineTable:
		return b.inlineTable(n, base, start)
	}
	r := Range{base + int(n.Raw.Offset), base + int(n.Raw.Offset+n.Raw.Length)}
	b.frame(1, r.Start)
	v := b.newValue()
	v.Range = r
	raw := b.src[r.Start:r.End]
	switch n.Kind {
	case unstable.String:
		v.Kind = KindString
		v.Str = b.decodeString(r)
	case unstable.Bool:
		v.Kind = KindBool
		v.Bool = string(raw) == "true"
	case unstable.Integer:
		v.Kind = KindInteger
		b.decodeInteger(v, str(raw))
	case unstable.Float:
		v.Kind = KindFloat
		b.decodeFloat(v, str(raw))
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		v.Kind, v.Str = b.checkDateTime(r, str(raw))
	default:
		v.Kind = KindInvalid
	}
	return v, r.End
}

// pythonFrameLimit is how many nested calls Python's tomllib can make for
// one value before it hits the interpreter's recursion limit (measured with
// the osmosis CLI's loader: 494 nested empty arrays parse, 495 do not). Each
// array costs two calls, each inline table three, each scalar one.
const pythonFrameLimit = 988

// frame accounts for the calls tomllib makes to read a value starting at off
// with n more calls, and reports the first value past the limit.
func (b *builder) frame(n, off int) {
	if b.frames+n > b.d.MaxFrames {
		b.d.MaxFrames = b.frames + n
	}
	if b.frames+n > pythonFrameLimit && !b.tooDeep {
		b.tooDeep = true
		b.errorf(Range{off, off + 1}, "arrays and inline tables are nested too deeply: the osmosis CLI's TOML parser (Python's tomllib) stops at its recursion limit here")
	}
}

func (b *builder) enter() {
	b.depth++
}

// array converts `[ ... ]`; start is the offset of '['.
func (b *builder) array(n *unstable.Node, base, start int) (*Value, int) {
	b.enter()
	b.frame(2, start)
	b.frames += 2
	defer func() { b.depth--; b.frames -= 2 }()
	v := b.newValue()
	v.Kind = KindArray
	count := 0
	for c := n.Child(); c != nil && c.Valid(); c = c.Next() {
		if c.Kind != unstable.Comment {
			count++
		}
	}
	v.Items = b.vptrs.run(count)
	i := 0
	cur := start + 1
	for c := n.Child(); c != nil && c.Valid(); c = c.Next() {
		if c.Kind == unstable.Comment {
			b.commentRun(c, base)
			continue
		}
		cur = skipTrivia(b.src, cur)
		if cur < len(b.src) && b.src[cur] == ',' {
			cur = skipTrivia(b.src, cur+1)
		}
		item, end := b.value(c, base, cur)
		v.Items[i] = item
		i++
		cur = end
	}
	cur = skipTrivia(b.src, cur)
	if cur < len(b.src) && b.src[cur] == ',' {
		cur = skipTrivia(b.src, cur+1)
	}
	end := min(cur+1, len(b.src)) // past ']'
	v.Range = Range{start, end}
	return v, end
}

func (b *builder) commentRun(c *unstable.Node, base int) {
	b.comment(c, base)
	for k := c.Child(); k != nil && k.Valid(); k = k.Next() {
		if k.Kind == unstable.Comment {
			b.comment(k, base)
		}
	}
}

// inlineTable converts `{ ... }`; start is the offset of '{'. TOML 1.0 keeps
// inline tables on one line, without a trailing comma.
func (b *builder) inlineTable(n *unstable.Node, base, start int) (*Value, int) {
	b.enter()
	b.frame(2, start)
	b.frames += 3
	defer func() { b.depth--; b.frames -= 3 }()
	v := b.tableValue(OriginInline, Range{})
	t := v.Table
	var flags flagNode
	cur := start + 1
	first := true
	for c := n.Child(); c != nil && c.Valid(); c = c.Next() {
		if c.Kind == unstable.Comment {
			b.commentRun(c, base)
			continue
		}
		if c.Kind != unstable.KeyValue {
			continue
		}
		cur = b.inlineGap(cur, !first)
		first = false
		parts := b.keyParts(c, base)
		vstart := b.valueStart(parts[len(parts)-1].Range.End)
		item, end := b.value(c.Value(), base, vstart)
		cur = end
		b.inlinePair(t, &flags, parts, item)
	}
	// the gap before '}': no newline, no comment, no trailing comma
	i := start + 1
	if !first {
		i = cur
	}
	cur = b.inlineTail(i, !first)
	end := min(cur+1, len(b.src))
	v.Range = Range{start, end}
	t.End = end
	return v, end
}

// inlineGap checks the text between two pairs of an inline table (or between
// '{' and the first pair) and returns the offset of the next key.
func (b *builder) inlineGap(i int, afterPair bool) int {
	j := b.inlineTrivia(i)
	if afterPair && j < len(b.src) && b.src[j] == ',' {
		j = b.inlineTrivia(j + 1)
	}
	return j
}

// inlineTail checks the text before '}' and returns the offset of '}'.
func (b *builder) inlineTail(i int, afterPair bool) int {
	j := b.inlineTrivia(i)
	if afterPair && j < len(b.src) && b.src[j] == ',' {
		b.errorf(Range{j, j + 1}, "trailing comma in an inline table: TOML 1.0, which the osmosis CLI reads, does not allow it")
		j = b.inlineTrivia(j + 1)
	}
	return j
}

// inlineTrivia skips spaces inside an inline table and reports newlines and
// comments, which only TOML 1.1 allows there.
func (b *builder) inlineTrivia(i int) int {
	reported := false
	for i < len(b.src) {
		switch b.src[i] {
		case ' ', '\t':
			i++
		case '\n', '\r':
			if !reported {
				b.errorf(Range{i, i + 1}, "newline inside an inline table: TOML 1.0, which the osmosis CLI reads, keeps inline tables on one line; use a [table] section instead")
				reported = true
			}
			i++
		case '#':
			j := i
			for j < len(b.src) && b.src[j] != '\n' {
				j++
			}
			if !reported {
				b.errorf(Range{i, j}, "comment inside an inline table: TOML 1.0, which the osmosis CLI reads, does not allow it")
				reported = true
			}
			i = j
		default:
			return i
		}
	}
	return i
}

// inlinePair adds one pair to an inline table with tomllib's rules.
func (b *builder) inlinePair(t *Table, flags *flagNode, parts []KeyPart, v *Value) {
	key := b.names(parts)
	keyRange := Range{parts[0].Range.Start, parts[len(parts)-1].Range.End}
	if flags.is(key, flagFrozen) {
		b.errorf(keyRange, "%s cannot be extended: it was defined as an inline table or array", quoteKey(key[:len(key)-1]))
		return
	}
	cont := t
	for i, k := range key[:len(key)-1] {
		e := cont.Get(k)
		if e == nil {
			e = b.entry(k, parts[i].Range, b.tableValue(OriginDotted, parts[i].Range))
			b.add(cont, e)
		}
		if e.Value.Kind != KindTable {
			b.errorf(keyRange, "%s is already defined as a %s%s, so it cannot hold keys", quoteKey(key[:i+1]), e.Value.Kind, b.at(e.KeyRange))
			return
		}
		cont = e.Value.Table
	}
	stem := parts[len(parts)-1]
	if e := cont.Get(stem.Name); e != nil {
		b.errorf(stem.Range, "duplicate key %s in an inline table%s", quoteKey(key), b.at(e.KeyRange))
		return
	}
	b.add(cont, b.entry(stem.Name, stem.Range, v))
	if v.Kind == KindTable || v.Kind == KindArray {
		flags.set(&b.fnodes, key, flagFrozen, true)
	}
}

// decodeString decodes the string token at r the way tomllib does (CRLF in
// the source reads as LF) and reports TOML 1.1 escapes.
func (b *builder) decodeString(r Range) string {
	raw := b.src[r.Start:r.End]
	if len(raw) < 2 {
		return ""
	}
	switch {
	case len(raw) >= 6 && raw[0] == '\'' && raw[1] == '\'' && raw[2] == '\'':
		body := raw[3 : len(raw)-3]
		body = trimFirstNewline(body)
		if bytes.IndexByte(body, '\r') < 0 {
			return str(body)
		}
		return strings.ReplaceAll(string(body), "\r\n", "\n")
	case raw[0] == '\'':
		return str(raw[1 : len(raw)-1])
	case len(raw) >= 6 && raw[0] == '"' && raw[1] == '"' && raw[2] == '"':
		off := r.Start + 3
		body := raw[3 : len(raw)-3]
		if t := trimFirstNewline(body); len(t) != len(body) {
			off += len(body) - len(t)
			body = t
		}
		return b.unescape(body, off, true)
	default:
		return b.unescape(raw[1:len(raw)-1], r.Start+1, false)
	}
}

func trimFirstNewline(b []byte) []byte {
	if len(b) > 0 && b[0] == '\n' {
		return b[1:]
	}
	if len(b) > 1 && b[0] == '\r' && b[1] == '\n' {
		return b[2:]
	}
	return b
}

// unescape decodes the body of a basic string; off is the body's offset in
// the source, for error ranges.
func (b *builder) unescape(body []byte, off int, multiline bool) string {
	if !containsAny(body, '\\', '\r') {
		return str(body)
	}
	var sb strings.Builder
	sb.Grow(len(body))
	for i := 0; i < len(body); {
		c := body[i]
		if c == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			sb.WriteByte('\n')
			i += 2
			continue
		}
		if c != '\\' || i+1 >= len(body) {
			sb.WriteByte(c)
			i++
			continue
		}
		e := body[i+1]
		switch e {
		case 'b':
			sb.WriteByte('\b')
		case 't':
			sb.WriteByte('\t')
		case 'n':
			sb.WriteByte('\n')
		case 'f':
			sb.WriteByte('\f')
		case 'r':
			sb.WriteByte('\r')
		case '"':
			sb.WriteByte('"')
		case '\\':
			sb.WriteByte('\\')
		case 'u', 'U':
			n := 4
			if e == 'U' {
				n = 8
			}
			if i+2+n <= len(body) {
				if x, err := strconv.ParseUint(string(body[i+2:i+2+n]), 16, 32); err == nil {
					sb.WriteRune(rune(x))
				}
			}
			i += 2 + n
			continue
		case 'e':
			b.errorf(Range{off + i, off + i + 2}, "the escape \\e is TOML 1.1; TOML 1.0, which the osmosis CLI reads, does not have it: use \\u001b")
			sb.WriteByte(0x1b)
		case 'x':
			b.errorf(Range{off + i, off + min(i+4, len(body))}, "the escape \\xHH is TOML 1.1; TOML 1.0, which the osmosis CLI reads, does not have it: use \\u00HH")
			if i+4 <= len(body) {
				if x, err := strconv.ParseUint(string(body[i+2:i+4]), 16, 8); err == nil {
					sb.WriteRune(rune(x))
				}
			}
			i += 4
			continue
		default:
			if multiline && (e == ' ' || e == '\t' || e == '\n' || e == '\r') {
				// line-ending backslash: drop the whitespace and newlines
				j := i + 1
				for j < len(body) && (body[j] == ' ' || body[j] == '\t' || body[j] == '\n' || body[j] == '\r') {
					j++
				}
				i = j
				continue
			}
			sb.WriteByte(e)
		}
		i += 2
	}
	return sb.String()
}

func containsAny(b []byte, c1, c2 byte) bool {
	for _, c := range b {
		if c == c1 || c == c2 {
			return true
		}
	}
	return false
}

func stripUnderscores(s string) string {
	if strings.IndexByte(s, '_') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "_", "")
}

// decodeInteger sets v.Int, or v.Big with v.Overflow for integers Python
// reads but 64 bits cannot hold.
func (b *builder) decodeInteger(v *Value, raw string) {
	s := stripUnderscores(raw)
	baseN := 10
	digits := s
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x':
			baseN, digits = 16, s[2:]
		case 'o':
			baseN, digits = 8, s[2:]
		case 'b':
			baseN, digits = 2, s[2:]
		}
	}
	if i, err := strconv.ParseInt(digits, baseN, 64); err == nil {
		v.Int = i
		return
	}
	if bi, ok := new(big.Int).SetString(digits, baseN); ok {
		if bi.IsInt64() {
			v.Int = bi.Int64()
			return
		}
		v.Big = bi
		v.Overflow = true
	}
}

// decodeFloat sets v.Float the way Python's float() reads the literal.
func (b *builder) decodeFloat(v *Value, raw string) {
	s := stripUnderscores(raw)
	switch strings.TrimLeft(s, "+-") {
	case "inf":
		v.Float = math.Inf(1)
		if s[0] == '-' {
			v.Float = math.Inf(-1)
		}
		return
	case "nan":
		v.Float = math.NaN()
		return
	}
	f, err := strconv.ParseFloat(s, 64)
	v.Float = f
	if err != nil && math.IsInf(f, 0) {
		v.Overflow = true
	}
}

// checkDateTime validates a date or time token exactly as tomllib does and
// returns its kind.
func (b *builder) checkDateTime(r Range, raw string) (Kind, string) {
	k, msg := classifyDateTime(raw)
	if msg != "" {
		b.errorf(r, "invalid date or time %s: %s", raw, msg)
	}
	return k, raw
}

func digitsAt(s string, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	x := 0
	for k := i; k < i+n; k++ {
		c := s[k]
		if c < '0' || c > '9' {
			return 0, false
		}
		x = x*10 + int(c-'0')
	}
	return x, true
}

// timeAt reads HH:MM:SS[.fraction] at i and returns the offset after it.
func timeAt(s string, i int) (int, string) {
	h, ok1 := digitsAt(s, i, 2)
	m, ok2 := digitsAt(s, i+3, 2)
	if !ok1 || len(s) < i+3 || s[i+2] != ':' || !ok2 {
		return 0, "expected a time HH:MM:SS"
	}
	if len(s) < i+6 || s[i+5] != ':' {
		return 0, "seconds are required in TOML 1.0 (write HH:MM:SS)"
	}
	sec, ok3 := digitsAt(s, i+6, 2)
	if !ok3 {
		return 0, "seconds are required in TOML 1.0 (write HH:MM:SS)"
	}
	if h > 23 || m > 59 || sec > 59 {
		return 0, "hour, minute or second out of range"
	}
	j := i + 8
	if j < len(s) && s[j] == '.' {
		k := j + 1
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k == j+1 {
			return 0, "a fraction of a second needs digits after the dot"
		}
		j = k
	}
	return j, ""
}

func classifyDateTime(s string) (Kind, string) {
	if len(s) >= 3 && s[2] == ':' {
		j, msg := timeAt(s, 0)
		if msg != "" {
			return KindLocalTime, msg
		}
		if j != len(s) {
			return KindLocalTime, "unexpected text after the time"
		}
		return KindLocalTime, ""
	}
	y, ok1 := digitsAt(s, 0, 4)
	mo, ok2 := digitsAt(s, 5, 2)
	d, ok3 := digitsAt(s, 8, 2)
	if !ok1 || !ok2 || !ok3 || s[4] != '-' || s[7] != '-' {
		return KindLocalDate, "expected a date YYYY-MM-DD"
	}
	if y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) {
		return KindLocalDate, "no such date"
	}
	if len(s) == 10 {
		return KindLocalDate, ""
	}
	if c := s[10]; c != 'T' && c != 't' && c != ' ' {
		return KindLocalDate, "unexpected text after the date"
	}
	j, msg := timeAt(s, 11)
	if msg != "" {
		return KindLocalDateTime, msg
	}
	if j == len(s) {
		return KindLocalDateTime, ""
	}
	switch s[j] {
	case 'Z', 'z':
		if j+1 == len(s) {
			return KindOffsetDateTime, ""
		}
	case '+', '-':
		oh, ok1 := digitsAt(s, j+1, 2)
		om, ok2 := digitsAt(s, j+4, 2)
		if ok1 && ok2 && s[j+3] == ':' && j+6 == len(s) {
			if oh > 23 || om > 59 {
				return KindOffsetDateTime, "time zone offset out of range"
			}
			return KindOffsetDateTime, ""
		}
	}
	return KindOffsetDateTime, "expected Z or a +HH:MM offset after the time"
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

var _ = utf8.RuneError
