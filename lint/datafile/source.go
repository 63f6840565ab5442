package datafile

import (
	"errors"
	"io"
	"unicode/utf8"
)

// bufferSize is the read window. Scanners work on buf[pos:end] directly and
// call more when they run out, so the window only needs to hold the longest
// lookahead (a few bytes), not a line.
const bufferSize = 256 << 10

// source is a byte window over a reader, or over an in-memory slice. Indexes
// into buf are valid until the next call to more or fill, which may move the
// unread bytes to the front.
type source struct {
	r    io.Reader
	buf  []byte
	pos  int   // next unread byte
	end  int   // bytes of buf holding data
	base int64 // stream offset of buf[0]
	eof  bool  // no more bytes will come
	err  error // read failure other than io.EOF
}

// newSource reads r through a window of bufferSize bytes, or for a stream
// of known size smaller than that, of its size and a byte to see its end:
// a workspace of 100,000 small data files is not read through 100,000
// windows of 256 KiB.
func newSource(r io.Reader, size int64) *source {
	n := bufferSize
	if size >= 0 && size < bufferSize {
		n = max(int(size)+1, minWindow)
	}
	return &source{r: r, buf: make([]byte, n)}
}

// minWindow is the smallest window: the longest lookahead fits.
const minWindow = 512

// memSource wraps b as a complete stream.
func memSource(b []byte) *source {
	return &source{buf: b, end: len(b), eof: true}
}

// reset points an in-memory source at b.
func (s *source) reset(b []byte) {
	*s = source{buf: b, end: len(b), eof: true}
}

func (s *source) offset() int64 { return s.base + int64(s.pos) }

// more reads at least one more byte into the window; false at the end of the
// stream or on a read error.
func (s *source) more() bool {
	if s.eof {
		return false
	}
	if s.pos > 0 {
		n := copy(s.buf, s.buf[s.pos:s.end])
		s.base += int64(s.pos)
		s.pos, s.end = 0, n
	}
	if s.end == len(s.buf) {
		// Only reachable when a caller asks for more lookahead than the
		// window holds; grow rather than fail.
		nb := make([]byte, 2*len(s.buf))
		copy(nb, s.buf[:s.end])
		s.buf = nb
	}
	for tries := 0; tries < 100; tries++ {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			s.eof = true
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	s.eof = true
	s.err = io.ErrNoProgress
	return false
}

// fill makes at least n unread bytes available, unless the stream ends first.
func (s *source) fill(n int) bool {
	for s.end-s.pos < n {
		if !s.more() {
			return false
		}
	}
	return true
}

// peek returns the next byte without consuming it; ok is false at the end.
func (s *source) peek() (byte, bool) {
	if s.pos == s.end && !s.more() {
		return 0, false
	}
	return s.buf[s.pos], true
}

// decodeRune decodes the UTF-8 sequence at pos. size is 0 at the end of the
// stream; r is utf8.RuneError with size 1 for an invalid sequence.
func (s *source) decodeRune() (r rune, size int) {
	if s.end-s.pos < utf8.UTFMax && !s.eof {
		s.fill(utf8.UTFMax)
	}
	if s.pos == s.end {
		return 0, 0
	}
	return utf8.DecodeRune(s.buf[s.pos:s.end])
}

// validRun returns the end of the run of non-ASCII bytes starting at i when
// the run is valid UTF-8, or -1 (then the caller decodes one character at a
// time, which refills the window and pinpoints errors). A valid multi-byte
// character is all non-ASCII bytes, so a run that ends at an ASCII byte or
// at the end of the stream holds whole characters; a run cut by the end of
// the window stops before its last character, which may be incomplete.
func (s *source) validRun(i int) int {
	j := i + 1
	for j < s.end && s.buf[j] >= utf8.RuneSelf {
		j++
	}
	if j == s.end && !s.eof {
		k := j - 1
		for k > i && j-k < utf8.UTFMax && s.buf[k]&0xC0 == 0x80 {
			k--
		}
		j = k
	}
	if j <= i || !utf8.Valid(s.buf[i:j]) {
		return -1
	}
	return j
}

// pySpace reports whether r is white space to Python's str.strip and
// str.isspace, which the upload uses to skip blank lines and blank cells.
func pySpace(r rune) bool {
	switch {
	case r < 0x80:
		return asciiPySpace[r]
	case r == 0x85, r == 0xA0, r == 0x1680, r >= 0x2000 && r <= 0x200A,
		r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}

// asciiPySpace: tab, line feed, vertical tab, form feed, carriage return, the
// four information separators 0x1C-0x1F, and space.
var asciiPySpace = [128]bool{
	'\t': true, '\n': true, '\v': true, '\f': true, '\r': true,
	0x1C: true, 0x1D: true, 0x1E: true, 0x1F: true, ' ': true,
}

// pyBlank reports whether b (valid UTF-8) is empty or all Python white space.
func pyBlank(b []byte) bool {
	for i := 0; i < len(b); {
		if c := b[i]; c < utf8.RuneSelf {
			if !asciiPySpace[c] {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if !pySpace(r) {
			return false
		}
		i += n
	}
	return true
}
