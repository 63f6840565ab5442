package python

import "fmt"

// isKeyword reports the hard keywords of Python 3.12 and 3.13: never a
// NAME. (A switch, not a map: nothing to build at start-up.)
func isKeyword(s string) bool {
	switch s {
	case "False", "None", "True", "and", "as", "assert", "async", "await", "break",
		"class", "continue", "def", "del", "elif", "else", "except", "finally", "for",
		"from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
		"pass", "raise", "return", "try", "while", "with", "yield":
		return true
	}
	return false
}

// maxDepth bounds the parser's nesting; deeper sources are undecided
// (CPython's own limits are larger, so no error is claimed there).
const maxDepth = 400

// abort ends a parse early: an action's error, or a source the reader
// does not decide.
type abort struct {
	undecided bool
	approx    bool // compile() raises, but not a SyntaxError with this position
	err       SyntaxError
}

// stmtInfo is what the future-import check needs of a module-level
// statement.
type stmtInfo struct {
	first     int  // index of its first token
	docstring bool // a lone string expression
	future    bool // from __future__ import ...
	names     []int
	more      bool // more statements follow on its line
}

// memo keeps a rule's result at a token position: 0 not yet, -1 failed,
// else end+1. PEG parsers memoize to stay linear where alternatives
// share a prefix.
type memo []int32

func (m memo) get(pos int) (int, bool, bool) {
	v := m[pos]
	if v == 0 {
		return 0, false, false
	}
	if v < 0 {
		return 0, false, true
	}
	return int(v - 1), true, true
}

// parser is a recursive-descent parser with backtracking, following the
// alternatives of CPython's Grammar/python.gram in their order.
type parser struct {
	src         *prepared
	toks        []token
	pos         int
	furthest    int
	depth       int
	top         []stmtInfo
	memoExpr    memo
	memoOr      memo
	memoStr     memo
	memoTarget  memo
	memoDel     memo
	memoPattern memo
	memoOrPat   memo
	// looks, when set, counts the parser's looks at tokens (tests).
	looks *int
	// blocks is how many blocks enclose the statement being read;
	// imports are the import statements read outside any block.
	blocks     int
	imports    []Import
	starImport bool
	// funcs and classes count the enclosing blocks that are function and
	// class bodies; deferred are the imports read in a function body with
	// no other block between (no if, try, with, loop or match).
	funcs, classes int
	deferred       []Import
}

// memoized runs rule at the current position once; a second call there
// takes its result from m.
func (p *parser) memoized(m memo, rule func() bool) bool {
	start := p.pos
	if end, ok, known := m.get(start); known {
		if ok {
			p.pos = end
		}
		return ok
	}
	ok := rule()
	if ok {
		m[start] = int32(p.pos + 1)
	} else {
		m[start] = -1
		p.pos = start
	}
	return ok
}

func newParser(src *prepared, toks []token) *parser {
	n := len(toks) + 1
	return &parser{src: src, toks: toks,
		memoExpr: make(memo, n), memoOr: make(memo, n), memoStr: make(memo, n),
		memoTarget: make(memo, n), memoDel: make(memo, n), memoPattern: make(memo, n), memoOrPat: make(memo, n)}
}

func (p *parser) reachedEnd() bool { return p.furthest >= len(p.toks) }

// stoppedAtIndent: the parse failed at an INDENT or a DEDENT, which
// CPython reports without looking at the rest of the file.
func (p *parser) stoppedAtIndent() bool {
	if p.furthest >= len(p.toks) {
		return false
	}
	k := p.toks[p.furthest].kind
	return k == tIndent || k == tDedent
}

// run parses the file rule: [statements] ENDMARKER.
func (p *parser) run() (status Status, err SyntaxError, exact, generic bool) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			if a.undecided {
				status = Undecided
				return
			}
			status, err, exact, generic = Invalid, a.err, !a.approx, false
		}
	}()
	for {
		m := p.pos
		if p.isKind(tEnd) {
			return Clean, SyntaxError{}, true, false
		}
		info := stmtInfo{first: m}
		if !p.statement(&info) {
			p.pos = m
			break
		}
		p.top = append(p.top, info)
	}
	if p.isKind(tEnd) {
		return Clean, SyntaxError{}, true, false
	}
	e, exact := p.genericError()
	return Invalid, e, exact, true
}

