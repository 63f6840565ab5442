package lint

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
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
		d := distanceWithin(ls, strings.ToLower(c), bestD-1)
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

// distance is the optimal string alignment distance of a and b (Levenshtein
// with adjacent transpositions), over runes. Strings of up to 64 runes
// are compared in arrays on the stack.
func distance(a, b string) int { return distanceWithin(a, b, 99) }

// distanceWithin is distance when it is at most limit, else some number
// above limit: it stops at the first row whose every entry is over it.
func distanceWithin(a, b string, limit int) int {
	var ab, bb [64]rune
	ra, rb := runesInto(ab[:0], a), runesInto(bb[:0], b)
	if ra == nil || rb == nil {
		if a == b {
			return 0
		}
		return 99
	}
	var r0, r1, r2 [65]int
	prev2, prev, cur := r0[:len(rb)+1], r1[:len(rb)+1], r2[:len(rb)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		// a transposition reaches back two rows: stop when both are over
		if i > 1 && slices.Min(cur) > limit && slices.Min(prev) > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// runesInto appends the runes of s to buf, or returns nil when there are
// more than fit.
func runesInto(buf []rune, s string) []rune {
	for _, r := range s {
		if len(buf) == cap(buf) {
			return nil
		}
		buf = append(buf, r)
	}
	return buf
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
