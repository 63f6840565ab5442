package python

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// prepared is a source as CPython's tokenizer sees it after decoding:
// the byte order mark removed, every line ending a "\n", and a final
// newline added (compile's 'exec' mode does both).
type prepared struct {
	text []byte
	// lineStarts[i] is the offset of line i+1 in text.
	lineStarts []int
	// strictUTF8 says that bytes that are not UTF-8 are an error the
	// tokenizer reports where it meets them (no declaration, or "utf-8"
	// declared); when false, an alias was declared and Python decodes the
	// whole text first, so such a file is undecided.
	strictUTF8 bool
}

// prepare decodes src the way compile(src_bytes, name, 'exec') does, or
// says why the reader does not decide: a declared encoding other than
// UTF-8 (Python's codec table is not repeated here).
func prepare(src []byte) (*prepared, *SyntaxError, bool) {
	if bytes.IndexByte(src, 0) >= 0 {
		// compile() refuses the whole string before tokenizing: no position.
		return nil, &SyntaxError{Kind: KindSyntax, Msg: "the source contains a NUL byte, which Python refuses"}, true
	}
	bom := bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF})
	if bom {
		src = src[3:]
	}
	strict := true
	if name, ok := codingCookie(src); ok {
		switch normal := normalEncoding(name); {
		case normal == "utf-8":
		case utf8Alias(normal):
			strict = false
		default:
			return nil, nil, false
		}
	}
	if !strict && !utf8.Valid(src) {
		return nil, nil, false
	}
	text := make([]byte, 0, len(src)+1)
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\r' {
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			c = '\n'
		}
		text = append(text, c)
	}
	if len(text) == 0 || text[len(text)-1] != '\n' {
		text = append(text, '\n')
	}
	starts := []int{0}
	for i, c := range text[:len(text)-1] {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &prepared{text: text, lineStarts: starts, strictUTF8: strict}, nil, true
}

// codingCookie finds an encoding declaration (PEP 263) on the first line,
// or on the second when the first holds only a comment or blanks.
func codingCookie(src []byte) (string, bool) {
	line1, rest, _ := bytes.Cut(src, []byte("\n"))
	if name, ok := cookieOn(line1); ok {
		return name, true
	}
	if !commentOrBlank(line1) {
		return "", false
	}
	line2, _, _ := bytes.Cut(rest, []byte("\n"))
	return cookieOn(line2)
}

func commentOrBlank(line []byte) bool {
	for _, c := range line {
		switch c {
		case '#', '\r':
			return true
		case ' ', '\t', '\f':
		default:
			return false
		}
	}
	return true
}

// cookieOn follows the tokenizer's get_coding_spec: a comment line whose
// text holds "coding" then ':' or '=', then the name's characters.
func cookieOn(line []byte) (string, bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\f') {
		i++
	}
	if i >= len(line) || line[i] != '#' {
		return "", false
	}
	s := string(line[i:])
	for {
		k := strings.Index(s, "coding")
		if k < 0 {
			return "", false
		}
		s = s[k+len("coding"):]
		if s == "" || (s[0] != ':' && s[0] != '=') {
			continue
		}
		t := strings.TrimLeft(s[1:], " \t")
		n := 0
		for n < len(t) && (isAlnum(t[n]) || t[n] == '-' || t[n] == '_' || t[n] == '.') {
			n++
		}
		if n > 0 {
			return t[:n], true
		}
	}
}

// normalEncoding is the tokenizer's get_normal_name: utf-8 and latin-1
// spellings folded to one name each.
func normalEncoding(name string) string {
	lower := strings.ToLower(strings.ReplaceAll(name, "_", "-"))
	switch {
	case lower == "utf-8" || strings.HasPrefix(lower, "utf-8-"):
		return "utf-8"
	case lower == "latin-1" || lower == "iso-8859-1" || lower == "iso-latin-1" ||
		strings.HasPrefix(lower, "latin-1-") || strings.HasPrefix(lower, "iso-8859-1-") || strings.HasPrefix(lower, "iso-latin-1-"):
		return "iso-8859-1"
	}
	return name
}

// utf8Alias reports names Python's codec registry maps to UTF-8 itself.
func utf8Alias(name string) bool {
	switch strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(name, "-", "_"), " ", "_")) {
	case "utf8", "utf_8", "u8", "utf", "utf8_ucs2", "utf8_ucs4", "cp65001":
		return true
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// position converts a byte offset of the prepared text to a 1-based line
// and a count of characters before it on its line, as CPython counts them
// (a byte that is not UTF-8 is one character).
func (p *prepared) position(off int) (line, chars int) {
	lo, hi := 0, len(p.lineStarts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if p.lineStarts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1, countChars(p.text[p.lineStarts[lo]:off])
}

func countChars(b []byte) int {
	n := 0
	for len(b) > 0 {
		_, size := utf8.DecodeRune(b)
		b = b[size:]
		n++
	}
	return n
}

// lineEnd is the offset just after the "\n" ending the line holding off.
func (p *prepared) lineEnd(off int) int {
	if i := bytes.IndexByte(p.text[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(p.text)
}