// genericError is CPython's error for a parse that failed: at the
// furthest token the first pass read.
func (p *parser) genericError() (SyntaxError, bool) {
	if p.furthest >= len(p.toks) {
		return SyntaxError{}, false
	}
	t := p.toks[p.furthest]
	line, chars := p.src.position(t.start)
	switch t.kind {
	case tIndent:
		return SyntaxError{Kind: KindIndentation, Msg: "this line is indented more than the block it belongs to", Line: line, Col: chars}, true
	case tDedent:
		return SyntaxError{Kind: KindIndentation, Msg: "this line is indented less than expected", Line: line, Col: chars}, true
	}
	what := "this token"
	switch t.kind {
	case tNewline:
		what = "the end of the line"
	case tEnd:
		what = "the end of the file"
	case tName, tOp:
		what = "'" + t.val + "'"
	case tNumber:
		what = "this number"
	case tString, tFStart:
		what = "this string"
	}
	return SyntaxError{Kind: KindSyntax, Msg: "invalid syntax: " + what + " cannot come here", Line: line, Col: chars + 1}, false
}

func (p *parser) fail(t token, format string, args ...any) {
	line, chars := p.src.position(t.start)
	panic(abort{err: SyntaxError{Kind: KindSyntax, Msg: fmt.Sprintf(format, args...), Line: line, Col: chars + 1}})
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		panic(abort{undecided: true})
	}
}

func (p *parser) leave() { p.depth-- }

// Token access. Every look at a token counts toward the furthest one
// read, as CPython's parser fills its token array.

func (p *parser) peek() *token {
	if p.looks != nil {
		*p.looks++
	}
	pos := p.pos
	if n := len(p.toks); pos >= n && n > 0 && p.toks[n-1].kind == tEnd {
		// Nothing is read past the end marker.
		pos = n - 1
	}
	if pos > p.furthest {
		p.furthest = pos
	}
	if pos >= len(p.toks) {
		// The tokenizer's error: the parser needs a token it could not make.
		return &token{kind: 255}
	}
	return &p.toks[pos]
}

func (p *parser) isKind(k kind) bool { return p.peek().kind == k }

func (p *parser) isOp(s string) bool {
	t := p.peek()
	return t.kind == tOp && t.val == s
}

func (p *parser) isKw(s string) bool {
	t := p.peek()
	return t.kind == tName && t.val == s
}

// isName is a NAME that is not a keyword (soft keywords are names).
func (p *parser) isName() bool {
	t := p.peek()
	return t.kind == tName && !isKeyword(t.val)
}

func (p *parser) eatOp(s string) bool {
	if p.isOp(s) {
		p.pos++
		return true
	}
	return false
}

func (p *parser) eatKw(s string) bool {
	if p.isKw(s) {
		p.pos++
		return true
	}
	return false
}

func (p *parser) eatKind(k kind) bool {
	if p.isKind(k) {
		p.pos++
		return true
	}
	return false
}

func (p *parser) eatName() bool {
	if p.isName() {
		p.pos++
		return true
	}
	return false
}

// lookOp is a lookahead: the token at offset ahead is the operator s.
func (p *parser) lookOp(ahead int, s string) bool {
	m := p.pos
	p.pos += ahead
	ok := p.isOp(s)
	p.pos = m
	return ok
}

// Statements.

// statement: compound_stmt | simple_stmts
func (p *parser) statement(info *stmtInfo) bool {
	m := p.pos
	if p.compound() {
		return true
	}
	p.pos = m
	return p.simpleStmts(info)
}

// statements: statement+
func (p *parser) statements() bool {
	n := 0
	for {
		m := p.pos
		if !p.statement(nil) {
			p.pos = m
			return n > 0
		}
		n++
	}
}

// block: NEWLINE INDENT statements DEDENT | simple_stmts
func (p *parser) block() bool {
	p.enter()
	p.blocks++
	defer func() {
		p.leave()
		p.blocks--
	}()
	m := p.pos
	if p.eatKind(tNewline) && p.eatKind(tIndent) && p.statements() && p.eatKind(tDedent) {
		return true
	}
	p.pos = m
	return p.simpleStmts(nil)
}

// simple_stmts: simple_stmt !';' NEWLINE | ';'.simple_stmt+ [';'] NEWLINE
func (p *parser) simpleStmts(info *stmtInfo) bool {
	if !p.simpleStmt(info) {
		return false
	}
	for p.isOp(";") {
		m := p.pos
		p.pos++
		if p.isKind(tNewline) {
			break
		}
		if !p.simpleStmt(nil) {
			p.pos = m
			break
		}
		if info != nil {
			info.more = true
		}
	}
	p.eatOp(";")
	return p.eatKind(tNewline)
}

// isAugassign reports the augmented assignment operators.
func isAugassign(s string) bool {
	switch s {
	case "+=", "-=", "*=", "@=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "**=", "//=":
		return true
	}
	return false
}

