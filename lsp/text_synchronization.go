package lsp

import (
	"bytes"
	"context"
	"runtime/debug"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// didOpen and didChange take their params from the wire (wire_text.go):
// the text goes straight into the bytes the document keeps.

func (s *Server) didOpen(ctx context.Context, p *openParams) error {
	td := p.TextDocument
	s.openDoc(td.URI, td.Version, td.Text)
	return nil
}

func (s *Server) didChange(ctx context.Context, p *changeParams) error {
	s.changeDoc(p.TextDocument.URI, p.TextDocument.Version, p.changes())
	return nil
}

// openDoc opens a document with its first text, which it keeps.
func (s *Server) openDoc(u uri.URI, version int32, text []byte) {
	path, ok := filePath(u)
	if !ok {
		return
	}
	d := &document{uri: u, path: path, version: version, text: text}
	s.sess.editDoc(d.uri, func(*document) *document { return d })
	s.checks.schedule(d.uri)
	s.rescans.kick()
}

// changeDoc applies content changes to an open document, in order, in
// time linear in the document and the changes (applyChanges).
func (s *Server) changeDoc(u uri.URI, version int32, changes []textChange) {
	enc := s.caps().enc
	_, now := s.sess.editDoc(u, func(d *document) *document {
		if d == nil {
			return nil
		}
		text := applyChanges(d.text, func() mapper { return d.mapper(enc) }, enc, changes)
		nd := &document{uri: d.uri, path: d.path, version: version, text: text}
		nd.info.Store(d.info.Load()) // same path: same workspace and kind
		return nd
	})
	if now != nil {
		s.checks.schedule(now.uri)
	}
}

// splice returns text with r replaced by repl, in a new buffer.
func splice(text []byte, r toml.Range, repl []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(text) - r.Len() + len(repl))
	b.Write(text[:r.Start])
	b.Write(repl)
	b.Write(text[r.End:])
	return b.Bytes()
}

func (s *Server) DidSave(ctx context.Context, p *protocol.DidSaveTextDocumentParams) error {
	if s.current(p.TextDocument.URI) != nil {
		s.checks.schedule(p.TextDocument.URI)
	}
	s.rescans.kick()
	return nil
}

// largeDocument is the size from which closing a document gives its memory
// back to the system at once, rather than when the runtime gets to it.
const largeDocument = 4 << 20

func (s *Server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	old, _ := s.sess.editDoc(p.TextDocument.URI, func(*document) *document { return nil })
	if old == nil {
		return nil
	}
	// the file on disk may differ from the closed buffer: show its own state
	s.recheckClosed(old.path, old.uri)
	if len(old.text) >= largeDocument {
		s.background("freeing memory", debug.FreeOSMemory)
	}
	return nil
}
