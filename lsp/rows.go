package lsp

import (
	"github.com/osmosis-lint/osmosis-lint/lint/datafile"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

// withRows returns the assist view f with the row counts of data/ files
// the server has made: hover and inlay hints read them from the cache,
// and a file not counted yet (or changed since) is counted in the
// background, one at a time, for the next request. A request never waits
// for a file to be read.
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
		s.rows.Start(ws, rel, nil)
		return datafile.Count{}, false
	}
	return &g
}
