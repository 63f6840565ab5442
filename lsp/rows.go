package lsp

import (
	"context"

	"github.com/osmosis-lint/osmosis-lint/lint/datafile"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

// withRows returns the assist view f with the row counts of data/ files
// the server has made: hover and inlay hints read them from the cache,
// and a file not counted yet (or changed since) is counted in the
// background, one at a time, for the next request. A request never waits
// for a file to be read: when the count is made, a client that takes
// workspace/inlayHint/refresh is asked to ask again.
func (s *Server) withRows(f *assist.File) *assist.File {
	if f.WS == nil {
		return f
	}
	ws := f.WS
	g := *f
	g.Rows = func(rel string) (datafile.Count, bool) {
		if n, ok := s.rows.Cached(ws, rel); ok {
			return n, true
		}
		s.rows.Start(ws, rel, s.refreshInlayHints)
		return datafile.Count{}, false
	}
	return &g
}

// refreshInlayHints asks the client to ask for inlay hints again, after a
// count it could not show yet. One request at a time: while one waits for
// its answer, the counts made meanwhile are shown by it or by the next
// request for hints.
func (s *Server) refreshInlayHints(counted bool) {
	if !counted || !s.caps().inlayRefresh || !s.inlayRefreshing.CompareAndSwap(false, true) {
		return
	}
	s.background("workspace/inlayHint/refresh", func() {
		defer s.inlayRefreshing.Store(false)
		ctx, cancel := context.WithTimeout(s.ctx, refreshTimeout)
		defer cancel()
		_ = s.client.InlayHintRefresh(ctx)
	})
}
