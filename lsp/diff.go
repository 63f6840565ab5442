package lsp

import (
	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/textdiff"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// minimalEdits returns edits that turn old into new touching only what
// changed: each run of lines that differ (by the shortest edit script of
// lint/textdiff, bounded as there: past its bound the changed middle is
// one edit), narrowed to the bytes that differ. An editor then keeps its
// marks, folds and cursor on the lines that stay.
func minimalEdits(old, new []byte) []lint.Edit {
	ops := textdiff.Script(textdiff.Lines(string(old)), textdiff.Lines(string(new)))
	var out []lint.Edit
	off := 0 // where in old the next op is
	for i := 0; i < len(ops); {
		if ops[i].Kind == textdiff.Keep {
			off += len(ops[i].Line)
			i++
			continue
		}
		// a run of changed lines: what it deletes from old, what it inserts
		var from, to []byte
		for ; i < len(ops) && ops[i].Kind != textdiff.Keep; i++ {
			if ops[i].Kind == textdiff.Delete {
				from = append(from, ops[i].Line...)
			} else {
				to = append(to, ops[i].Line...)
			}
		}
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
