package lsp

import (
	"sync"
	"sync/atomic"

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
	done   atomic.Bool // parsed is set

	linesOnce sync.Once
	lines     *toml.LineIndex

	// what depends on the workspaces, for the generation it records
	info atomic.Pointer[fileInfo]
	view atomic.Pointer[assistView]
	res  atomic.Pointer[result]
}

// parse returns the parse of the document's text, made once.
func (d *document) parse() *toml.Document {
	d.once.Do(func() {
		d.parsed = toml.Parse(d.text)
		d.done.Store(true)
	})
	return d.parsed
}

// mapper converts positions of the document's text, with a line index made
// once.
func (d *document) mapper(enc toml.Encoding) mapper {
	d.linesOnce.Do(func() {
		// the parse has one already; the line index is not worth a parse
		if d.done.Load() {
			d.lines = d.parsed.Lines
		} else {
			d.lines = toml.NewLineIndex(d.text)
		}
	})
	return mapper{lines: d.lines, enc: enc}
}
