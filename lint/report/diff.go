package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// WriteDiff writes a unified diff (three lines of context, git's a/ and b/
// prefixes) that turns before into after, for the file shown as path. It
// writes nothing when they are equal. Credentials on either side are
// masked as in every other output (lint.Masked): a line holding one is
// shown with its lead and asterisks, so such a diff shows the change but
// does not apply as a patch to that line.
func WriteDiff(w io.Writer, path string, before, after []byte) error {
	if string(before) == string(after) {
		return nil
	}
	before, after = lint.Masked(before, nil), lint.Masked(after, nil)
	a, b := splitLines(string(before)), splitLines(string(after))
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "--- a/%s\n+++ b/%s\n", path, path)
	for _, h := range hunks(diffLines(a, b), 3) {
		fmt.Fprintf(bw, "@@ -%s +%s @@\n", hunkRange(h.aStart, h.aLen), hunkRange(h.bStart, h.bLen))
		for _, l := range h.lines {
			bw.WriteString(shownLine(l))
			if !strings.HasSuffix(l, "\n") {
				bw.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	return bw.Flush()
}

// shownLine is a diff line as the terminal gets it: control characters,
// bidirectional overrides and bytes that are not UTF-8 escaped as in every
// other output (a config can hold them only where TOML allows, so a valid
// file's lines are shown as they are, but for those overrides), tabs and
// the line's end (LF or CRLF) kept so that the diff still applies.
func shownLine(l string) string {
	body, end := l, ""
	switch {
	case strings.HasSuffix(l, "\r\n"):
		body, end = l[:len(l)-2], "\r\n"
	case strings.HasSuffix(l, "\n"):
		body, end = l[:len(l)-1], "\n"
	}
	parts := strings.Split(body, "\t")
	for i, p := range parts {
		parts[i] = escape.String(p)
	}
	return strings.Join(parts, "\t") + end
}

func splitLines(s string) []string {
	var out []string
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

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// op is one line of an edit script: ' ' kept, '-' deleted, '+' inserted.
type op struct {
	kind byte
	line string
}

// maxEditDistance bounds the search for a shortest edit script; past it
// the changed middle is shown as deleted, then inserted (still a correct
// diff), so a hostile file cannot make the diff quadratic.
const maxEditDistance = 1000

// diffLines returns an edit script from a to b: common ends kept, and the
// middle by Myers' shortest edit script when it is within reach.
func diffLines(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []op
	for _, l := range a[:pre] {
		out = append(out, op{' ', l})
	}
	out = append(out, myers(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		out = append(out, op{' ', l})
	}
	return out
}

func myers(a, b []string) []op {
	n, m := len(a), len(b)
	limit := min(n+m, maxEditDistance)
	offset := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int
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
		var out []op
		for _, l := range a {
			out = append(out, op{'-', l})
		}
		for _, l := range b {
			out = append(out, op{'+', l})
		}
		return out
	}
	// walk back from (n, m) through the saved frontiers
	var rev []op
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
			rev = append(rev, op{' ', a[x]})
		}
		if x == prevX {
			y--
			rev = append(rev, op{'+', b[y]})
		} else {
			x--
			rev = append(rev, op{'-', a[x]})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, op{' ', a[x]})
	}
	out := make([]op, len(rev))
	for i, o := range rev {
		out[len(rev)-1-i] = o
	}
	return out
}

type hunk struct {
	aStart, aLen, bStart, bLen int
	lines                      []string
}

// hunks groups an edit script into hunks with ctx lines of context;
// changes closer than 2*ctx lines share a hunk.
func hunks(ops []op, ctx int) []hunk {
	// aPos[i], bPos[i]: lines of a and b before ops[i]
	aPos, bPos := make([]int, len(ops)+1), make([]int, len(ops)+1)
	for i, o := range ops {
		aPos[i+1], bPos[i+1] = aPos[i], bPos[i]
		if o.kind != '+' {
			aPos[i+1]++
		}
		if o.kind != '-' {
			bPos[i+1]++
		}
	}
	var out []hunk
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start, last := max(0, i-ctx), i
		for j := i + 1; j < len(ops) && j-last <= 2*ctx; j++ {
			if ops[j].kind != ' ' {
				last = j
			}
		}
		end := min(len(ops), last+ctx+1)
		h := hunk{aStart: aPos[start], bStart: bPos[start], aLen: aPos[end] - aPos[start], bLen: bPos[end] - bPos[start]}
		for _, o := range ops[start:end] {
			h.lines = append(h.lines, string(o.kind)+o.line)
		}
		out = append(out, h)
		i = end
	}
	return out
}
