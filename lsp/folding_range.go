package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

func (s *Server) FoldingRanges(ctx context.Context, p *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	_, f, _, ok := s.view(p.TextDocument.URI)
	if !ok {
		return []protocol.FoldingRange{}, nil
	}
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
