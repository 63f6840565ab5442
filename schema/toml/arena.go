package toml

import (
	"bytes"
	"sync/atomic"
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

// keptChunk bounds the elements of a chunk a released arena keeps for the
// next document: an ordinary config's fit many times over, a large
// document's are let go.
const keptChunk = 256

// reset empties the slab for the next document, keeping its last chunk
// (cleared: it holds nothing of the document released) when it is small.
func (s *slab[T]) reset() {
	if cap(s.buf) > keptChunk {
		s.buf = nil
	} else {
		clear(s.buf) // what was handed out; the rest was never written
		s.buf = s.buf[:0]
	}
	s.first, s.used = 0, 0
}

// fit drops a kept chunk smaller than the estimate, which refill then
// allocates whole.
func (s *slab[T]) fit() {
	if cap(s.buf) < s.first {
		s.buf = nil
	}
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

	// the statement list and comments of the document released, cleared
	stmtList []*Stmt
	comments []Comment
}

// A few arenas of released documents (Document.Release) are kept for the
// next parse, on any goroutine: a run that parses one config after another
// allocates its nodes once, not once a config. Plain atomics, as the spare
// parsers.
var spareArenas [4]atomic.Pointer[arena]

func getArena() *arena {
	for i := range spareArenas {
		if a := spareArenas[i].Swap(nil); a != nil {
			return a
		}
	}
	return new(arena)
}

// putArena keeps a for the next document, emptied and cleared.
func putArena(a *arena, d *Document) {
	a.stmts.reset()
	a.values.reset()
	a.tables.reset()
	a.entries.reset()
	a.eptrs.reset()
	a.vptrs.reset()
	a.parts.reset()
	a.strs.reset()
	a.fnodes.reset()
	a.stmtList, a.comments = nil, nil
	if cap(d.Stmts) <= keptChunk {
		clear(d.Stmts)
		a.stmtList = d.Stmts[:0]
	}
	if cap(d.Comments) <= keptChunk {
		clear(d.Comments)
		a.comments = d.Comments[:0]
	}
	for i := range spareArenas {
		if spareArenas[i].CompareAndSwap(nil, a) {
			return
		}
	}
}

// Release hands the document's memory (its statements, tables, values,
// entries, key parts and paths) to the next parse. The caller must be done
// with the document and everything reached from it: nothing of it may be
// read after Release (strings are not the document's memory and stay
// valid: keys, strings and comments are slices of the source). A document
// is released at most once; releasing none is always right.
func (d *Document) Release() {
	a := d.arena
	if a == nil {
		return
	}
	d.arena = nil
	putArena(a, d)
	d.Root, d.Stmts, d.Comments = nil, nil, nil
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
	for _, f := range []func(){a.stmts.fit, a.values.fit, a.tables.fit, a.entries.fit, a.eptrs.fit, a.vptrs.fit, a.parts.fit, a.strs.fit, a.fnodes.fit} {
		f()
	}
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
