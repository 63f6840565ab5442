package toml

import (
	"bytes"
	"errors"
	"strings"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/pelletier/go-toml/v2/unstable"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// maxErrors bounds the syntax errors kept for one file, so that a binary file
// pasted into an editor does not produce a million diagnostics.
const maxErrors = 200

// Parse reads src as a TOML 1.0 document. It never fails: problems are in
// Document.Errors and the rest of the file is still read.
func Parse(src []byte) *Document { return parse(src, true, false) }

// ParseOwned is Parse of a source the caller hands over: nothing writes to
// src again, for as long as the document and the strings it holds live
// (such as a buffer just read from a file and never reused). The document
// then reads src itself instead of a copy of it, unless the text needs
// blanking first (a byte order mark, invalid UTF-8).
func ParseOwned(src []byte) *Document { return parse(src, true, true) }

// parse is Parse; statements hands the parser one statement at a time,
// behind the limiter, where without it the parser reads on to the first
// syntax error (what the limiter must never change, on a document within
// the limits: the tests compare the two).
func parse(src []byte, statements, owned bool) *Document {
	// the document, its line index and its root table in one allocation
	blk := &struct {
		doc   Document
		lines LineIndex
		root  Table
	}{}
	d := &blk.doc
	d.Src = src
	d.Root = &blk.root
	d.Root.Origin = OriginRoot
	blk.lines.src = src
	d.Lines = &blk.lines

	// The document reads its own copy of the source: keys and strings are
	// slices of it (no copy each), which the caller's later writes to src
	// cannot change. Nothing writes to it once the blanking below is done.
	// A source handed over (owned) that needs no blanking is that copy.
	bom, valid := bytes.HasPrefix(src, utf8BOM), utf8.Valid(src)
	work := src
	if !owned || bom || !valid {
		work = bytes.Clone(src)
	}
	var b builder
	blank := func(from, to int) {
		b.blanked = true
		for i := from; i < to; i++ {
			if work[i] != '\n' {
				work[i] = ' '
			}
		}
	}
	if bom {
		d.addError(Range{0, 3}, "the file starts with a UTF-8 byte order mark (BOM); the osmosis CLI's TOML parser rejects it: save the file as UTF-8 without BOM")
		blank(0, 3)
	}
	if !valid {
		for _, r := range invalidUTF8(work) {
			d.addError(r, "invalid UTF-8: TOML files must be UTF-8 encoded")
			blank(r.Start, r.End)
		}
	}

	// room for every comment at once: a file of many comments would
	// otherwise leave a trail of outgrown slices
	b.arena = getArena()
	d.arena = b.arena
	if n := bytes.Count(work, []byte{'#'}); n > 0 {
		d.Comments = b.comments
		if cap(d.Comments) < n {
			d.Comments = make([]Comment, 0, n)
		}
	}
	newBuilder(&b, d, work)
	if n := b.estimate(work); n > 0 {
		d.Stmts = b.stmtList
		if cap(d.Stmts) < n {
			d.Stmts = make([]*Stmt, 0, n)
		}
	}
	b.stmtList, b.comments = nil, nil // the document's now
	sp := getParser()
	defer putParser(sp)
	p := &sp.p
	base := 0
	lastErrLine := -2
	lastUnclosed := false
	// the parser is handed one statement at a time, never one past a limit
	var lim *limiter
	if statements {
		lim = newLimiter(work)
	}
	for base < len(work) {
		end := len(work)
		if lim != nil {
			end = lim.statement(base)
		}
		p.Reset(work[base:end])
		lastEnd := base
		for p.NextExpression() {
			e := p.Expression()
			lastEnd = b.expression(p, e, base)
		}
		err := p.Error()
		if lim != nil && lim.cut >= 0 {
			// the statement was cut short at the limit: its error is that,
			// and nothing after it is read
			if len(d.Errors) >= maxErrors {
				d.Errors = d.Errors[:maxErrors-1] // room for this one
			}
			d.Errors = append(d.Errors, SyntaxError{Range: Range{lim.cut, min(lim.cut+1, len(work))}, Message: lim.why})
			break
		}
		if err == nil {
			base = end
			continue
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
		// An error right after the end of an unclosed multi-line string is
		// the same problem seen again: keep the first one only.
		if !(lastEnd == base && base > 0 && line == lastErrLine+1 && lastUnclosed) {
			r, m := syntaxError(work, Range{off, max(end, off+1)}, msg)
			d.addError(r, m)
		}
		lastErrLine = line
		// inside a multi-line string or array, the next lines are the rest
		// of it: their errors repeat this one
		seg := string(work[min(stmtStart, off):off])
		value := seg[strings.IndexByte(seg, '=')+1:]
		lastUnclosed = strings.Count(seg, `"""`)%2 == 1 || strings.Count(seg, `'''`)%2 == 1 ||
			strings.Contains(seg, "=") && strings.Count(value, "[") > strings.Count(value, "]")
		if stmtStart < len(work) && work[stmtStart] == '[' {
			b.lostHeader = true
		}
		next := d.Lines.LineStart(line + 1)
		if next <= base {
			next = len(work)
		}
		base = next
	}
	return d
}

// A few go-toml parsers are kept from one document to the next with the
// 64-node buffer each allocates on its first statement (3.5 KB, a third of
// what a small config cost). A parser is kept only while it has that first
// buffer, and is put away holding nothing of the document it read: its
// nodes are cleared (they hold slices of the document's text). The slots
// are plain atomics, not a sync.Pool, so that a run on one goroutine always
// finds its parser again (allocation counts in tests stay the same from
// run to run).
var spareParsers [4]atomic.Pointer[spareParser]

type spareParser struct {
	p   unstable.Parser
	buf *unstable.Node // the first node of the parser's first buffer
}

// firstNodes is the size of a parser's first node buffer (go-toml's
// smallest arena; TestParserFirstBuffer).
const firstNodes = 64

// parserProbe is a statement of three nodes: parsed, its first node is the
// first of the parser's buffer, which tells whether the buffer grew.
var parserProbe = []byte("a = 0\n")

func getParser() *spareParser {
	for i := range spareParsers {
		if sp := spareParsers[i].Swap(nil); sp != nil {
			return sp
		}
	}
	sp := &spareParser{p: unstable.Parser{KeepComments: true}}
	sp.buf = sp.probe()
	return sp
}

// probe parses the probe statement and returns the first node of the
// parser's buffer.
func (sp *spareParser) probe() *unstable.Node {
	sp.p.Reset(parserProbe)
	sp.p.NextExpression()
	return sp.p.Expression()
}

func putParser(sp *spareParser) {
	if sp.probe() != sp.buf {
		return // the buffer grew: let it go
	}
	// the buffer is still the first one, of firstNodes nodes from buf:
	// clearing them lets go of every slice of the document they held
	clear(unsafe.Slice(sp.buf, firstNodes))
	sp.p.Reset(nil)
	for i := range spareParsers {
		if spareParsers[i].CompareAndSwap(nil, sp) {
			return
		}
	}
}

func (d *Document) addError(r Range, msg string) {
	if len(d.Errors) >= maxErrors {
		return
	}
	d.Errors = append(d.Errors, SyntaxError{Range: r, Message: msg})
}

// syntaxError words a parser error for people and picks the range that
// shows it: a missing value is shown on its `=`, not on the line break.
func syntaxError(src []byte, r Range, msg string) (Range, string) {
	at := ""
	if r.Start < len(src) {
		c, _ := utf8.DecodeRune(src[r.Start:])
		at = string(c)
	}
	lineBreak := at == "\n" || at == "\r"
	switch {
	case strings.HasPrefix(msg, "unexpected character") && strings.HasSuffix(msg, "at start of value") && lineBreak,
		msg == "expected value, not end of input":
		return before(src, r), "invalid TOML: the value is missing after `=`"
	case strings.HasPrefix(msg, "unexpected character") && strings.HasSuffix(msg, "at start of value"):
		return r, "invalid TOML: a value cannot start with `" + at + "`; text values need quotes (\"...\")"
	case msg == "strings must be quoted":
		return r, "invalid TOML: text values need quotes (\"...\")"
	case msg == "expected '=' after key":
		if lineBreak || r.Start >= len(src) {
			return before(src, r), "invalid TOML: expected `=` and a value after the key"
		}
		return r, "invalid TOML: expected `=` after the key, found `" + at + "`"
	case strings.HasPrefix(msg, "expected newline but got"):
		return r, "invalid TOML: expected the end of the line after the value, found `" + at + "`"
	case msg == "basic strings cannot have new lines" || msg == "literal strings cannot have new lines":
		return before(src, r), "invalid TOML: the string is not closed before the end of the line (use triple quotes for a string on several lines)"
	case strings.HasPrefix(msg, "unterminated"):
		return before(src, r), "invalid TOML: the " + strings.TrimPrefix(msg, "unterminated ") + " is not closed"
	case msg == "expected ']' to close table name":
		return r, "invalid TOML: the table header is not closed with `]`"
	case msg == "expected ']]' to close array table name":
		return r, "invalid TOML: the array-of-tables header is not closed with `]]`"
	}
	return r, "invalid TOML: " + msg
}

// before returns the range of the last non-blank character before r on its
// line (the `=` of a missing value), or r.
func before(src []byte, r Range) Range {
	i := min(r.Start, len(src))
	if i < len(src) && src[i] != ' ' && src[i] != '\t' && src[i] != '\r' && src[i] != '\n' {
		return r // already on a character (the `=` at the end of the file)
	}
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\r') {
		i--
	}
	if i > 0 && src[i-1] != '\n' {
		return Range{i - 1, i}
	}
	return r
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

// quoteKey writes a key path for a message (DottedKey; a part that is not
// UTF-8 shows U+FFFD).
func quoteKey(path []string) string {
	q, _ := DottedKey(path)
	return q
}
