package toml

import (
	"bytes"
	"sort"
	"sync"
	"unicode/utf8"
)

// LineIndex converts byte offsets to lines and columns and back.
// Lines are separated by '\n'; a '\r' before it belongs to the line.
type LineIndex struct {
	src []byte
	// starts is the byte offset of the start of each line, found on the
	// first question: a document no one asks a position of (a clean
	// config) never needs them.
	startsOnce sync.Once
	starts     []int

	// marks hold column counts at points inside long lines, made on the
	// first position asked far into one: counting from the line start for
	// every position is quadratic in a long line full of findings.
	marksOnce sync.Once
	marks     []mark
}

// markStride is the distance in bytes between marks in a long line.
const markStride = 1024

// mark is a character start in a long line with the columns before it.
type mark struct {
	off          int
	runes, utf16 int
}

func (x *LineIndex) makeMarks() {
	starts := x.lines()
	for l, start := range starts {
		end := len(x.src)
		if l+1 < len(starts) {
			end = starts[l+1]
		}
		if end-start <= markStride {
			continue
		}
		runes, utf16 := 0, 0
		next := start + markStride
		for i := start; i < end; {
			if i >= next {
				x.marks = append(x.marks, mark{i, runes, utf16})
				next = i + markStride
			}
			r, n := utf8.DecodeRune(x.src[i:])
			runes++
			utf16++
			if r >= 0x10000 {
				utf16++
			}
			i += n
		}
	}
}

// NewLineIndex indexes src.
func NewLineIndex(src []byte) *LineIndex {
	return &LineIndex{src: src}
}

// lines returns the line starts, finding them on the first call.
func (x *LineIndex) lines() []int {
	x.startsOnce.Do(x.makeStarts)
	return x.starts
}

func (x *LineIndex) makeStarts() {
	src := x.src
	// counted first: a guess would hold memory in proportion to the text
	// (megabytes for a huge single-line document)
	starts := make([]int, 1, 1+bytes.Count(src, []byte{'\n'}))
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	x.starts = starts
}

// LineCount is the number of lines (a file with no newline has one).
func (x *LineIndex) LineCount() int { return len(x.lines()) }

// LineStart returns the byte offset of the start of 0-based line l.
func (x *LineIndex) LineStart(l int) int {
	starts := x.lines()
	if l < 0 {
		return 0
	}
	if l >= len(starts) {
		return len(x.src)
	}
	return starts[l]
}

// LineEnd returns the byte offset of the end of 0-based line l, before "\n"
// (and before a "\r" that precedes it).
func (x *LineIndex) LineEnd(l int) int {
	starts := x.lines()
	if l < 0 {
		return 0
	}
	if l+1 >= len(starts) {
		return len(x.src)
	}
	end := starts[l+1] - 1
	if end > starts[l] && x.src[end-1] == '\r' {
		end--
	}
	return end
}

// Line returns the 0-based line of offset off.
func (x *LineIndex) Line(off int) int {
	starts := x.lines()
	off = x.clamp(off)
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
}

func (x *LineIndex) clamp(off int) int {
	if off < 0 {
		return 0
	}
	if off > len(x.src) {
		return len(x.src)
	}
	return off
}

// Encoding is the unit in which columns are counted.
type Encoding uint8

// Column encodings.
const (
	// Runes counts Unicode code points (the CLI's columns).
	Runes Encoding = iota
	// UTF16 counts UTF-16 code units (LSP default).
	UTF16
	// UTF8 counts bytes.
	UTF8
)

// Position converts a byte offset to a 0-based line and a 0-based column in
// the given encoding. Offsets inside a multi-byte character are moved to its
// start; invalid UTF-8 bytes count as one unit each.
func (x *LineIndex) Position(off int, enc Encoding) (line, col int) {
	starts := x.lines()
	off = x.clamp(off)
	line = x.Line(off)
	start := starts[line]
	i := start
	if off-start > markStride {
		// count from the last mark of this line at or before off
		x.marksOnce.Do(x.makeMarks)
		k := sort.Search(len(x.marks), func(k int) bool { return x.marks[k].off > off }) - 1
		if k >= 0 && x.marks[k].off > start {
			m := x.marks[k]
			i = m.off
			switch enc {
			case UTF8:
				col = m.off - start
			case UTF16:
				col = m.utf16
			default:
				col = m.runes
			}
		}
	}
	for i < off {
		// decode from the whole source: a character that off splits is
		// not counted, so off maps to the character's start
		r, n := utf8.DecodeRune(x.src[i:])
		if i+n > off {
			break
		}
		switch {
		case enc == UTF8:
			col += n
		case enc == UTF16 && r >= 0x10000:
			col += 2
		default:
			col++
		}
		i += n
	}
	return line, col
}

// Offset converts a 0-based line and column in the given encoding to a byte
// offset. Lines past the end map to the end of the source; columns past the
// end of the line map to the end of the line.
func (x *LineIndex) Offset(line, col int, enc Encoding) int {
	starts := x.lines()
	if line < 0 {
		return 0
	}
	if line >= len(starts) {
		return len(x.src)
	}
	start := starts[line]
	end := len(x.src)
	if line+1 < len(starts) {
		end = starts[line+1] - 1 // the '\n'
	}
	if col <= 0 {
		return start
	}
	if enc == UTF8 {
		if start+col > end {
			return end
		}
		// never split a character
		off := start + col
		for off > start && off < end && !utf8.RuneStart(x.src[off]) {
			off--
		}
		return off
	}
	off := start
	units := 0
	for off < end && units < col {
		r, n := utf8.DecodeRune(x.src[off:end])
		w := 1
		if enc == UTF16 && r >= 0x10000 {
			w = 2
		}
		if units+w > col {
			break
		}
		units += w
		off += n
	}
	return off
}
