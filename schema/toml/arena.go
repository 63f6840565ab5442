package toml

import (
	"bytes"
	"unsafe"
)

// A document is built from a few slabs, one per node type, instead of one
// allocation per node: a 20-line config costs a handful of allocations
// however many keys it holds. The first chunk of each slab is sized from a
// count over the source (estimate), so an ordinary config fills one chunk
// per type; what a miscount leaves over spills into smaller chunks, and a
// large document grows by half of what it holds so far. Handing out
// pointers into a chunk is safe because a chunk is never reallocated: a
// full one is left as it is and a new one started.

// maxChunk bounds the elements of one chunk, so that a document whose
// counts say much and hold little (a long array over many lines) does not
// reserve memory in proportion to the guess, and a node kept alive keeps
// at most one chunk.
const maxChunk = 4096

// slab hands out elements of T from chunks.
type slab[T any] struct {
	buf   []T
	first int // size of the first chunk (the estimate)
	used  int // elements handed out so far
}

func (s *slab[T]) refill(n int) {
	c := s.first
	if s.used > 0 || c <= 0 {
		c = max(8, s.used/2)
	}
	// appended rather than made: the chunk takes all of its size class
	s.buf = append([]T(nil), make([]T, min(max(c, n), max(n, maxChunk)))...)[:0]
}

// one returns a pointer to a new zero element.
func (s *slab[T]) one() *T {
	if len(s.buf) == cap(s.buf) {
		s.refill(1)
	}
	s.buf = s.buf[:len(s.buf)+1]
	s.used++
	return &s.buf[len(s.buf)-1]
}

// run returns n contiguous zero elements, as a slice whose capacity ends
// at its length (an append by its holder copies, never writes into the
// next run).
func (s *slab[T]) run(n int) []T {
	if n <= 0 {
		return nil
	}
	if cap(s.buf)-len(s.buf) < n {
		if n >= 64 {
			// a long run of its own, leaving the chunk to smaller ones
			s.used += n
			return make([]T, n)
		}
		s.refill(n)
	}
	l := len(s.buf)
	s.buf = s.buf[:l+n]
	s.used += n
	return s.buf[l : l+n : l+n]
}

// arena holds the slabs of one document.
type arena struct {
	stmts   slab[Stmt]
	values  slab[Value]
	tables  slab[Table]
	entries slab[Entry]
	eptrs   slab[*Entry] // the Entries of tables
	vptrs   slab[*Value] // the Items of arrays
	parts   slab[KeyPart]
	strs    slab[string] // key paths
	fnodes  slab[flagNode]
}

// estimate sizes the first chunks of a document's slabs from a count of
// its lines and of a few bytes, and returns the count of statements. For an
// ordinary config the counts are exact or a little over.
func (a *arena) estimate(src []byte) int {
	lines, headers := 0, 0
	for s := 0; s < len(src); {
		var c byte
		c, s = lineStart(src, s)
		switch c {
		case 0:
			continue
		case '[':
			headers++
		}
		lines++
	}
	pairs := lines - headers
	commas := bytes.Count(src, []byte{','})
	braces := bytes.Count(src, []byte{'{'})
	arrays := max(0, bytes.Count(src, []byte{'['})-headers)
	clamp := func(n int) int { return min(max(n, 0), maxChunk) }
	a.stmts.first = clamp(lines)
	a.values.first = clamp(pairs + headers + arrays + commas + braces)
	a.tables.first = clamp(headers + braces)
	a.entries.first = clamp(lines + commas + braces)
	a.eptrs.first = clamp(lines + commas + braces + 2*headers + 4) // the root moves (add)
	a.vptrs.first = clamp(arrays + commas)
	a.parts.first = clamp(lines + commas + braces)
	a.strs.first = clamp(headers + 3*(arrays+braces))
	a.fnodes.first = clamp(headers + arrays + 2*braces)
	return clamp(lines)
}

// str is the text of b, a slice of the document's own copy of the source,
// without a copy: that copy is never written after the parse began.
func str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// lineStart returns the first byte of the line at off that is not a space
// or a tab (0 for a line of nothing but a comment or blanks) and the offset
// of the next line.
func lineStart(src []byte, off int) (byte, int) {
	i := skipSpace(src, off)
	next := len(src)
	if j := bytes.IndexByte(src[off:], '\n'); j >= 0 {
		next = off + j + 1
	}
	if i >= len(src) {
		return 0, next
	}
	switch c := src[i]; c {
	case '\n', '\r', '#':
		return 0, next
	default:
		return c, next
	}
}
