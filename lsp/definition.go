package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

func (s *Server) Definition(ctx context.Context, p *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	s.rescans.kickSometimes()
	_, f, m, ok := s.view(p.TextDocument.URI)
	if !ok || f.WS == nil {
		return nil, nil
	}
	t, _, ok := f.Definition(m.offset(p.Position))
	if !ok {
		return nil, nil
	}
	target := filepath.Join(f.WS.Root(), filepath.FromSlash(t.Path))
	return &protocol.Location{URI: uri.File(target)}, nil
}
