// Package escape makes text from a workspace safe to show a person. A
// config value, key or file name can hold bytes that a terminal or an
// editor acts on instead of showing: ESC starts color and cursor sequences
// and OSC titles or links, CR overwrites a line, BEL rings, C1 controls do
// the same as their 8-bit forms, and the bidirectional overrides and
// isolates reorder what is read (the "Trojan Source" trick). Each of them,
// and every byte that is not UTF-8, is written as a Go escape instead
// (`\x1b`, `\r`, `\u202e`, `\xff`), as Go's %q and ripgrep show them; the
// rest of the text is left as it is.
package escape

import (
	"strings"
	"unicode/utf8"
)

// Unsafe reports whether r is shown escaped: C0 controls (tab and newline
// included), DEL, C1 controls, the bidirectional marks, embeddings,
// overrides and isolates, and the line and paragraph separators.
func Unsafe(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r < 0xa0:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// String returns s with every unsafe character and invalid byte escaped.
// It returns s itself when nothing needs escaping.
func String(s string) string { return Keeping(s, "") }

// Lines returns s with each line escaped as by String: the newlines
// between its lines stay, so that a message of several lines is shown as
// several lines.
func Lines(s string) string { return Keeping(s, "\n") }

// Keeping returns s escaped as by String but for the ASCII characters in
// keep, which stay as they are (a diff keeps its tabs, a message its
// newlines). It returns s itself when nothing needs escaping.
func Keeping(s, keep string) string {
	i := firstUnsafe(s, keep)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			writeByte(&b, s[i])
		} else if Unsafe(r) && !kept(r, keep) {
			writeRune(&b, r)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func kept(r rune, keep string) bool {
	return r < utf8.RuneSelf && strings.IndexByte(keep, byte(r)) >= 0
}

// Rune returns how r is shown: its escape when it is unsafe, else itself.
// utf8.RuneError stands for an invalid byte and is shown as U+FFFD.
func Rune(r rune) string {
	if !Unsafe(r) {
		return string(r)
	}
	var b strings.Builder
	writeRune(&b, r)
	return b.String()
}

func firstUnsafe(s, keep string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && !kept(rune(c), keep) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || Unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}

const hex = "0123456789abcdef"

func writeRune(b *strings.Builder, r rune) {
	switch r {
	case '\a':
		b.WriteString(`\a`)
	case '\b':
		b.WriteString(`\b`)
	case '\f':
		b.WriteString(`\f`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	case '\v':
		b.WriteString(`\v`)
	default:
		if r < 0x80 {
			writeByte(b, byte(r))
			return
		}
		b.WriteString(`\u`)
		for shift := 12; shift >= 0; shift -= 4 {
			b.WriteByte(hex[r>>shift&0xf])
		}
	}
}

func writeByte(b *strings.Builder, c byte) {
	b.WriteString(`\x`)
	b.WriteByte(hex[c>>4])
	b.WriteByte(hex[c&0xf])
}