func (p *parser) simpleStmt(info *stmtInfo) bool {
	m := p.pos
	if p.assignment() {
		return true
	}
	p.pos = m
	if p.isKw("type") {
		if p.typeAlias() {
			return true
		}
		p.pos = m
	}
	if p.starExpressions() {
		if info != nil {
			info.docstring = p.allText(m, p.pos)
		}
		return true
	}
	p.pos = m
	t := p.peek()
	if t.kind != tName {
		return false
	}
	switch t.val {
	case "return":
		p.pos++
		m := p.pos
		if !p.starExpressions() {
			p.pos = m
		}
		return true
	case "import":
		first := p.pos
		p.pos++
		if !p.dottedAsNames() {
			return false
		}
		p.noteImportNames(first)
		return true
	case "from":
		return p.importFrom(info)
	case "raise":
		p.pos++
		m := p.pos
		if p.expression() {
			m2 := p.pos
			if p.eatKw("from") && p.expression() {
				return true
			}
			p.pos = m2
			return true
		}
		p.pos = m
		return true
	case "pass", "break", "continue":
		p.pos++
		return true
	case "del":
		p.pos++
		if !p.delTargets() {
			return false
		}
		return p.isOp(";") || p.isKind(tNewline)
	case "yield":
		return p.yieldExpr()
	case "assert":
		p.pos++
		if !p.expression() {
			return false
		}
		m := p.pos
		if p.eatOp(",") && p.expression() {
			return true
		}
		p.pos = m
		return true
	case "global", "nonlocal":
		p.pos++
		if !p.eatName() {
			return false
		}
		for p.isOp(",") {
			m := p.pos
			p.pos++
			if !p.eatName() {
				p.pos = m
				break
			}
		}
		return true
	}
	return false
}

// allText says that tokens from..to are string literals that are not
// bytes: a constant str, as a docstring is.
func (p *parser) allText(from, to int) bool {
	if from == to {
		return false
	}
	for _, t := range p.toks[from:to] {
		if t.kind != tString || stringPrefix(p.src.text[t.start:t.end]).bytes {
			return false
		}
	}
	return true
}

// assignment:
//
//	NAME ':' expression ['=' annotated_rhs]
//	('(' single_target ')' | single_subscript_attribute_target) ':' expression ['=' annotated_rhs]
//	(star_targets '=')+ (yield_expr | star_expressions) !'='
//	single_target augassign ~ (yield_expr | star_expressions)
func (p *parser) assignment() bool {
	m := p.pos
	if p.eatName() && p.eatOp(":") {
		return p.expression() && p.optAnnotatedValue()
	}
	p.pos = m
	if p.eatOp("(") && p.singleTarget() && p.eatOp(")") && p.eatOp(":") {
		return p.expression() && p.optAnnotatedValue()
	}
	p.pos = m
	if p.subscriptAttributeTarget() && p.eatOp(":") {
		return p.expression() && p.optAnnotatedValue()
	}
	p.pos = m
	n := 0
	for {
		m2 := p.pos
		if p.starTargets() && p.eatOp("=") {
			n++
			continue
		}
		p.pos = m2
		break
	}
	if n > 0 {
		m2 := p.pos
		if p.yieldExpr() || p.resetTo(m2) && p.starExpressions() {
			if !p.isOp("=") {
				return true
			}
		}
	}
	p.pos = m
	if p.singleTarget() {
		t := p.peek()
		if t.kind == tOp && isAugassign(t.val) {
			p.pos++
			m2 := p.pos
			return p.yieldExpr() || p.resetTo(m2) && p.starExpressions()
		}
	}
	p.pos = m
	return false
}

func (p *parser) resetTo(m int) bool {
	p.pos = m
	return true
}

// ['=' annotated_rhs]
func (p *parser) optAnnotatedValue() bool {
	m := p.pos
	if p.eatOp("=") {
		m2 := p.pos
		if p.yieldExpr() || p.resetTo(m2) && p.starExpressions() {
			return true
		}
	}
	p.pos = m
	return true
}

// type_alias: "type" NAME [type_params] '=' expression
func (p *parser) typeAlias() bool {
	p.pos++
	if !p.eatName() {
		return false
	}
	if p.isOp("[") && !p.typeParams() {
		return false
	}
	return p.eatOp("=") && p.expression()
}

// type_params: '[' type_param_seq ']'
func (p *parser) typeParams() bool {
	if !p.eatOp("[") {
		return false
	}
	n := 0
	for {
		if !p.typeParam() {
			if n == 0 {
				return false
			}
			break
		}
		n++
		if !p.eatOp(",") {
			break
		}
		if p.isOp("]") {
			break
		}
	}
	return p.eatOp("]")
}

