package lsp

import (
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// publisher sends diagnostics one publication at a time, each after a last
// look that it is still current, and remembers the unopened files whose
// diagnostics it shows, to clear them when they go away. A file that is
// not open and has nothing to show is not published for unless something
// is shown for it: in a workspace of clean configs the client is sent
// nothing for them, rather than one empty list a config.
type publisher struct {
	s      *Server
	mu     sync.Mutex       // orders publications
	closed map[uri.URI]bool // closed configs with diagnostics shown
}

// publishIf publishes diagnostics if ok, asked while no other publication
// is under way, says they are still current. ok may read and change the
// closed set.
func (p *publisher) publishIf(u uri.URI, d *document, version *int32, fs []lint.Finding, ok func() bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ok() {
		p.s.publish(u, d, version, fs)
	}
}

// publishClosed publishes the diagnostics of a file that is not open, and
// remembers it for clearing when it goes away. No findings are published
// only where diagnostics are shown: the file's own before, or, with shown,
// those of the document just closed.
func (p *publisher) publishClosed(u uri.URI, d *document, fs []lint.Finding, shown bool) {
	p.publishIf(u, d, nil, fs, func() bool {
		if p.s.current(u) != nil {
			return false
		}
		if noDiagnostics(d, fs) {
			was := p.closed[u]
			delete(p.closed, u)
			return was || shown
		}
		p.closed[u] = true
		return true
	})
}

// clearClosed clears the diagnostics of a file that is not open and is no
// config any more (deleted, moved away), if any were published.
func (p *publisher) clearClosed(u uri.URI) {
	p.publishIf(u, nil, nil, nil, func() bool {
		if p.s.current(u) != nil {
			return false
		}
		was := p.closed[u]
		delete(p.closed, u)
		return was
	})
}

// clearGone clears the unopened files published for that are not in seen.
func (p *publisher) clearGone(seen map[uri.URI]bool) {
	p.mu.Lock()
	var gone []uri.URI
	for u := range p.closed {
		if !seen[u] {
			gone = append(gone, u)
			delete(p.closed, u)
		}
	}
	p.mu.Unlock()
	for _, u := range gone {
		p.publishIf(u, nil, nil, nil, func() bool { return p.s.current(u) == nil })
	}
}

// publish sends the diagnostics of a file (version nil for files that are
// not open).
func (s *Server) publish(u uri.URI, d *document, version *int32, fs []lint.Finding) {
	if s.lifecycle() == stateShutdown {
		return // the client is going away: background results are dropped
	}
	// the params are written out before Notify returns: version is not
	// kept
	params := &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: s.diagnostics(d, fs)}
	if version != nil {
		params.Version = protocol.NewOptional(*version)
	}
	if err := s.client.PublishDiagnostics(s.ctx, params); err != nil {
		s.log.Printf("publish %s: %v", u, err)
	}
}
