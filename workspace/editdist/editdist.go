// Package editdist measures how far apart two names are, for the "did you
// mean" of unknown keys, rules and tables.
package editdist

import "slices"

// Distance is the optimal string alignment distance of a and b (Levenshtein
// with adjacent transpositions), over runes. Strings of up to 64 runes
// are compared in arrays on the stack; longer ones are 99 apart unless
// equal.
func Distance(a, b string) int { return Within(a, b, 99) }

// Within is Distance when it is at most limit, else some number
// above limit: it stops at the first row whose every entry is over it.
func Within(a, b string, limit int) int {
	var ab, bb [64]rune
	ra, rb := runesInto(ab[:0], a), runesInto(bb[:0], b)
	if ra == nil || rb == nil {
		if a == b {
			return 0
		}
		return 99
	}
	if bagOver(ra, rb, limit) {
		return limit + 1
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

// bagOver reports whether the runes of a and b, counted without their
// order, differ by more than limit: each edit (a transposition none)
// changes that difference by at most one, so the distance is over limit
// too, found without the table. It answers false for runes past ASCII.
func bagOver(a, b []rune, limit int) bool {
	var count [128]int8 // at most 64 runes a side
	for _, r := range a {
		if r >= 128 {
			return false
		}
		count[r]++
	}
	for _, r := range b {
		if r >= 128 {
			return false
		}
		count[r]--
	}
	more, fewer := 0, 0
	for _, r := range a {
		if n := count[r]; n > 0 {
			more += int(n)
			count[r] = 0
		}
	}
	for _, r := range b {
		if n := count[r]; n < 0 {
			fewer -= int(n)
			count[r] = 0
		}
	}
	return max(more, fewer) > limit
}