// type_param: NAME [bound] [default] | '*' NAME [star default] | '**' NAME [default]
// (defaults are 3.13's; accepting them keeps 3.13 sources clean).
func (p *parser) typeParam() bool {
	switch {
	case p.eatOp("*"):
		if !p.eatName() {
			return false
		}
		if p.isOp("=") {
			p.pos++
			return p.starExpression()
		}
		return true
	case p.eatOp("**"):
		if !p.eatName() {
			return false
		}
	default:
		if !p.eatName() {
			return false
		}
		if p.isOp(":") {
			p.pos++
			if !p.expression() {
				return false
			}
		}
	}
	if p.isOp("=") {
		p.pos++
		return p.expression()
	}
	return true
}

// import_from:
//
//	'from' ('.' | '...')* dotted_name 'import' import_from_targets
//	'from' ('.' | '...')+ 'import' import_from_targets
func (p *parser) importFrom(info *stmtInfo) bool {
	first := p.pos
	p.pos++
	dots := 0
	for p.isOp(".") || p.isOp("...") {
		p.pos++
		dots++
	}
	moduleAt := p.pos
	m := p.pos
	if !p.dottedName() {
		p.pos = m
		if dots == 0 {
			return false
		}
	}
	future := dots == 0 && p.pos == moduleAt+1 && p.toks[moduleAt].val == "__future__"
	if !p.eatKw("import") {
		return false
	}
	// import_from_targets: '(' names [','] ')' | names !',' | '*'
	var names []int
	switch {
	case p.isOp("*"):
		if p.blocks == 0 {
			p.starImport = true
		}
		names = append(names, p.pos)
		p.pos++
	case p.eatOp("("):
		var ok bool
		if names, ok = p.importAsNames(); !ok {
			return false
		}
		p.eatOp(",")
		if !p.eatOp(")") {
			return false
		}
	default:
		var ok bool
		if names, ok = p.importAsNames(); !ok || p.isOp(",") {
			return false
		}
	}
	if info != nil && future {
		info.future = true
		info.names = names
	}
	p.noteImportFrom(first, moduleAt, names)
	return true
}

// import_from_as_names: ','.(NAME ['as' NAME])+
func (p *parser) importAsNames() ([]int, bool) {
	var names []int
	for {
		at := p.pos
		if !p.eatName() {
			return nil, false
		}
		names = append(names, at)
		m := p.pos
		if !(p.eatKw("as") && p.eatName()) {
			p.pos = m
		}
		m = p.pos
		if !p.eatOp(",") || !p.isName() {
			p.pos = m
			return names, true
		}
	}
}

// dotted_as_names: ','.(dotted_name ['as' NAME])+
func (p *parser) dottedAsNames() bool {
	for {
		if !p.dottedName() {
			return false
		}
		m := p.pos
		if !(p.eatKw("as") && p.eatName()) {
			p.pos = m
		}
		m = p.pos
		if !p.eatOp(",") {
			return true
		}
		if !p.isName() {
			p.pos = m
			return true
		}
	}
}

// dotted_name: dotted_name '.' NAME | NAME
func (p *parser) dottedName() bool {
	if !p.eatName() {
		return false
	}
	for p.isOp(".") {
		m := p.pos
		p.pos++
		if !p.eatName() {
			p.pos = m
			break
		}
	}
	return true
}

// Compound statements.

func (p *parser) compound() bool {
	t := p.peek()
	switch {
	case t.kind == tOp && t.val == "@":
		return p.decorated()
	case t.kind != tName:
		return false
	}
	switch t.val {
	case "def":
		return p.funcDef()
	case "class":
		return p.classDef()
	case "async":
		p.pos++
		switch {
		case p.isKw("def"):
			return p.funcDef()
		case p.isKw("for"):
			return p.forStmt()
		case p.isKw("with"):
			return p.withStmt()
		}
		return false
	case "if":
		return p.ifStmt()
	case "with":
		return p.withStmt()
	case "for":
		return p.forStmt()
	case "try":
		return p.tryStmt()
	case "while":
		p.pos++
		return p.namedExpression() && p.eatOp(":") && p.block() && p.optElse()
	case "match":
		return p.matchStmt()
	}
	return false
}

// decorators: ('@' named_expression NEWLINE)+, then a def or a class.
func (p *parser) decorated() bool {
	for p.eatOp("@") {
		if !p.namedExpression() || !p.eatKind(tNewline) {
			return false
		}
	}
	switch {
	case p.isKw("def"):
		return p.funcDef()
	case p.isKw("class"):
		return p.classDef()
	case p.eatKw("async"):
		return p.isKw("def") && p.funcDef()
	}
	return false
}

