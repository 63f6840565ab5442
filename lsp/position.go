package lsp

import (
	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// mapper converts between byte offsets and protocol positions for one text,
// in the position encoding the client and server agreed on.
type mapper struct {
	lines *toml.LineIndex
	enc   toml.Encoding
}

func newMapper(text []byte, enc toml.Encoding) mapper {
	return mapper{lines: toml.NewLineIndex(text), enc: enc}
}

func (m mapper) position(off int) protocol.Position {
	l, c := m.lines.Position(off, m.enc)
	return protocol.Position{Line: uint32(l), Character: uint32(c)}
}

func (m mapper) rng(r toml.Range) protocol.Range {
	return protocol.Range{Start: m.position(r.Start), End: m.position(max(r.Start, r.End))}
}

// offset converts a protocol position to a byte offset; positions past the
// end of a line or of the text are clamped.
func (m mapper) offset(p protocol.Position) int {
	return m.lines.Offset(int(p.Line), int(p.Character), m.enc)
}

func (m mapper) toRange(r protocol.Range) toml.Range {
	a, b := m.offset(r.Start), m.offset(r.End)
	if b < a {
		a, b = b, a
	}
	return toml.Range{Start: a, End: b}
}
