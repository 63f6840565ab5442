package toml

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// maxErrors bounds the syntax errors kept for one file, so that a binary file
// pasted into an editor does not produce a million diagnostics.
const maxErrors = 200

// Parse reads src as a TOML 1.0 document. It never fails: problems are in
// Document.Errors and the rest of the file is still read.
func Parse(src []byte) *Document {
	d := &Document{
		Src:   src,
		Root:  &Table{Origin: OriginRoot},
		Lines: NewLineIndex(src),
	}
	work := src
	blank := func(from, to int) {
		if &work[0] == &src[0] {
			work = bytes.Clone(src)
		}
		for i := from; i < to; i++ {
			if work[i] != '\n' {
				work[i] = ' '
			}
		}
	}
	if bytes.HasPrefix(src, utf8BOM) {
		d.addError(Range{0, 3}, "the file starts with a UTF-8 byte order mark (BOM); the osmosis CLI's TOML parser rejects it: save the file as UTF-8 without BOM")
		blank(0, 3)
	}
	if !utf8.Valid(work) {
		for _, r := range invalidUTF8(work) {
			d.addError(r, "invalid UTF-8: TOML files must be UTF-8 encoded")
			blank(r.Start, r.End)
		}
	}

	b := newBuilder(d, work)
	p := &unstable.Parser{KeepComments: true}
	base := 0
	lastErrLine := -2
	for base < len(work) {
		p.Reset(work[base:])
		lastEnd := base
		for p.NextExpression() {
			e := p.Expression()
			lastEnd = b.expression(p, e, base)
		}
		err := p.Error()
		if err == nil {
			break
		}
		var pe *unstable.ParserError
		off, end := len(work), len(work)
		msg := err.Error()
		if errors.As(err, &pe) {
			r := p.Range(pe.Highlight)
			off, end = base+int(r.Offset), base+int(r.Offset+r.Length)
			msg = pe.Message
		}
		if off >= len(work) && len(work) > 0 {
			off, end = len(work)-1, len(work)
		}
		stmtStart := skipTrivia(work, lastEnd)
		line := d.Lines.Line(off)
		// An error right after a skipped statement is usually the same
		// problem seen again (the inside of a broken string or array): keep
		// the first one only.
		if !(lastEnd == base && base > 0 && line == lastErrLine+1) {
			d.addError(Range{off, max(end, off+1)}, syntaxMessage(msg))
		}
		lastErrLine = line
		if stmtStart < len(work) && work[stmtStart] == '[' {
			b.lostHeader = true
		}
		next := d.Lines.LineStart(line + 1)
		if next <= base {
			next = len(work)
		}
		base = next
	}
	b.finish()
	return d
}

func (d *Document) addError(r Range, msg string) {
	if len(d.Errors) >= maxErrors {
		return
	}
	d.Errors = append(d.Errors, SyntaxError{Range: r, Message: msg})
}

// syntaxMessage rewords the parser's message where TOML 1.0 and 1.1 differ.
func syntaxMessage(msg string) string {
	return "invalid TOML: " + msg
}

// invalidUTF8 returns the ranges of the invalid byte sequences of b.
func invalidUTF8(b []byte) []Range {
	var out []Range
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			j := i + 1
			for j < len(b) && b[j] >= utf8.RuneSelf && !utf8.FullRune(b[j:]) {
				j++
			}
			if len(out) > 0 && out[len(out)-1].End == i {
				out[len(out)-1].End = j
			} else {
				out = append(out, Range{i, j})
			}
			i = j
			continue
		}
		i += n
	}
	return out
}

// skipTrivia returns the offset of the first byte at or after i that is not
// a space, tab, newline or part of a comment.
func skipTrivia(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		case '#':
			for i < len(b) && b[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// skipSpace skips spaces and tabs.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

func lineOf(d *Document, off int) int { return d.Lines.Line(off) + 1 }

func quoteKey(path []string) string {
	var sb bytes.Buffer
	for i, k := range path {
		if i > 0 {
			sb.WriteByte('.')
		}
		if k != "" && isBareKey(k) {
			sb.WriteString(k)
		} else {
			fmt.Fprintf(&sb, "%q", k)
		}
	}
	return sb.String()
}

func isBareKey(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
