package datafile

import (
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// JSONL as the upload reads it: the file is decoded as UTF-8 (no BOM
// skipping) and split into lines at "\n", "\r\n" and a lone "\r" (Python's
// universal newlines). Each line is stripped of Python white space (which
// includes U+0085, U+00A0, U+2028 and other Unicode spaces, but not U+FEFF);
// an empty result is a blank line and is skipped. Every other line is a row,
// valid or not, and must hold one JSON object.

// jsonlCheck holds what JSONL rows are compared against.
type jsonlCheck struct {
	v         *validator
	meta      *metadataChecker
	haveFirst bool
	firstLine int
	firstSeq  keyList          // the first object row's member names, as written
	names     []string         // its distinct names, sorted
	index     map[string]int32 // name -> position in names
	stamp     []uint32
	gen       uint32
}

func (v *validator) jsonl(src *source) {
	j := &jsonlCheck{v: v, meta: newMetadataChecker(v)}
	p := &scanner{src: src, lineMode: true, plain: &plainLine, wantKeys: true, tree: &tree{}}
	var rows int64
	line := 0
	for {
		if src.pos == src.end && !src.more() {
			break
		}
		line++
		lineStart := src.offset()
		switch skipLineSpace(src) {
		case stopEOL:
			consumeEOL(src)
			continue
		case stopEOF:
			continue
		case stopBadUTF8:
			v.badUTF8(src, line, lineStart)
			return
		}
		rows++
		p.reset()
		p.wantMeta = v.res.Mode != ModePrompt
		first := src.buf[src.pos]
		ok := true
		if r, _ := src.decodeRune(); r == '\uFEFF' {
			ok = p.failAt(failBOM, src.offset(), "")
		} else if ok = p.value(); ok {
			ok = p.trailing()
		}
		if p.fail.kind == failEncoding || !skipLine(src) {
			v.badUTF8(src, line, lineStart)
			return
		}
		consumeEOL(src)
		if src.err != nil {
			break
		}
		if !ok {
			j.reportFailure(p, line, lineStart)
			continue
		}
		j.row(p, line, lineStart, first)
	}
	if src.err != nil {
		v.add(Problem{Code: CodeReadError, Severity: lint.Error, Line: line,
			Message: fmt.Sprintf("reading the file failed on this line: %v; the rest was not checked", src.err)})
		return
	}
	v.res.Rows = rows
	v.minRows(rows)
}

// trailing accepts Python white space after the value, up to the end of the
// line; anything else is "extra data" to json.loads.
func (p *scanner) trailing() bool {
	s := p.src
	switch skipLineSpace(s) {
	case stopContent:
		return p.failAt(failSyntax, s.offset(), "unexpected %s after the end of the JSON value; a line holds exactly one value", p.found())
	case stopBadUTF8:
		return p.failAt(failEncoding, s.offset(), "invalid UTF-8")
	}
	return true
}

func (j *jsonlCheck) reportFailure(p *scanner, line int, lineStart int64) {
	v := j.v
	if !v.wantError() {
		v.countError()
		return
	}
	col := int(p.fail.off-lineStart) + 1
	switch p.fail.kind {
	case failBOM:
		msg := "the line starts with a UTF-8 byte-order mark (U+FEFF), which the upload's JSON reader rejects; save the file as UTF-8 without a BOM"
		if line > 1 {
			msg = "the line starts with U+FEFF (a byte-order mark), which the upload's JSON reader rejects as invalid JSON"
		}
		v.add(Problem{Code: CodeByteOrderMark, Severity: lint.Error, Line: line, Column: col, Message: msg})
	case failDepth:
		v.add(Problem{Code: CodeNestingTooDeep, Severity: lint.Error, Line: line, Column: col, Message: p.fail.msg})
	case failLongInt:
		v.add(Problem{Code: CodeIntegerTooLong, Severity: lint.Error, Line: line, Column: col, Message: p.fail.msg})
	default:
		v.add(Problem{Code: CodeInvalidJSON, Severity: lint.Error, Line: line, Column: col, Message: "invalid JSON: " + p.fail.msg})
	}
}

// row applies the row rules to a line that parsed.
func (j *jsonlCheck) row(p *scanner, line int, lineStart int64, first byte) {
	v := j.v
	if first != '{' {
		if !v.wantError() {
			v.countError()
			return
		}
		v.add(Problem{Code: CodeRowNotObject, Severity: lint.Error, Line: line,
			Message: fmt.Sprintf("the line holds %s; each JSONL row must be a JSON object", describeFirst(first))})
		return
	}
	if p.overflow {
		v.add(Problem{Code: CodeRowTooLarge, Severity: lint.Warning, Line: line,
			Message: fmt.Sprintf("the row holds more than %s of names and metadata; only its syntax was checked", humanSize(int64(maxCapture)))})
		return
	}
	if !j.haveFirst {
		j.setFirst(p, line)
	} else if !p.keys.equal(&j.firstSeq) {
		j.compare(p, line)
	}
	if v.res.Mode == ModeMetadata {
		if !p.metaSeen {
			j.meta.checkMissing(where{line: line}, "absent from this row")
			return
		}
		j.meta.checkTree(p.tree, where{line: line, col: int(p.metaOff-lineStart) + 1, lineStart: lineStart})
	}
}

func describeFirst(c byte) string {
	switch c {
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// setFirst takes the first object row's names as the set every row must
// have, and its schema mode as the file's.
func (j *jsonlCheck) setFirst(p *scanner, line int) {
	j.haveFirst = true
	j.firstLine = line
	j.firstSeq.buf = append(j.firstSeq.buf[:0], p.keys.buf...)
	j.firstSeq.ends = append(j.firstSeq.ends[:0], p.keys.ends...)
	j.index = make(map[string]int32)
	for i := range p.keys.ends {
		k := string(p.keys.key(i))
		if _, ok := j.index[k]; !ok {
			j.index[k] = 0
			j.names = append(j.names, k)
		}
	}
	slices.Sort(j.names)
	for i, n := range j.names {
		j.index[n] = int32(i)
	}
	j.stamp = make([]uint32, len(j.names))
	mode, missing := requiredColumns(func(s string) bool { _, ok := j.index[s]; return ok })
	j.v.res.Mode = mode
	if len(missing) > 0 {
		j.v.add(Problem{Code: CodeMissingColumns, Severity: lint.Error, Line: line,
			Message: fmt.Sprintf("the first object row has no \"metadata\" key, so prompt mode applies and rows need \"user_prompt\" and \"ground_truth\" (\"label\" may stand in for it); missing: %s", quoteList(missing, 10))})
	}
}

// compare checks a row's names against the first row's as sets.
func (j *jsonlCheck) compare(p *scanner, line int) {
	j.gen++
	if j.gen == 0 {
		clear(j.stamp)
		j.gen = 1
	}
	seen, extras := 0, 0
	for i := range p.keys.ends {
		idx, ok := j.index[string(p.keys.key(i))]
		if !ok {
			extras++
			continue
		}
		if j.stamp[idx] != j.gen {
			j.stamp[idx] = j.gen
			seen++
		}
	}
	if extras == 0 && seen == len(j.names) {
		return
	}
	v := j.v
	if !v.wantError() {
		v.countError()
		return
	}
	var extra []string
	for i := range p.keys.ends {
		if k := p.keys.key(i); !j.known(k) {
			extra = append(extra, string(k))
		}
	}
	var missing []string
	for i, n := range j.names {
		if j.stamp[i] != j.gen {
			missing = append(missing, n)
		}
	}
	slices.Sort(extra)
	extra = slices.Compact(extra)
	msg := fmt.Sprintf("top-level keys differ from the first object row (line %d)", j.firstLine)
	if len(missing) > 0 {
		msg += "; missing: " + quoteList(missing, 10)
	}
	if len(extra) > 0 {
		msg += "; extra: " + quoteList(extra, 10)
	}
	v.add(Problem{Code: CodeFieldsDiffer, Severity: lint.Error, Line: line, Message: msg + "; every row must have the same keys"})
}

func (j *jsonlCheck) known(k []byte) bool {
	_, ok := j.index[string(k)]
	return ok
}

// badUTF8 reports the invalid byte at the current position. The upload
// cannot read past it (for JSONL it fails with an internal error, for CSV
// with an encoding error), so checking stops.
func (v *validator) badUTF8(src *source, line int, lineStart int64) {
	found := "a truncated character at the end of the file"
	if c, ok := src.peek(); ok {
		found = fmt.Sprintf("byte 0x%02X", c)
		if c >= 0xC2 && c <= 0xF4 {
			found += " (a truncated or malformed multi-byte character)"
		}
	}
	v.add(Problem{Code: CodeInvalidUTF8, Severity: lint.Error, Line: line, Column: int(src.offset()-lineStart) + 1,
		Message: fmt.Sprintf("%s at offset %d is not valid UTF-8; the upload reads datasets as UTF-8 and fails here, so the rest of the file was not checked", found, src.offset())})
}

func (v *validator) minRows(rows int64) {
	if rows < MinRows {
		v.addLast(Problem{Code: CodeTooFewRows, Severity: lint.Error,
			Message: fmt.Sprintf("the dataset has %d data %s; the upload needs at least %d", rows, plural(rows, "row", "rows"), MinRows)})
	}
}

type lineStop uint8

const (
	stopContent lineStop = iota // at a byte that is not white space
	stopEOL                     // at "\n" or "\r"
	stopEOF
	stopBadUTF8 // at a byte sequence that is not UTF-8
)

// skipLineSpace skips Python white space within the line.
func skipLineSpace(s *source) lineStop {
	for {
		for s.pos < s.end {
			c := s.buf[s.pos]
			if c < utf8.RuneSelf {
				if c == '\n' || c == '\r' {
					return stopEOL
				}
				if !asciiPySpace[c] {
					return stopContent
				}
				s.pos++
				continue
			}
			r, n := s.decodeRune()
			if r == utf8.RuneError && n <= 1 {
				return stopBadUTF8
			}
			if !pySpace(r) {
				return stopContent
			}
			s.pos += n
		}
		if !s.more() {
			return stopEOF
		}
	}
}

// lineQuiet marks ASCII bytes other than line breaks.
var lineQuiet [256]bool

func init() {
	for c := 0; c < utf8.RuneSelf; c++ {
		lineQuiet[c] = c != '\n' && c != '\r'
	}
}

// skipLine moves to the end of the line (its terminator, or the end of the
// stream), checking UTF-8 on the way; false at an invalid sequence, with the
// position on it.
func skipLine(s *source) bool {
	for {
		i := s.pos
		for i < s.end && lineQuiet[s.buf[i]] {
			i++
		}
		s.pos = i
		if i == s.end {
			if !s.more() {
				return true
			}
			continue
		}
		if c := s.buf[i]; c == '\n' || c == '\r' {
			return true
		}
		if !skipNonASCII(s) {
			return false
		}
	}
}

// skipNonASCII consumes a run of non-ASCII characters, validating them.
func skipNonASCII(s *source) bool {
	if j := s.validRun(s.pos); j > 0 {
		s.pos = j
		return true
	}
	for {
		if s.end-s.pos < utf8.UTFMax && !s.eof {
			s.fill(utf8.UTFMax)
		}
		for s.pos < s.end && s.buf[s.pos] >= utf8.RuneSelf {
			if s.end-s.pos < utf8.UTFMax && !s.eof {
				break
			}
			r, n := utf8.DecodeRune(s.buf[s.pos:s.end])
			if r == utf8.RuneError && n <= 1 {
				return false
			}
			s.pos += n
		}
		if s.pos == s.end || s.buf[s.pos] < utf8.RuneSelf {
			return true
		}
	}
}

// consumeEOL consumes one line terminator: "\n", "\r\n" or "\r".
func consumeEOL(s *source) {
	c, ok := s.peek()
	if !ok {
		return
	}
	s.pos++
	if c == '\r' {
		if c, ok := s.peek(); ok && c == '\n' {
			s.pos++
		}
	}
}