// function_def_raw: 'def' NAME [type_params] '(' [params] ')' ['->' expression] ':' block
func (p *parser) funcDef() bool {
	p.pos++
	if !p.eatName() {
		return false
	}
	if p.isOp("[") && !p.typeParams() {
		return false
	}
	if !p.eatOp("(") || !p.params(")", true) || !p.eatOp(")") {
		return false
	}
	if p.eatOp("->") && !p.expression() {
		return false
	}
	p.funcs++
	defer func() { p.funcs-- }()
	return p.eatOp(":") && p.block()
}

// class_def_raw: 'class' NAME [type_params] ['(' [arguments] ')'] ':' block
func (p *parser) classDef() bool {
	p.pos++
	if !p.eatName() {
		return false
	}
	if p.isOp("[") && !p.typeParams() {
		return false
	}
	if p.eatOp("(") {
		if !p.isOp(")") && !p.arguments() {
			return false
		}
		if !p.eatOp(")") {
			return false
		}
	}
	p.classes++
	defer func() { p.classes-- }()
	return p.eatOp(":") && p.block()
}

// if_stmt: 'if' named_expression ':' block (elif_stmt | [else_block])
func (p *parser) ifStmt() bool {
	p.pos++
	if !p.namedExpression() || !p.eatOp(":") || !p.block() {
		return false
	}
	if p.isKw("elif") {
		p.enter()
		defer p.leave()
		return p.ifStmt()
	}
	return p.optElse()
}

// [else_block]
func (p *parser) optElse() bool {
	m := p.pos
	if p.eatKw("else") {
		if p.eatOp(":") && p.block() {
			return true
		}
	}
	p.pos = m
	return true
}

// for_stmt: 'for' star_targets 'in' ~ star_expressions ':' block [else_block]
func (p *parser) forStmt() bool {
	p.pos++
	if !p.starTargets() || !p.eatKw("in") {
		return false
	}
	return p.starExpressions() && p.eatOp(":") && p.block() && p.optElse()
}

// with_stmt:
//
//	'with' '(' ','.with_item+ ','? ')' ':' block
//	'with' ','.with_item+ ':' block
func (p *parser) withStmt() bool {
	p.pos++
	m := p.pos
	if p.eatOp("(") && p.withItems() {
		p.eatOp(",")
		if p.eatOp(")") && p.eatOp(":") {
			return p.block()
		}
	}
	p.pos = m
	return p.withItems() && p.eatOp(":") && p.block()
}

func (p *parser) withItems() bool {
	if !p.withItem() {
		return false
	}
	for p.isOp(",") {
		m := p.pos
		p.pos++
		if !p.withItem() {
			p.pos = m
			break
		}
	}
	return true
}

// with_item: expression 'as' star_target &(',' | ')' | ':') | expression
func (p *parser) withItem() bool {
	if !p.expression() {
		return false
	}
	m := p.pos
	if p.eatKw("as") && p.starTarget() && (p.isOp(",") || p.isOp(")") || p.isOp(":")) {
		return true
	}
	p.pos = m
	return true
}

// try_stmt:
//
//	'try' ':' block finally_block
//	'try' ':' block except_block+ [else_block] [finally_block]
//	'try' ':' block except_star_block+ [else_block] [finally_block]
func (p *parser) tryStmt() bool {
	p.pos++
	if !p.eatOp(":") || !p.block() {
		return false
	}
	if p.isKw("finally") {
		return p.finallyBlock()
	}
	star := p.lookOp(1, "*")
	n := 0
	for p.isKw("except") && p.lookOp(1, "*") == star {
		m := p.pos
		if !p.exceptBlock(star) {
			p.pos = m
			break
		}
		n++
	}
	if n == 0 {
		return false
	}
	p.optElse()
	if p.isKw("finally") {
		m := p.pos
		if !p.finallyBlock() {
			p.pos = m
		}
	}
	return true
}

func (p *parser) finallyBlock() bool {
	p.pos++
	return p.eatOp(":") && p.block()
}

// except_block: 'except' expression ['as' NAME] ':' block | 'except' ':' block
// except_star_block: 'except' '*' expression ['as' NAME] ':' block
func (p *parser) exceptBlock(star bool) bool {
	p.pos++
	if star {
		p.pos++
	} else if p.eatOp(":") {
		return p.block()
	}
	if !p.expression() {
		return false
	}
	m := p.pos
	if !(p.eatKw("as") && p.eatName()) {
		p.pos = m
	}
	return p.eatOp(":") && p.block()
}
