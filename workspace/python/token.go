package python

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// kind is a token's type, as CPython's tokenizer names them (OP covers
// every operator and delimiter; comments and non-logical newlines are
// not tokens for the parser).
type kind uint8

const (
	tEnd kind = iota
	tName
	tNumber
	tString
	tNewline
	tIndent
	tDedent
	tOp
	tFStart
	tFMiddle
	tFEnd
)

// token is one token: its kind, its text for names and operators, and
// its byte range in the prepared text.
type token struct {
	kind       kind
	val        string
	start, end int
}

const (
	tabSize     = 8
	maxIndent   = 100 // MAXINDENT
	maxLevel    = 200 // MAXLEVEL: brackets open at once
	maxFStrings = 150 // MAXFSTRINGLEVEL
)

// lexError is where and why tokenizing stopped.
type lexError struct {
	// raised errors are those CPython's tokenizer raises itself; they
	// replace a parser error found earlier in the file. The others
	// (indentation, end of file) only count when the parser reaches them.
	raised bool
	// inFString: the error came inside an f-string, where CPython keeps
	// an earlier parser error rather than this one.
	inFString  bool
	eofInParen bool
	// approx: the position is where the error is, not always compile()'s.
	approx    bool
	undecided bool
	err       SyntaxError
}

type mode struct {
	fstring   bool // the f-string's literal part (else: an expression, or plain code)
	quote     byte
	quoteSize int
	raw       bool
	start     int // offset of the f-string's prefix
	curly     int // brackets open inside the f-string
	exprStart int // bracket depth where the current replacement field began, -1 outside one
}

type paren struct {
	c   byte
	off int
}

// lexer follows CPython's tokenizer (Parser/lexer in 3.13, tokenizer.c
// in 3.12) for source given as bytes in 'exec' mode.
type lexer struct {
	src       *prepared
	text      []byte
	cur       int
	start     int
	atbol     bool
	pendin    int
	indstack  []int
	altstack  []int
	parens    []paren
	contLine  bool
	blankline bool
	modes     []mode
	toks      []token
	err       *lexError
}

const eof = -1

func newLexer(src *prepared) *lexer {
	return &lexer{
		src: src, text: src.text, atbol: true,
		indstack: []int{0}, altstack: []int{0},
		modes: []mode{{exprStart: -1}},
	}
}

func (l *lexer) nextc() int {
	if l.cur >= len(l.text) {
		return eof
	}
	c := l.text[l.cur]
	l.cur++
	return int(c)
}

// backup steps back over c; at the end of the text nothing was read.
func (l *lexer) backup(c int) {
	if c != eof {
		l.cur--
	}
}

// run tokenizes the whole text; it stops at the first error.
func (l *lexer) run() {
	for l.err == nil {
		k := l.get()
		if l.err != nil {
			return
		}
		if k == tEnd {
			return
		}
	}
}

func (l *lexer) emit(k kind, start, end int) kind {
	t := token{kind: k, start: start, end: end}
	if k == tName || k == tOp {
		t.val = string(l.text[start:end])
	}
	l.toks = append(l.toks, t)
	return k
}

// fail records a tokenizer error; at is the byte offset CPython's
// tokenizer stands at, whose characters before it on lineOf's line give
// the column.
func (l *lexer) fail(e *lexError) kind {
	if l.err == nil {
		e.inFString = len(l.modes) > 1
		l.err = e
	}
	return tEnd
}

// raise is syntaxerror(): the column counts the characters from the
// start of the line holding lineOff up to at.
func (l *lexer) raise(k ErrorKind, lineOff, at int, format string, args ...any) kind {
	line, ls := l.lineOf(lineOff)
	col := countChars(l.text[ls:min(at, len(l.text))])
	return l.fail(&lexError{raised: true, inFString: len(l.modes) > 1, err: SyntaxError{Kind: k, Msg: fmt.Sprintf(format, args...), Line: line, Col: col}})
}

func (l *lexer) lineOf(off int) (line, start int) {
	off = min(off, len(l.text)-1)
	line, _ = l.src.position(off)
	return line, l.src.lineStarts[line-1]
}

func (l *lexer) undecided() kind {
	return l.fail(&lexError{undecided: true})
}

func (l *lexer) get() kind {
	m := &l.modes[len(l.modes)-1]
	if m.fstring {
		return l.getFString(m)
	}
	return l.getNormal(m)
}

