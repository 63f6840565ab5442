package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// SelectionRange answers each position with the ranges around it, from
// the string's text out to the whole document.
func (s *Server) SelectionRange(ctx context.Context, p *protocol.SelectionRangeParams) ([]protocol.SelectionRange, error) {
	out := []protocol.SelectionRange{}
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	for _, pos := range p.Positions {
		var sr *protocol.SelectionRange
		if ok {
			m := v.mapper()
			chain := v.file().SelectionRanges(m.offset(pos))
			for i := len(chain) - 1; i >= 0; i-- {
				sr = &protocol.SelectionRange{Range: m.rng(chain[i]), Parent: sr}
			}
		}
		if sr == nil {
			// one answer per position: the empty range at it
			sr = &protocol.SelectionRange{Range: protocol.Range{Start: pos, End: pos}}
		}
		out = append(out, *sr)
	}
	return out, nil
}
