package datafile

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// csvFieldLimit is Python's csv.field_size_limit() default, in characters.
// The upload does not raise it, so a longer field is a parse error that ends
// its validation.
const csvFieldLimit = 131072

// CSV as the upload reads it: Python's csv.reader with the default dialect
// over the file decoded as UTF-8 (no BOM skipping). Quoted fields may hold
// commas, doubled quotes and line breaks; a quote in an unquoted field is
// text; text after a closing quote joins the field (the reader is not
// strict); an unclosed quote runs to the end of the file. A line with no
// characters is a record with no fields. Records end at "\n", "\r\n" or a
// lone "\r" outside quotes.

type csvFailKind uint8

const (
	csvOK csvFailKind = iota
	csvBadUTF8
	csvTooLarge
)

// csvReader reads records from a source, counting physical lines and
// keeping the content of only the fields that are asked for.
type csvReader struct {
	src       *source
	line      int   // current physical line, 1-based
	lineStart int64 // offset of its first byte
	capAll    bool  // keep every field (the header)
	capIdx    int   // or keep this field (metadata), -1 for none
	nfields   int
	chars     int // characters in the current field
	fieldLine int
	all       keyList
	cell      []byte
	cellLine  int // where the kept field starts
	cellCol   int
	fail      csvFailKind
}

// fieldEnd says what ended a field.
type fieldEnd uint8

const (
	endDelim fieldEnd = iota
	endEOL
	endEOF
	endFail
)

// Stop sets for the field loops: bytes that need attention.
var stopUnquoted, stopQuoted [256]bool

func init() {
	for c := 0; c < 256; c++ {
		hi := c >= utf8.RuneSelf
		stopUnquoted[c] = hi || c == ',' || c == '\n' || c == '\r'
		stopQuoted[c] = hi || c == '"' || c == '\n' || c == '\r'
	}
}

// record reads the next record. ok is false at the end of the input or on
// failure (see fail). start is the line the record starts on.
func (c *csvReader) record() (start int, ok bool) {
	s := c.src
	c.nfields = 0
	c.all.reset()
	c.cell = c.cell[:0]
	b, more := s.peek()
	if !more {
		return 0, false
	}
	start = c.line
	if b == '\n' || b == '\r' {
		c.eol()
		return start, true
	}
	for {
		c.chars = 0
		c.fieldLine = c.line
		var dst *[]byte
		switch {
		case c.capAll:
			dst = &c.all.buf
		case c.nfields == c.capIdx:
			dst = &c.cell
			c.cellLine, c.cellCol = c.line, int(s.offset()-c.lineStart)+1
		}
		var end fieldEnd
		b, more = s.peek()
		switch {
		case !more:
			end = endEOF
		case b == '"':
			s.pos++
			end = c.quoted(dst)
		case b == ',':
			s.pos++
			end = endDelim
		case b == '\n' || b == '\r':
			end = endEOL
		default:
			end = c.unquoted(dst)
		}
		switch end {
		case endFail:
			return start, false
		case endDelim:
			c.save()
		case endEOL:
			c.save()
			c.eol()
			return start, true
		case endEOF:
			c.save()
			return start, true
		}
	}
}

func (c *csvReader) save() {
	if c.capAll {
		c.all.ends = append(c.all.ends, len(c.all.buf))
	}
	c.nfields++
}

// eol consumes a line terminator outside quotes.
func (c *csvReader) eol() {
	consumeEOL(c.src)
	c.line++
	c.lineStart = c.src.offset()
}

// count adds n characters to the current field.
func (c *csvReader) count(n int) bool {
	c.chars += n
	if c.chars > csvFieldLimit {
		c.fail = csvTooLarge
		return false
	}
	return true
}

// unquoted reads the rest of an unquoted field, up to a comma or line break
// (consumed when a comma).
func (c *csvReader) unquoted(dst *[]byte) fieldEnd {
	s := c.src
	for {
		i := s.pos
		for i < s.end && !stopUnquoted[s.buf[i]] {
			i++
		}
		if i > s.pos {
			if dst != nil {
				*dst = append(*dst, s.buf[s.pos:i]...)
			}
			n := i - s.pos
			s.pos = i
			if !c.count(n) {
				return endFail
			}
		}
		if i == s.end {
			if !s.more() {
				return endEOF
			}
			continue
		}
		switch b := s.buf[i]; b {
		case ',':
			s.pos++
			return endDelim
		case '\n', '\r':
			return endEOL
		default:
			if !c.char(dst) {
				return endFail
			}
		}
	}
}