func (l *lexer) getNormal(m *mode) kind {
	var c int
nextline:
	l.blankline = false
	if l.atbol {
		col, altcol, contCol := 0, 0, 0
		l.atbol = false
		for {
			c = l.nextc()
			if c == ' ' {
				col++
				altcol++
			} else if c == '\t' {
				col = (col/tabSize + 1) * tabSize
				altcol++
			} else if c == '\f' {
				col, altcol = 0, 0
			} else if c == '\\' {
				if contCol == 0 {
					contCol = col
				}
				if c = l.continuation(); c == eof {
					return tEnd
				}
			} else {
				break
			}
		}
		l.backup(c)
		if c == '#' || c == '\n' || c == '\r' {
			l.blankline = true
		}
		if !l.blankline && len(l.parens) == 0 {
			if contCol != 0 {
				col, altcol = contCol, contCol
			}
			top := len(l.indstack) - 1
			switch {
			case col == l.indstack[top]:
				if altcol != l.altstack[top] {
					return l.tabError()
				}
			case col > l.indstack[top]:
				if top+1 >= maxIndent {
					line, _ := l.lineOf(l.cur)
					return l.fail(&lexError{err: SyntaxError{Kind: KindIndentation, Msg: "too many levels of indentation", Line: line, Col: 1}})
				}
				if altcol <= l.altstack[top] {
					return l.tabError()
				}
				l.pendin++
				l.indstack = append(l.indstack, col)
				l.altstack = append(l.altstack, altcol)
			default:
				for len(l.indstack) > 1 && col < l.indstack[len(l.indstack)-1] {
					l.pendin--
					l.indstack = l.indstack[:len(l.indstack)-1]
					l.altstack = l.altstack[:len(l.altstack)-1]
				}
				top = len(l.indstack) - 1
				if col != l.indstack[top] {
					// E_DEDENT: reported at the end of the line.
					line, ls := l.lineOf(l.cur)
					end := l.src.lineEnd(min(l.cur, len(l.text)-1))
					return l.fail(&lexError{err: SyntaxError{Kind: KindIndentation, Msg: "this line's indentation matches no enclosing block's", Line: line, Col: countChars(l.text[ls:end])}})
				}
				if altcol != l.altstack[top] {
					return l.tabError()
				}
			}
		}
	}
	l.start = l.cur
	if l.pendin != 0 {
		if l.pendin < 0 {
			l.pendin++
			return l.emit(tDedent, l.cur, l.cur)
		}
		l.pendin--
		return l.emit(tIndent, l.cur, l.cur)
	}
again:
	for {
		c = l.nextc()
		if c != ' ' && c != '\t' && c != '\f' {
			break
		}
	}
	l.start = l.cur - 1
	if c == '#' {
		for c != eof && c != '\n' {
			c = l.nextc()
		}
	}
	if c == eof {
		l.cur = len(l.text)
		if len(l.parens) > 0 {
			return l.fail(&lexError{eofInParen: true})
		}
		return l.emit(tEnd, len(l.text), len(l.text))
	}
	if isIdentStart(c) {
		sawB, sawR, sawU, sawF := false, false, false, false
		for {
			switch {
			case !(sawB || sawU || sawF) && (c == 'b' || c == 'B'):
				sawB = true
			case !(sawB || sawU || sawR || sawF) && (c == 'u' || c == 'U'):
				sawU = true
			case !(sawR || sawU) && (c == 'r' || c == 'R'):
				sawR = true
			case !(sawF || sawB || sawU) && (c == 'f' || c == 'F'):
				sawF = true
			default:
				goto ident
			}
			c = l.nextc()
			if c == '"' || c == '\'' {
				if sawF {
					return l.fstringStart(c)
				}
				return l.stringLit(c)
			}
		}
	ident:
		nonASCII := false
		for isIdentChar(c) {
			if c >= 128 {
				nonASCII = true
			}
			c = l.nextc()
		}
		l.backup(c)
		if nonASCII {
			if k, bad := l.verifyIdentifier(); bad {
				return k
			}
		}
		return l.emit(tName, l.start, l.cur)
	}
	if c == '\n' {
		l.atbol = true
		if l.blankline || len(l.parens) > 0 {
			goto nextline
		}
		l.contLine = false
		return l.emit(tNewline, l.start, l.cur-1)
	}
	if c == '.' {
		c = l.nextc()
		if isDigit(c) {
			return l.fraction(c)
		}
		if c == '.' {
			c = l.nextc()
			if c == '.' {
				return l.emit(tOp, l.start, l.cur)
			}
			l.backup(c)
			l.backup('.')
		} else {
			l.backup(c)
		}
		return l.emit(tOp, l.start, l.cur)
	}
	if isDigit(c) {
		return l.number(c)
	}
	if c == '"' || c == '\'' {
		return l.stringLit(c)
	}
	if c == '\\' {
		if c = l.continuation(); c == eof {
			return tEnd
		}
		l.contLine = true
		goto again
	}
	inFString := len(l.modes) > 1
	if inFString && m.exprStart >= 0 && (c == ':' || c == '}' || c == '!' || c == '{') {
		cursor := m.curly
		if c != '{' {
			cursor--
		}
		if c == ':' && cursor == m.exprStart {
			m.fstring = true
			return l.emit(tOp, l.start, l.cur)
		}
	}
	// Two- and three-character operators.
	{
		c2 := l.nextc()
		if twoChars(c, c2) {
			c3 := l.nextc()
			if !threeChars(c, c2, c3) {
				l.backup(c3)
			}
			return l.emit(tOp, l.start, l.cur)
		}
		l.backup(c2)
	}
	switch c {
	case '(', '[', '{':
		if len(l.parens) >= maxLevel {
			return l.raise(KindSyntax, l.start, l.cur, "more than %d brackets are open at once", maxLevel)
		}
		l.parens = append(l.parens, paren{c: byte(c), off: l.start})
		if inFString {
			m.curly++
		}
	case ')', ']', '}':
		if inFString && m.curly == 0 && c == '}' {
			return l.raise(KindSyntax, l.start, l.cur, "an f-string holds a single '}' (write '}}' for the character)")
		}
		if len(l.parens) == 0 {
			return l.raise(KindSyntax, l.start, l.cur, "'%c' closes no open bracket", c)
		}
		open := l.parens[len(l.parens)-1]
		l.parens = l.parens[:len(l.parens)-1]
		if !(open.c == '(' && c == ')' || open.c == '[' && c == ']' || open.c == '{' && c == '}') {
			if inFString && open.c == '{' && m.curly-1 == m.exprStart {
				return l.raise(KindSyntax, l.start, l.cur, "an f-string's replacement field is closed by '%c'", c)
			}
			return l.raise(KindSyntax, l.start, l.cur, "'%c' does not close the '%c' opened before it", c, open.c)
		}
		if inFString {
			m.curly--
			if c == '}' && m.curly == m.exprStart {
				m.exprStart--
				m.fstring = true
			}
		}
	}
	if c < 0x20 || c == 0x7f {
		return l.raise(KindSyntax, l.start, l.cur, "the non-printable character U+%04X is not allowed here", c)
	}
	return l.emit(tOp, l.start, l.cur)
}

