// Package textdiff is the one line diff of the product: the shortest edit
// script between two lists of lines (Myers), bounded so that a hostile file
// cannot make it quadratic. It serves check --diff and the MCP fix diff
// (lint/report.WriteDiff) and the language server's minimal edits.
package textdiff

import "strings"

// Lines splits s after each newline; the last line may have none. The
// lines are substrings of s: nothing is copied.
func Lines(s string) []string {
	out := make([]string, 0, strings.Count(s, "\n")+1)
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// Op is one line of an edit script.
type Op struct {
	Kind byte // Keep, Delete or Insert
	Line string
}

// The kinds of an Op, as a unified diff shows them.
const (
	Keep   byte = ' '
	Delete byte = '-'
	Insert byte = '+'
)

// MaxEditDistance bounds the search for a shortest edit script; past it
// the changed middle is deleted, then inserted (still a correct script),
// so a hostile file costs at most MaxEditDistance rounds and
// MaxEditDistance² saved frontier cells.
const MaxEditDistance = 1000

// Script returns an edit script from a to b: the common ends kept, and the
// middle by Myers' shortest edit script when it is within MaxEditDistance.
// Keeping the Keep and Delete lines gives a, keeping Keep and Insert gives b.
func Script(a, b []string) []Op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	out := make([]Op, 0, len(a)+len(b)-pre-suf)
	for _, l := range a[:pre] {
		out = append(out, Op{Keep, l})
	}
	out = myers(out, a[pre:len(a)-suf], b[pre:len(b)-suf])
	for _, l := range a[len(a)-suf:] {
		out = append(out, Op{Keep, l})
	}
	return out
}

// myers appends to out the shortest edit script from a to b, or, past
// MaxEditDistance, all of a deleted then all of b inserted.
func myers(out []Op, a, b []string) []Op {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return whole(out, a, b)
	}
	limit := min(n+m, MaxEditDistance)
	offset := limit + 1
	v := make([]int, 2*limit+3)
	trace := make([][]int, 0, limit+1)
	found := -1
	for d := 0; d <= limit && found < 0; d++ {
		// the frontier before round d, for k in [-d-1, d+1]
		trace = append(trace, append([]int(nil), v[offset-d-1:offset+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[offset+k-1] < v[offset+k+1]) {
				x = v[offset+k+1]
			} else {
				x = v[offset+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[offset+k] = x
			if x >= n && y >= m {
				found = d
				break
			}
		}
	}
	if found < 0 {
		return whole(out, a, b)
	}
	// walk back from (n, m) through the saved frontiers, writing the
	// script backwards into its place at the end of out
	start := len(out)
	x, y := n, m
	for d := found; d > 0; d-- {
		at := func(k int) int { return trace[d][k+d+1] }
		k := x - y
		var prevK int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			out = append(out, Op{Keep, a[x]})
		}
		if x == prevX {
			y--
			out = append(out, Op{Insert, b[y]})
		} else {
			x--
			out = append(out, Op{Delete, a[x]})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		out = append(out, Op{Keep, a[x]})
	}
	rev := out[start:]
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return out
}

func whole(out []Op, a, b []string) []Op {
	for _, l := range a {
		out = append(out, Op{Delete, l})
	}
	for _, l := range b {
		out = append(out, Op{Insert, l})
	}
	return out
}
