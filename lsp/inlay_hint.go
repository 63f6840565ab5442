package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

func (s *Server) InlayHint(ctx context.Context, p *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return []protocol.InlayHint{}, nil
	}
	f, m := s.withRows(v.file()), v.mapper()
	c := s.caps()
	hints := f.InlayHints(m.toRange(p.Range))
	out := make([]protocol.InlayHint, 0, len(hints))
	for _, h := range hints {
		out = append(out, protocol.InlayHint{
			Position:    m.position(h.At),
			Label:       protocol.String(h.Label),
			Tooltip:     c.markup(h.Tooltip, c.hoverMarkdown),
			PaddingLeft: ptr(true),
		})
	}
	return out, nil
}