func (l *lexer) tabError() kind {
	line, _ := l.lineOf(l.cur)
	return l.fail(&lexError{err: SyntaxError{Kind: KindTab, Msg: "tabs and spaces indent this line inconsistently with the lines before it", Line: line, Col: 1}})
}

// continuation follows tok_continuation_line: after a backslash, the
// line must end; it returns eof after recording an error.
func (l *lexer) continuation() int {
	c := l.nextc()
	if c != '\n' {
		at := min(l.cur-1, len(l.text))
		line, ls := l.lineOf(at)
		l.fail(&lexError{err: SyntaxError{Kind: KindSyntax, Msg: "a line continuation character '\\' must end its line", Line: line, Col: countChars(l.text[ls:at]) + 1}})
		return eof
	}
	c = l.nextc()
	if c == eof {
		if len(l.parens) > 0 {
			l.fail(&lexError{eofInParen: true})
			return eof
		}
		line, ls := l.lineOf(len(l.text) - 1)
		l.fail(&lexError{err: SyntaxError{Kind: KindSyntax, Msg: "the file ends after a line continuation character", Line: line, Col: countChars(l.text[ls:])}})
		return eof
	}
	l.backup(c)
	return c
}

// verifyIdentifier checks a name holding non-ASCII bytes; it reports an
// error only for what CPython certainly refuses.
func (l *lexer) verifyIdentifier() (kind, bool) {
	b := l.text[l.start:l.cur]
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			line, ls := l.lineOf(l.start)
			return l.fail(&lexError{raised: true, approx: true, err: SyntaxError{Kind: KindSyntax, Msg: "the source is not valid UTF-8", Line: line, Col: countChars(l.text[ls:l.start+i]) + 1}}), true
		}
		if r >= 128 && notIdentifier(r) {
			at := l.start + i + size
			if unicode.IsPrint(r) {
				return l.raise(KindSyntax, l.start, at, "the character '%c' (U+%04X) cannot appear in a name or outside a string", r, r), true
			}
			return l.raise(KindSyntax, l.start, at, "the non-printable character U+%04X is not allowed here", r), true
		}
		i += size
	}
	return tEnd, false
}

