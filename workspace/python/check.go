package python

import "bytes"

// ErrorKind is the class of the exception compile() raises.
type ErrorKind uint8

const (
	// KindSyntax is SyntaxError.
	KindSyntax ErrorKind = iota
	// KindIndentation is IndentationError.
	KindIndentation
	// KindTab is TabError.
	KindTab
)

// String is the exception's name in Python.
func (k ErrorKind) String() string {
	switch k {
	case KindIndentation:
		return "IndentationError"
	case KindTab:
		return "TabError"
	}
	return "SyntaxError"
}

// SyntaxError is why a source does not compile.
type SyntaxError struct {
	Kind ErrorKind
	// Msg says what is wrong, in the reader's words.
	Msg string
	// Line and Col are the exception's lineno and offset: a 1-based line
	// and a 1-based column counted in characters. Both are 0 when
	// compile() gives no position (a NUL byte).
	Line, Col int
}

// Status is the reader's verdict on a source.
type Status uint8

const (
	// Undecided: the source uses what the reader does not decide (a
	// declared encoding other than UTF-8, nesting beyond its bounds).
	Undecided Status = iota
	// Clean: no syntax error the reader checks for. compile() can still
	// refuse the source for a check the reader does not make.
	Clean
	// Invalid: compile() refuses the source; Err says where and why.
	Invalid
)

// Result is the verdict on one source.
type Result struct {
	Status Status
	// Err is set when Status is Invalid.
	Err SyntaxError
	// Exact says that Err's line and column are those compile() reports.
	// Errors that CPython's parser names in a second pass over the tokens
	// (its invalid_ rules) can sit elsewhere; the reader then gives where
	// its first pass stopped, the position CPython gives for "invalid
	// syntax".
	Exact bool
}

// Check reads src as compile(src, name, "exec") of Python 3.12 and 3.13
// would: it never calls Invalid a source that either compiles.
func Check(src []byte) Result {
	return Read(src).Result
}

// bytesContainFLUFL finds the future import that changes how '!=' and
// '<>' tokenize; such a source is undecided.
func bytesContainFLUFL(src []byte) bool {
	return bytes.Contains(src, []byte("barry_as_FLUFL"))
}

// check is the verdict of a tokenized source.
func check(prep *prepared, lx *lexer, p *parser) Result {
	if lx.err != nil && lx.err.undecided {
		return Result{Status: Undecided}
	}
	status, err, exact, generic := p.run()
	if status == Undecided {
		return Result{Status: Undecided}
	}
	if status == Invalid && !p.reachedEnd() {
		if lx.err == nil || lx.err.undecided || lx.err.inFString {
			// CPython keeps a parser error found before an f-string's
			// tokenizer error.
			return Result{Status: Invalid, Err: err, Exact: exact}
		}
		if generic && p.stoppedAtIndent() {
			// CPython reports the indentation, unless its second pass
			// names an error there, which then gives way to a tokenizer
			// error further on: either can be compile()'s.
			return Result{Status: Invalid, Err: err, Exact: false}
		}
		// Past the parser's error, CPython tokenizes the rest of the
		// file: an error the tokenizer raises itself wins, and brackets
		// still open where it stops win when opened on an earlier line.
		if lx.err.raised {
			return Result{Status: Invalid, Err: lx.err.err, Exact: !lx.err.approx}
		}
		if len(lx.parens) > 0 {
			open := lx.parens[len(lx.parens)-1]
			if line, _ := prep.position(open.off); line < err.Line {
				return Result{Status: Invalid, Err: unclosed(prep, open), Exact: true}
			}
		}
		return Result{Status: Invalid, Err: err, Exact: exact}
	}
	if lx.err != nil {
		// The parser read every token before the tokenizer's error.
		if lx.err.eofInParen {
			return Result{Status: Invalid, Err: unclosed(prep, lx.parens[len(lx.parens)-1]), Exact: true}
		}
		return Result{Status: Invalid, Err: lx.err.err, Exact: !lx.err.approx}
	}
	if status == Invalid {
		return Result{Status: Invalid, Err: err, Exact: exact}
	}
	if e, bad := futureFeatures(p); bad {
		return Result{Status: Invalid, Err: e, Exact: true}
	}
	return Result{Status: Clean}
}

func unclosed(prep *prepared, open paren) SyntaxError {
	line, chars := prep.position(open.off)
	return SyntaxError{Kind: KindSyntax, Msg: "'" + string(open.c) + "' is never closed", Line: line, Col: chars + 1}
}
