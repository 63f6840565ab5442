package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime/debug"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// wireSync handles didOpen and didChange from their wire params (see
// wire_text.go); handled is false for other methods.
func (s *Server) wireSync(method string, params []byte) (handled bool, err error) {
	switch method {
	case protocol.MethodTextDocumentDidOpen:
		var p openParams
		if err := json.Unmarshal(params, &p); err != nil {
			return true, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
		}
		td := p.TextDocument
		s.openDoc(uri.URI(td.URI), td.Version, td.Text)
		return true, nil
	case protocol.MethodTextDocumentDidChange:
		var p changeParams
		if err := json.Unmarshal(params, &p); err != nil {
			return true, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
		}
		s.changeDoc(uri.URI(p.TextDocument.URI), p.TextDocument.Version, p.changes())
		return true, nil
	}
	return false, nil
}

func (s *Server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	s.openDoc(p.TextDocument.URI, p.TextDocument.Version, []byte(p.TextDocument.Text))
	return nil
}

func (s *Server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	changes := make([]textChange, 0, len(p.ContentChanges))
	for _, ch := range p.ContentChanges {
		switch c := ch.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			changes = append(changes, textChange{whole: true, text: []byte(c.Text)})
		case *protocol.TextDocumentContentChangePartial:
			changes = append(changes, textChange{rng: c.Range, text: []byte(c.Text)})
		}
	}
	s.changeDoc(p.TextDocument.URI, p.TextDocument.Version, changes)
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

// changeDoc applies content changes to an open document, in order.
func (s *Server) changeDoc(u uri.URI, version int32, changes []textChange) {
	enc := s.caps().enc
	_, now := s.sess.editDoc(u, func(d *document) *document {
		if d == nil {
			return nil
		}
		text := d.text
		for i, c := range changes {
			if c.whole {
				text = c.text
				continue
			}
			m := d.mapper(enc)
			if i > 0 {
				m = newMapper(text, enc)
			}
			text = splice(text, m.toRange(c.rng), c.text)
		}
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
