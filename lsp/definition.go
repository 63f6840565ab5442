package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

func (s *Server) Definition(ctx context.Context, p *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	s.rescans.kickSometimes()
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok || v.file().WS == nil {
		return nil, nil
	}
	f, m := v.file(), v.mapper()
	t, _, ok := f.Definition(m.offset(p.Position))
	if !ok {
		return nil, nil
	}
	target := filepath.Join(f.WS.Root(), filepath.FromSlash(t.Path))
	return &protocol.Location{URI: uri.File(target)}, nil
}
