package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

func (s *Server) FoldingRanges(ctx context.Context, p *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return []protocol.FoldingRange{}, nil
	}
	f := v.file()
	folds := f.Folds()
	out := make([]protocol.FoldingRange, 0, len(folds))
	for _, fo := range folds {
		fr := protocol.FoldingRange{StartLine: uint32(fo.StartLine), EndLine: uint32(fo.EndLine)}
		if fo.Comment {
			fr.Kind = protocol.FoldingRangeKindComment
		}
		out = append(out, fr)
	}
	return out, nil
}
