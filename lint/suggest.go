package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/workspace/editdist"
)

// suggest returns the candidate closest to s, or "" when none is close
// enough to be a likely typo. A case-insensitive match wins; otherwise the
// edit distance (with transpositions) must be small for the length of s.
func suggest(s string, candidates []string) string {
	if s == "" {
		return ""
	}
	for _, c := range candidates {
		if c != s && strings.EqualFold(c, s) {
			return c
		}
	}
	n := utf8.RuneCountInString(s)
	limit := 1
	switch {
	case n >= 9:
		limit = 3
	case n >= 5:
		limit = 2
	}
	ls := strings.ToLower(s)
	best, bestD := "", limit+1
	for _, c := range candidates {
		if c == s {
			continue
		}
		// lengths further apart than the limit are never close: most
		// candidates end here, without a table
		if d := utf8.RuneCountInString(c) - n; d > limit || -d > limit {
			continue
		}
		d := editdist.Within(ls, strings.ToLower(c), bestD-1)
		if d < bestD {
			best, bestD = c, d
		}
	}
	// also accept a candidate that contains s or is contained in it with
	// separators ("learning_rate" ~ "lr" is too far; "batch_size" in
	// "rollout_batch_size" is close)
	if best == "" {
		for _, c := range candidates {
			if len(s) >= 4 && (strings.HasSuffix(c, "_"+s) || strings.HasPrefix(c, s+"_")) {
				return c
			}
		}
	}
	return best
}

// didYouMean formats a suggestion clause, or "".
func didYouMean(s string, candidates []string) (string, string) {
	if best := suggest(s, candidates); best != "" {
		return "; did you mean `" + best + "`?", best
	}
	return "", ""
}

// code wraps text in backquotes for messages, showing invisible characters.
func code(s string) string {
	return "`" + visible(s) + "`"
}

// visible escapes control and invisible characters so a message shows what
// is really in the file.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case escape.Unsafe(r) || isInvisible(r):
			b.WriteString(`\u`)
			const hex = "0123456789ABCDEF"
			b.WriteByte(hex[r>>12&0xF])
			b.WriteByte(hex[r>>8&0xF])
			b.WriteByte(hex[r>>4&0xF])
			b.WriteByte(hex[r&0xF])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isInvisible(r rune) bool {
	switch r {
	case 0xA0, 0x1680, 0x180E, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF, 0x200B, 0x200C, 0x200D, 0x2060:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}
