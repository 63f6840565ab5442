package lsp

import (
	"bytes"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// maxDiffCells bounds the line table of a diff; past it the changed middle
// is one edit.
const maxDiffCells = 1 << 20

// minimalEdits returns edits that turn old into new touching only what
// changed: whole lines that differ (found by a longest common subsequence
// of lines), narrowed to the bytes that differ. An editor then keeps its
// marks, folds and cursor on the lines that stay.
func minimalEdits(old, new []byte) []lint.Edit {
	a, b := splitLines(old), splitLines(new)
	// the common head and tail need no table
	head := 0
	for head < len(a) && head < len(b) && bytes.Equal(a[head], b[head]) {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && bytes.Equal(a[len(a)-1-tail], b[len(b)-1-tail]) {
		tail++
	}
	am, bm := a[head:len(a)-tail], b[head:len(b)-tail]
	off := 0
	for _, l := range a[:head] {
		off += len(l)
	}
	var out []lint.Edit
	if len(am)*len(bm) > maxDiffCells {
		return append(out, narrow(off, joinLines(am), joinLines(bm)))
	}
	// lcs[i][j]: the longest common subsequence of am[i:] and bm[j:]
	lcs := make([][]int32, len(am)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(bm)+1)
	}
	for i := len(am) - 1; i >= 0; i-- {
		for j := len(bm) - 1; j >= 0; j-- {
			if bytes.Equal(am[i], bm[j]) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(am) || j < len(bm) {
		if i < len(am) && j < len(bm) && bytes.Equal(am[i], bm[j]) {
			off += len(am[i])
			i++
			j++
			continue
		}
		// a run of changed lines
		i0, j0 := i, j
		for i < len(am) || j < len(bm) {
			if i < len(am) && j < len(bm) && bytes.Equal(am[i], bm[j]) {
				break
			}
			if j >= len(bm) || i < len(am) && lcs[i+1][j] >= lcs[i][j+1] {
				i++
			} else {
				j++
			}
		}
		from, to := joinLines(am[i0:i]), joinLines(bm[j0:j])
		out = append(out, narrow(off, from, to))
		off += len(from)
	}
	return out
}

// narrow is the edit that replaces from (at off) with to, without
// the bytes they begin and end with in common.
func narrow(off int, from, to []byte) lint.Edit {
	p := 0
	for p < len(from) && p < len(to) && from[p] == to[p] {
		p++
	}
	s := 0
	for s < len(from)-p && s < len(to)-p && from[len(from)-1-s] == to[len(to)-1-s] {
		s++
	}
	// keep whole UTF-8 characters: an edit never splits one
	for p > 0 && p < len(from) && from[p]&0xC0 == 0x80 {
		p--
	}
	for s > 0 && len(from)-s < len(from) && from[len(from)-s]&0xC0 == 0x80 {
		s--
	}
	return lint.Edit{Range: toml.Range{Start: off + p, End: off + len(from) - s}, NewText: string(to[p : len(to)-s])}
}

// splitLines splits text after each newline; the last line may have none.
func splitLines(text []byte) [][]byte {
	var out [][]byte
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

func joinLines(lines [][]byte) []byte { return bytes.Join(lines, nil) }
