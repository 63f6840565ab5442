package lsp

import (
	"bytes"
	"context"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func (s *Server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, ok := filePath(p.TextDocument.URI)
	if !ok {
		return nil
	}
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	s.sess.editDoc(d.uri, func(*document) *document { return d })
	s.checks.schedule(d.uri)
	s.rescans.kick()
	return nil
}

func (s *Server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	enc := s.caps().enc
	_, now := s.sess.editDoc(p.TextDocument.URI, func(d *document) *document {
		if d == nil {
			return nil
		}
		text := d.text
		for i, ch := range p.ContentChanges {
			switch c := ch.(type) {
			case *protocol.TextDocumentContentChangeWholeDocument:
				text = []byte(c.Text)
			case *protocol.TextDocumentContentChangePartial:
				m := d.mapper(enc)
				if i > 0 {
					m = newMapper(text, enc)
				}
				text = splice(text, m.toRange(c.Range), c.Text)
			}
		}
		nd := &document{uri: d.uri, path: d.path, version: p.TextDocument.Version, text: text}
		nd.info.Store(d.info.Load()) // same path: same workspace and kind
		return nd
	})
	if now != nil {
		s.checks.schedule(now.uri)
	}
	return nil
}

// splice returns text with r replaced by repl, in a new buffer.
func splice(text []byte, r toml.Range, repl string) []byte {
	var b bytes.Buffer
	b.Grow(len(text) - r.Len() + len(repl))
	b.Write(text[:r.Start])
	b.WriteString(repl)
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

func (s *Server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	old, _ := s.sess.editDoc(p.TextDocument.URI, func(*document) *document { return nil })
	if old == nil {
		return nil
	}
	// the file on disk may differ from the closed buffer: show its own state
	s.recheckClosed(old.path, old.uri)
	return nil
}