// quoted reads a quoted field after its opening quote.
func (c *csvReader) quoted(dst *[]byte) fieldEnd {
	s := c.src
	for {
		i := s.pos
		for i < s.end && !stopQuoted[s.buf[i]] {
			i++
		}
		if i > s.pos {
			if dst != nil {
				*dst = append(*dst, s.buf[s.pos:i]...)
			}
			n := i - s.pos
			s.pos = i
			if !c.count(n) {
				return endFail
			}
		}
		if i == s.end {
			if !s.more() {
				return endEOF // an unclosed quote ends with the file
			}
			continue
		}
		switch b := s.buf[i]; b {
		case '"':
			s.pos++
			n, more := s.peek()
			switch {
			case !more:
				return endEOF
			case n == '"': // a doubled quote is one quote
				s.pos++
				if dst != nil {
					*dst = append(*dst, '"')
				}
				if !c.count(1) {
					return endFail
				}
			case n == ',':
				s.pos++
				return endDelim
			case n == '\n' || n == '\r':
				return endEOL
			default:
				// Text after the closing quote joins the field.
				return c.unquoted(dst)
			}
		case '\n', '\r':
			// A line break inside quotes is field content.
			s.pos++
			if dst != nil {
				*dst = append(*dst, b)
			}
			n := 1
			if b == '\r' {
				if nb, ok := s.peek(); ok && nb == '\n' {
					s.pos++
					if dst != nil {
						*dst = append(*dst, '\n')
					}
					n = 2
				}
			}
			c.line++
			c.lineStart = s.offset()
			if !c.count(n) {
				return endFail
			}
		default:
			if !c.char(dst) {
				return endFail
			}
		}
	}
}

// char consumes non-ASCII characters, validating them: a whole run when it
// is in the window, else one.
func (c *csvReader) char(dst *[]byte) bool {
	s := c.src
	if j := s.validRun(s.pos); j > 0 {
		chars := 0
		for _, b := range s.buf[s.pos:j] {
			if b&0xC0 != 0x80 {
				chars++
			}
		}
		if dst != nil {
			*dst = append(*dst, s.buf[s.pos:j]...)
		}
		s.pos = j
		return c.count(chars)
	}
	r, n := s.decodeRune()
	if r == utf8.RuneError && n <= 1 {
		c.fail = csvBadUTF8
		return false
	}
	if dst != nil {
		*dst = append(*dst, s.buf[s.pos:s.pos+n]...)
	}
	s.pos += n
	return c.count(1)
}

func (v *validator) csv(src *source) {
	c := &csvReader{src: src, line: 1, capAll: true, capIdx: -1}
	_, ok := c.record()
	if c.fail != csvOK {
		v.csvFail(c)
		return
	}
	if !ok {
		if src.err != nil {
			v.readError(src, c.line)
			return
		}
		v.add(Problem{Code: CodeCSVNoHeader, Severity: lint.Error, Line: 1, Row: 1, Message: "the file has no header row"})
		return
	}
	header := make(map[string]int, c.nfields)
	metaIdx := -1
	for i := range c.all.ends {
		name := string(c.all.key(i))
		if _, dup := header[name]; !dup {
			header[name] = i
		}
		if metaIdx < 0 && name == "metadata" {
			metaIdx = i
		}
	}
	if c.nfields > 0 && bytes.HasPrefix(c.all.key(0), bom) {
		v.add(Problem{Code: CodeByteOrderMark, Severity: lint.Warning, Line: 1, Row: 1,
			Message: fmt.Sprintf("the file starts with a UTF-8 byte-order mark, which the upload keeps as part of the first column name (%s); save the file as UTF-8 without a BOM", quoteName(string(c.all.key(0))))})
	}
	mode, missing := requiredColumns(func(s string) bool { _, ok := header[s]; return ok })
	v.res.Mode = mode
	if len(missing) > 0 {
		v.add(Problem{Code: CodeMissingColumns, Severity: lint.Error, Line: 1, Row: 1,
			Message: fmt.Sprintf("the header has no \"metadata\" column, so prompt mode applies and it needs \"user_prompt\" and \"ground_truth\" (\"label\" may stand in for it); missing: %s", quoteList(missing, 10))})
	}
	ncols := c.nfields
	c.capAll, c.capIdx = false, metaIdx
	meta := newMetadataChecker(v)
	var rows int64
	for row := 2; ; row++ {
		start, ok := c.record()
		if c.fail != csvOK {
			v.csvFail(c)
			return
		}
		if !ok {
			break
		}
		rows++
		if c.nfields != ncols {
			if !v.wantError() {
				v.countError()
				continue
			}
			v.add(Problem{Code: CodeCSVFieldCount, Severity: lint.Error, Line: start, Row: row,
				Message: fmt.Sprintf("row %d has %d %s; the header has %d", row, c.nfields, plural(int64(c.nfields), "field", "fields"), ncols)})
			continue
		}
		if metaIdx >= 0 {
			meta.checkString(c.cell, where{line: c.cellLine, row: row, col: c.cellCol})
		}
	}
	if src.err != nil {
		v.readError(src, c.line)
		return
	}
	v.res.Rows = rows
	v.minRows(rows)
}

func (v *validator) csvFail(c *csvReader) {
	switch c.fail {
	case csvBadUTF8:
		v.badUTF8(c.src, c.line, c.lineStart)
	case csvTooLarge:
		v.add(Problem{Code: CodeCSVFieldTooLarge, Severity: lint.Error, Line: c.fieldLine,
			Message: fmt.Sprintf("a field starting on this line is longer than %d characters, the most the upload's CSV reader (Python's csv module) accepts; the rest of the file was not checked", csvFieldLimit)})
	}
}

func (v *validator) readError(src *source, line int) {
	v.add(Problem{Code: CodeReadError, Severity: lint.Error, Line: line,
		Message: fmt.Sprintf("reading the file failed: %v; the rest was not checked", src.err)})
}
