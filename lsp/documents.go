package lsp

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// document is one open buffer. Its text is replaced, never edited in place:
// a check or a request that captured a version keeps reading it unchanged.
type document struct {
	uri     uri.URI
	path    string
	version int32
	text    []byte

	once   sync.Once
	parsed *toml.Document

	linesOnce sync.Once
	lines     *toml.LineIndex

	info atomic.Pointer[fileInfo]
	view atomic.Pointer[assistView]
}

// parse returns the parse of the document's text, made once.
func (d *document) parse() *toml.Document {
	d.once.Do(func() { d.parsed = toml.Parse(d.text) })
	return d.parsed
}

// mapper converts positions of the document's text, with a line index made
// once.
func (d *document) mapper(enc toml.Encoding) mapper {
	d.linesOnce.Do(func() { d.lines = toml.NewLineIndex(d.text) })
	return mapper{lines: d.lines, enc: enc}
}

func (s *Server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, ok := filePath(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	s.docs[d.uri] = d
	s.mu.Unlock()
	s.schedule(d.uri)
	s.rescan()
	return nil
}

func (s *Server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	d, ok := s.docs[p.TextDocument.URI]
	if !ok {
		s.mu.Unlock()
		return nil
	}
	text := d.text
	for i, ch := range p.ContentChanges {
		switch c := ch.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			text = []byte(c.Text)
		case *protocol.TextDocumentContentChangePartial:
			m := d.mapper(s.enc)
			if i > 0 {
				m = newMapper(text, s.enc)
			}
			r := m.toRange(c.Range)
			var b bytes.Buffer
			b.Grow(len(text) - r.Len() + len(c.Text))
			b.Write(text[:r.Start])
			b.WriteString(c.Text)
			b.Write(text[r.End:])
			text = b.Bytes()
		}
	}
	nd := &document{uri: d.uri, path: d.path, version: p.TextDocument.Version, text: text}
	nd.info.Store(d.info.Load()) // same path: same workspace and kind
	s.docs[d.uri] = nd
	s.mu.Unlock()
	s.schedule(nd.uri)
	return nil
}

func (s *Server) DidSave(ctx context.Context, p *protocol.DidSaveTextDocumentParams) error {
	s.mu.Lock()
	_, ok := s.docs[p.TextDocument.URI]
	s.mu.Unlock()
	if ok {
		s.schedule(p.TextDocument.URI)
	}
	s.rescan()
	return nil
}

func (s *Server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	d, ok := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	if !ok {
		return nil
	}
	// the file on disk may differ from the closed buffer: show its own state
	s.recheckClosed(d.path, d.uri)
	return nil
}

// current returns the open document at u (nil if not open).
func (s *Server) current(u uri.URI) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[u]
}

// filePath turns a file URI into a path.
func filePath(u uri.URI) (string, bool) {
	if !u.IsFile() {
		return "", false
	}
	p := u.FsPath()
	return p, p != ""
}
