package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

func (s *Server) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	s.rescans.kickSometimes()
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return nil, nil
	}
	f, m := s.withRows(v.file()), v.mapper()
	text, r, ok := f.Hover(m.offset(p.Position))
	if !ok || text == "" {
		return nil, nil
	}
	rng := m.rng(r)
	return &protocol.Hover{Contents: s.caps().markup(escape.Lines(text), s.caps().hoverMarkdown), Range: &rng}, nil
}
