package toml

import (
	"strings"
	"unicode/utf8"
)

// Quote writes s as a TOML basic string, with TOML's escapes only: `\"`,
// `\\`, `\b`, `\t`, `\n`, `\f`, `\r`, and `\u00XX` for the other control
// characters and DEL, which TOML does not allow raw; every other character
// is written as it is. Parsed back, the result is s.
//
// A TOML string holds only UTF-8, so no quoting keeps a byte that is not
// UTF-8: for such an s, ok is false and each such byte is written as
// U+FFFD, a text fit to show but not to write in place of s (a fix must not
// offer it: it would change the bytes).
func Quote(s string) (quoted string, ok bool) {
	var b strings.Builder
	b.Grow(len(s) + 2)
	ok = writeQuoted(&b, s)
	return b.String(), ok
}

// QuoteKey writes one key in TOML syntax: bare when it can be (ASCII
// letters, digits, '-' and '_'), else quoted as by Quote, with its ok.
func QuoteKey(k string) (quoted string, ok bool) {
	if isBareKey(k) {
		return k, true
	}
	return Quote(k)
}

// DottedKey writes a key path in TOML syntax, each part as by QuoteKey; ok
// is false when a part is not UTF-8.
func DottedKey(path []string) (quoted string, ok bool) {
	var b strings.Builder
	ok = true
	for i, k := range path {
		if i > 0 {
			b.WriteByte('.')
		}
		if isBareKey(k) {
			b.WriteString(k)
		} else if !writeQuoted(&b, k) {
			ok = false
		}
	}
	return b.String(), ok
}

// QuoteLiteral writes s as a TOML literal string ('s'), which has no
// escapes; ok is false when no literal string holds s: it has a quote ('),
// a control character other than tab, or a byte that is not UTF-8.
func QuoteLiteral(s string) (quoted string, ok bool) {
	if !utf8.ValidString(s) {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\'' || c < 0x20 && c != '\t' || c == 0x7f {
			return "", false
		}
	}
	return "'" + s + "'", true
}

// isBareKey reports whether k can be written unquoted.
func isBareKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func writeQuoted(b *strings.Builder, s string) (ok bool) {
	const hex = "0123456789abcdef"
	ok = true
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			ok = false
			b.WriteRune(utf8.RuneError)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return ok
}