// notIdentifier is true for characters that are in no Unicode version's
// identifier classes (XID_Start, XID_Continue): symbols, punctuation
// other than connectors, separators, controls and private use, minus the
// few such characters Unicode lists as identifier characters.
func notIdentifier(r rune) bool {
	switch r {
	case 0x00B7, 0x0387, 0x2118, 0x212E, 0x309B, 0x309C, 0x30FB, 0xFF65, 0x200C, 0x200D:
		return false
	}
	return unicode.In(r, unicode.Pd, unicode.Ps, unicode.Pe, unicode.Pi, unicode.Pf, unicode.Po,
		unicode.Sm, unicode.Sc, unicode.Sk, unicode.So, unicode.Zs, unicode.Zl, unicode.Zp, unicode.Cc, unicode.Co)
}

func isIdentStart(c int) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 128
}

func isIdentChar(c int) bool {
	return isIdentStart(c) || isDigit(c)
}

func isDigit(c int) bool { return c >= '0' && c <= '9' }

func isHex(c int) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func twoChars(c1, c2 int) bool {
	switch c1 {
	case '!', '%', '&', '*', '+', '/', '^', '|', '=', '@':
		return c2 == '=' || (c1 == '*' && c2 == '*') || (c1 == '/' && c2 == '/')
	case '-':
		return c2 == '=' || c2 == '>'
	case ':':
		return c2 == '='
	case '<':
		return c2 == '=' || c2 == '<' || c2 == '>'
	case '>':
		return c2 == '=' || c2 == '>'
	}
	return false
}

func threeChars(c1, c2, c3 int) bool {
	if c3 != '=' {
		return c1 == '.' && c2 == '.' && c3 == '.'
	}
	return c1 == '*' && c2 == '*' || c1 == '/' && c2 == '/' || c1 == '<' && c2 == '<' || c1 == '>' && c2 == '>'
}

// Numbers.

func (l *lexer) decimalTail() (int, bool) {
	for {
		c := l.nextc()
		for isDigit(c) {
			c = l.nextc()
		}
		if c != '_' {
			return c, true
		}
		c = l.nextc()
		if !isDigit(c) {
			l.backup(c)
			l.raise(KindSyntax, l.start, l.cur, "invalid decimal literal")
			return 0, false
		}
	}
}

// endOfNumber follows verify_end_of_number: a number followed at once by
// a name character is an error, except before the keywords that may
// follow a number in valid code (a warning there).
func (l *lexer) endOfNumber(c int, what string) bool {
	r := false
	switch c {
	case 'a':
		r = l.lookahead("nd")
	case 'e':
		r = l.lookahead("lse")
	case 'f':
		r = l.lookahead("or")
	case 'i':
		c2 := l.nextc()
		r = c2 == 'f' || c2 == 'n' || c2 == 's'
		l.backup(c2)
	case 'o':
		r = l.lookahead("r")
	case 'n':
		r = l.lookahead("ot")
	}
	if r {
		return true
	}
	if c < 128 && c >= 0 && isIdentChar(c) {
		l.backup(c)
		l.raise(KindSyntax, l.start, l.cur, "invalid %s literal", what)
		return false
	}
	return true
}

func (l *lexer) lookahead(s string) bool {
	at := l.cur
	ok := at+len(s) <= len(l.text) && string(l.text[at:at+len(s)]) == s
	return ok
}

