package escape

import (
	"io"
	"sync"
	"unicode/utf8"
)

// Terminal is a writer for text a person reads: everything written to it
// reaches the underlying writer escaped as by String, but for newlines (LF
// or CRLF: a diff keeps a file's line ends), tabs and the escape sequences
// the text outputs write themselves (own: their colors, and watch mode's
// clear screen). Every text output writes through one, so a value, a name
// or a path that one of them shows without escaping it first still cannot
// act on the terminal. The line breaks a text is made of are its own:
// every piece of text from a workspace is escaped (String) where it is
// written, so that a newline in it cannot start a line of its own.
type Terminal struct {
	mu sync.Mutex // a log may be written from several goroutines
	w  io.Writer
	// pending is an incomplete character or escape sequence at the end of
	// the last Write, completed (or escaped) by the next one or by Flush.
	pending []byte
	out     []byte
}

// NewTerminal returns a Terminal writing to w.
func NewTerminal(w io.Writer) *Terminal { return &Terminal{w: w} }

// Write writes p escaped; it reports len(p) written unless the
// underlying writer fails.
func (t *Terminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	data := p
	if len(t.pending) > 0 {
		data = append(t.pending, p...)
		t.pending = nil
	}
	out := t.out[:0]
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '\n' || c == '\t' || c >= 0x20 && c < 0x7f:
			out = append(out, c)
			i++
		case c == '\r' && i+1 == len(data):
			t.pending = append(t.pending, c)
			i++
		case c == '\r' && data[i+1] == '\n':
			out = append(out, "\r\n"...)
			i += 2
		case c == 0x1b:
			n, more := sequence(data[i:])
			switch {
			case n > 0:
				out = append(out, data[i:i+n]...)
				i += n
			case more:
				t.pending = append(t.pending, data[i:]...)
				i = len(data)
			default:
				out = append(out, `\x1b`...)
				i++
			}
		case c < utf8.RuneSelf:
			out = append(out, String(string(c))...)
			i++
		case !utf8.FullRune(data[i:]):
			t.pending = append(t.pending, data[i:]...)
			i = len(data)
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 || Unsafe(r) {
				out = append(out, String(string(data[i:i+size]))...)
			} else {
				out = append(out, data[i:i+size]...)
			}
			i += size
		}
	}
	t.out = out
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what is pending, escaped: the output ended in the middle
// of a character or an escape sequence.
func (t *Terminal) Flush() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.pending) == 0 {
		return nil
	}
	s := String(string(t.pending))
	t.pending = nil
	_, err := io.WriteString(t.w, s)
	return err
}

// own are the escape sequences the text outputs write themselves: bold,
// dim, the colors they paint with, the reset after them, and watch mode's
// clear screen and cursor home. No other passes a Terminal: not conceal
// (`ESC [ 8 m`), cursor moves or any OSC.
var own = [...]string{
	"\x1b[0m", "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[34m", "\x1b[36m",
	"\x1b[2J", "\x1b[H",
}

// sequence returns the length of the sequence of own that b starts with,
// else 0; more reports that b is the start of one, cut short.
func sequence(b []byte) (n int, more bool) {
	for _, s := range own {
		switch {
		case len(b) >= len(s) && string(b[:len(s)]) == s:
			return len(s), false
		case len(b) < len(s) && s[:len(b)] == string(b):
			more = true
		}
	}
	return 0, more
}
