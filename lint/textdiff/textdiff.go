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
// so a hostile file costs at most O((lines) × MaxEditDistance) comparisons.
// The search keeps two frontiers of MaxEditDistance cells: its memory is
// linear, whatever the files.
const MaxEditDistance = 1000

// Script returns an edit script from a to b: the common ends kept, and the
// middle by Myers' shortest edit script (the linear-space version, which
// splits at a middle snake) when it is within MaxEditDistance. Keeping the
// Keep and Delete lines gives a, keeping Keep and Insert gives b.
func Script(a, b []string) []Op {
	limit := min(len(a)+len(b), MaxEditDistance)
	half := (limit + 1) / 2
	s := &search{
		out:   make([]Op, 0, len(a)+len(b)),
		fwd:   make([]int, 2*half+3),
		bwd:   make([]int, 2*half+3),
		half:  half,
		limit: limit,
	}
	s.script(a, b)
	deletesFirst(s.out)
	return s.out
}

// deletesFirst puts, in each run of changed lines, the deleted lines before
// the inserted ones, as diffs show them (the halves of a split script can
// meet insert first).
func deletesFirst(ops []Op) {
	var ins []Op // scratch, grown to the longest run
	for i := 0; i < len(ops); {
		if ops[i].Kind == Keep {
			i++
			continue
		}
		end := i
		for end < len(ops) && ops[end].Kind != Keep {
			end++
		}
		if cap(ins) < end-i {
			ins = make([]Op, 0, end-i)
		}
		ins = ins[:0]
		w := i
		for _, o := range ops[i:end] {
			if o.Kind == Delete {
				ops[w] = o
				w++
			} else {
				ins = append(ins, o)
			}
		}
		copy(ops[w:end], ins)
		i = end
	}
}

type search struct {
	out      []Op
	fwd, bwd []int // the frontiers, by diagonal, offset by half+1
	half     int   // rounds of each side within the limit
	limit    int
}

// script appends the script from a to b. Only the top call can exceed the
// limit: a part of a script within it is within it too.
func (s *search) script(a, b []string) {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	s.keep(a[:pre])
	am, bm := a[pre:len(a)-suf], b[pre:len(b)-suf]
	switch {
	case len(am) == 0 || len(bm) == 0:
		s.whole(am, bm)
	default:
		// both sides left and their ends differ: at least two edits, so
		// the middle snake splits the script into two shorter ones
		x, y, u, v, ok := s.middleSnake(am, bm)
		if !ok {
			s.whole(am, bm)
			break
		}
		s.script(am[:x], bm[:y])
		s.keep(am[x:u])
		s.script(am[u:], bm[v:])
	}
	s.keep(a[len(a)-suf:])
}

func (s *search) keep(lines []string) {
	for _, l := range lines {
		s.out = append(s.out, Op{Keep, l})
	}
}

func (s *search) whole(a, b []string) {
	for _, l := range a {
		s.out = append(s.out, Op{Delete, l})
	}
	for _, l := range b {
		s.out = append(s.out, Op{Insert, l})
	}
}

// middleSnake finds the snake (x, y)-(u, v) in the middle of a shortest
// edit script from a to b, searching from both ends at once (Myers 1986,
// section 4b); ok is false when the script is longer than the limit.
func (s *search) middleSnake(a, b []string) (x, y, u, v int, ok bool) {
	n, m := len(a), len(b)
	delta := n - m
	odd := delta&1 != 0
	off := s.half + 1
	fwd, bwd := s.fwd, s.bwd
	fwd[off+1], bwd[off+1] = 0, 0
	for d := 0; d <= s.half; d++ {
		// forward: furthest x on diagonal k = x - y
		for k := -d; k <= d; k += 2 {
			var px int
			if k == -d || (k != d && fwd[off+k-1] < fwd[off+k+1]) {
				px = fwd[off+k+1]
			} else {
				px = fwd[off+k-1] + 1
			}
			py := px - k
			ex, ey := px, py
			for ex < n && ey < m && a[ex] == b[ey] {
				ex, ey = ex+1, ey+1
			}
			fwd[off+k] = ex
			// the backward diagonal of k, searched d-1 rounds so far
			if kr := delta - k; odd && kr >= -(d-1) && kr <= d-1 && ex+bwd[off+kr] >= n {
				if 2*d-1 > s.limit {
					return 0, 0, 0, 0, false
				}
				return px, py, ex, ey, true
			}
		}
		// backward, in reversed coordinates: furthest n-x on diagonal
		// kr = (n-x) - (m-y)
		for kr := -d; kr <= d; kr += 2 {
			var px int
			if kr == -d || (kr != d && bwd[off+kr-1] < bwd[off+kr+1]) {
				px = bwd[off+kr+1]
			} else {
				px = bwd[off+kr-1] + 1
			}
			py := px - kr
			ex, ey := px, py
			for ex < n && ey < m && a[n-1-ex] == b[m-1-ey] {
				ex, ey = ex+1, ey+1
			}
			bwd[off+kr] = ex
			if k := delta - kr; !odd && k >= -d && k <= d && ex+fwd[off+k] >= n {
				if 2*d > s.limit {
					return 0, 0, 0, 0, false
				}
				return n - ex, m - ey, n - px, m - py, true
			}
		}
	}
	return 0, 0, 0, 0, false
}