func (l *lexer) number(c int) kind {
	if c == '0' {
		c = l.nextc()
		switch {
		case c == 'x' || c == 'X':
			c = l.nextc()
			for {
				if c == '_' {
					c = l.nextc()
				}
				if !isHex(c) {
					l.backup(c)
					return l.raise(KindSyntax, l.start, l.cur, "invalid hexadecimal literal")
				}
				for isHex(c) {
					c = l.nextc()
				}
				if c != '_' {
					break
				}
			}
			if !l.endOfNumber(c, "hexadecimal") {
				return tEnd
			}
		case c == 'o' || c == 'O' || c == 'b' || c == 'B':
			octal := c == 'o' || c == 'O'
			name, limit := "binary", '2'
			if octal {
				name, limit = "octal", '8'
			}
			c = l.nextc()
			for {
				if c == '_' {
					c = l.nextc()
				}
				if c < '0' || c >= int(limit) {
					if isDigit(c) {
						return l.raise(KindSyntax, l.start, l.cur, "invalid digit '%c' in %s literal", c, name)
					}
					l.backup(c)
					return l.raise(KindSyntax, l.start, l.cur, "invalid %s literal", name)
				}
				for c >= '0' && c < int(limit) {
					c = l.nextc()
				}
				if c != '_' {
					break
				}
			}
			if isDigit(c) {
				return l.raise(KindSyntax, l.start, l.cur, "invalid digit '%c' in %s literal", c, name)
			}
			if !l.endOfNumber(c, name) {
				return tEnd
			}
		default:
			nonzero := false
			for {
				if c == '_' {
					c = l.nextc()
					if !isDigit(c) {
						l.backup(c)
						return l.raise(KindSyntax, l.start, l.cur, "invalid decimal literal")
					}
				}
				if c != '0' {
					break
				}
				c = l.nextc()
			}
			if isDigit(c) {
				nonzero = true
				var ok bool
				if c, ok = l.decimalTail(); !ok {
					return tEnd
				}
			}
			switch {
			case c == '.':
				return l.fraction(l.nextc())
			case c == 'e' || c == 'E':
				return l.exponent(c)
			case c == 'j' || c == 'J':
				return l.imaginary()
			case nonzero:
				l.backup(c)
				// CPython gives this range in bytes.
				line, ls := l.lineOf(l.start)
				return l.fail(&lexError{raised: true, inFString: len(l.modes) > 1, err: SyntaxError{Kind: KindSyntax, Msg: "a decimal integer cannot start with 0 (write 0o for an octal number)", Line: line, Col: l.start + 1 - ls}})
			}
			if !l.endOfNumber(c, "decimal") {
				return tEnd
			}
		}
		l.backup(c)
		return l.emit(tNumber, l.start, l.cur)
	}
	c, ok := l.decimalTail()
	if !ok {
		return tEnd
	}
	if c == '.' {
		return l.fraction(l.nextc())
	}
	return l.afterFraction(c)
}

func (l *lexer) fraction(c int) kind {
	if isDigit(c) {
		var ok bool
		if c, ok = l.decimalTail(); !ok {
			return tEnd
		}
	}
	return l.afterFraction(c)
}

func (l *lexer) afterFraction(c int) kind {
	if c == 'e' || c == 'E' {
		return l.exponent(c)
	}
	if c == 'j' || c == 'J' {
		return l.imaginary()
	}
	if !l.endOfNumber(c, "decimal") {
		return tEnd
	}
	l.backup(c)
	return l.emit(tNumber, l.start, l.cur)
}

func (l *lexer) exponent(e int) kind {
	c := l.nextc()
	if c == '+' || c == '-' {
		c = l.nextc()
		if !isDigit(c) {
			l.backup(c)
			return l.raise(KindSyntax, l.start, l.cur, "invalid decimal literal")
		}
	} else if !isDigit(c) {
		l.backup(c)
		if !l.endOfNumber(e, "decimal") {
			return tEnd
		}
		l.backup(e)
		return l.emit(tNumber, l.start, l.cur)
	}
	c, ok := l.decimalTail()
	if !ok {
		return tEnd
	}
	if c == 'j' || c == 'J' {
		return l.imaginary()
	}
	if !l.endOfNumber(c, "decimal") {
		return tEnd
	}
	l.backup(c)
	return l.emit(tNumber, l.start, l.cur)
}

func (l *lexer) imaginary() kind {
	c := l.nextc()
	if !l.endOfNumber(c, "imaginary") {
		return tEnd
	}
	l.backup(c)
	return l.emit(tNumber, l.start, l.cur)
}

// Strings.

