package lsp

import (
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

// view returns the open document at u with its assist view, or false when
// it is not an open config.
func (s *Server) view(u uri.URI) (*document, *assist.File, mapper, bool) {
	snap := s.sess.snapshot()
	d := snap.docs[u]
	if d == nil {
		return nil, nil, mapper{}, false
	}
	_, f, ok := s.fileFor(snap, d)
	if !ok {
		return nil, nil, mapper{}, false
	}
	return d, f, d.mapper(s.caps().enc), true
}
