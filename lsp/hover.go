package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

func (s *Server) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	s.rescans.kickSometimes()
	_, f, m, ok := s.view(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	text, r, ok := f.Hover(m.offset(p.Position))
	if !ok || text == "" {
		return nil, nil
	}
	rng := m.rng(r)
	return &protocol.Hover{Contents: s.caps().markup(shown(text), s.caps().hoverMarkdown), Range: &rng}, nil
}