func (l *lexer) stringLit(quote int) kind {
	quoteSize, endQuote := 1, 0
	c := l.nextc()
	if c == quote {
		c = l.nextc()
		if c == quote {
			quoteSize = 3
		} else {
			endQuote = 1
		}
	}
	if c != quote {
		l.backup(c)
	}
	for endQuote != quoteSize {
		c = l.nextc()
		if c == eof || (quoteSize == 1 && c == '\n') {
			detected, _ := l.lineOf(l.cur - 1)
			if len(l.modes) > 1 {
				m := l.modes[len(l.modes)-1]
				if int(m.quote) == quote && m.quoteSize == quoteSize {
					return l.raise(KindSyntax, l.start, l.start+1, "an f-string's replacement field is not closed by '}'")
				}
			}
			if quoteSize == 3 {
				return l.raise(KindSyntax, l.start, l.start+1, "a triple-quoted string is not closed (the file ends at line %d)", detected)
			}
			return l.raise(KindSyntax, l.start, l.start+1, "a string is not closed before the end of its line %d", detected)
		}
		if c == quote {
			endQuote++
		} else {
			endQuote = 0
			if c == '\\' {
				l.nextc()
			}
		}
	}
	return l.emit(tString, l.start, l.cur)
}

func (l *lexer) fstringStart(quote int) kind {
	quoteSize := 1
	after := l.nextc()
	if after == quote {
		afterAfter := l.nextc()
		if afterAfter == quote {
			quoteSize = 3
		} else {
			l.backup(afterAfter)
			l.backup(after)
		}
	} else {
		l.backup(after)
	}
	if len(l.modes)+1 >= maxFStrings {
		return l.undecided()
	}
	raw := false
	for _, b := range l.text[l.start:l.cur] {
		if b == 'r' || b == 'R' {
			raw = true
		}
	}
	l.modes = append(l.modes, mode{fstring: true, quote: byte(quote), quoteSize: quoteSize, raw: raw, start: l.start, exprStart: -1})
	return l.emit(tFStart, l.start, l.cur)
}

// getFString tokenizes an f-string's literal part (tok_get_fstring_mode).
func (l *lexer) getFString(m *mode) kind {
	l.start = l.cur
	c := l.nextc()
	if c == '{' {
		peek := l.nextc()
		l.backup(peek)
		l.backup(c)
		if peek != '{' {
			m.exprStart++
			if m.exprStart >= 2 {
				return l.undecided()
			}
			m.fstring = false
			return l.getNormal(m)
		}
	} else {
		l.backup(c)
	}
	// The closing quote?
	closing := true
	for i := 0; i < m.quoteSize; i++ {
		q := l.nextc()
		if q != int(m.quote) {
			l.cur = l.start
			closing = false
			break
		}
	}
	if closing {
		l.modes = l.modes[:len(l.modes)-1]
		return l.emit(tFEnd, l.start, l.cur)
	}
	endQuote := 0
	unicodeEscape := false
	for endQuote != m.quoteSize {
		c = l.nextc()
		inSpec := m.exprStart >= 0
		if c == eof || (m.quoteSize == 1 && c == '\n') {
			if inSpec && c == '\n' {
				l.backup(c)
				m.fstring = false
				return l.emit(tFMiddle, l.start, l.cur)
			}
			detected, _ := l.lineOf(l.cur - 1)
			if m.quoteSize == 3 {
				return l.raise(KindSyntax, m.start, m.start+1, "a triple-quoted f-string is not closed (the file ends at line %d)", detected)
			}
			return l.raise(KindSyntax, m.start, m.start+1, "an f-string is not closed before the end of its line %d", detected)
		}
		if c == int(m.quote) {
			endQuote++
			continue
		}
		endQuote = 0
		switch c {
		case '{':
			peek := l.nextc()
			if peek != '{' || inSpec {
				l.backup(peek)
				l.backup(c)
				m.exprStart++
				if m.exprStart >= 2 {
					return l.undecided()
				}
				m.fstring = false
				return l.emit(tFMiddle, l.start, l.cur)
			}
			return l.emit(tFMiddle, l.start, l.cur-1)
		case '}':
			if unicodeEscape {
				return l.emit(tFMiddle, l.start, l.cur)
			}
			peek := l.nextc()
			if peek == '}' && !inSpec {
				return l.emit(tFMiddle, l.start, l.cur-1)
			}
			l.backup(peek)
			l.backup(c)
			m.fstring = false
			return l.emit(tFMiddle, l.start, l.cur)
		case '\\':
			peek := l.nextc()
			if peek == '{' || peek == '}' {
				l.backup(peek)
				continue
			}
			if !m.raw && peek == 'N' {
				peek = l.nextc()
				if peek == '{' {
					unicodeEscape = true
				} else {
					l.backup(peek)
				}
			}
		}
	}
	for i := 0; i < m.quoteSize; i++ {
		l.backup(int(m.quote))
	}
	return l.emit(tFMiddle, l.start, l.cur)
}
