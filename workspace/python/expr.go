package python

// Expressions, following python.gram's rules of the same names.

// expressions: expression (',' expression)* [',']
func (p *parser) expressions() bool {
	if !p.expression() {
		return false
	}
	for p.isOp(",") {
		m := p.pos
		p.pos++
		if !p.expression() {
			p.pos = m
			break
		}
	}
	p.eatOp(",")
	return true
}

// expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef
func (p *parser) expression() bool {
	start := p.pos
	if end, ok, known := p.memoExpr.get(start); known {
		if ok {
			p.pos = end
		}
		return ok
	}
	p.enter()
	ok := p.expressionRaw()
	p.leave()
	if ok {
		p.memoExpr[start] = int32(p.pos + 1)
	} else {
		p.memoExpr[start] = -1
		p.pos = start
	}
	return ok
}

func (p *parser) expressionRaw() bool {
	if p.isKw("lambda") {
		return p.lambdef()
	}
	if !p.disjunction() {
		return false
	}
	m := p.pos
	if p.eatKw("if") {
		if p.disjunction() && p.eatKw("else") && p.expression() {
			return true
		}
		p.pos = m
	}
	return true
}

// yield_expr: 'yield' 'from' expression | 'yield' [star_expressions]
func (p *parser) yieldExpr() bool {
	if !p.eatKw("yield") {
		return false
	}
	m := p.pos
	if p.eatKw("from") {
		if p.expression() {
			return true
		}
		p.pos = m
	}
	if !p.starExpressions() {
		p.pos = m
	}
	return true
}

// star_expressions: star_expression (',' star_expression)* [',']
func (p *parser) starExpressions() bool {
	if !p.starExpression() {
		return false
	}
	for p.isOp(",") {
		m := p.pos
		p.pos++
		if !p.starExpression() {
			p.pos = m
			break
		}
	}
	p.eatOp(",")
	return true
}

// star_expression: '*' bitwise_or | expression
func (p *parser) starExpression() bool {
	m := p.pos
	if p.eatOp("*") {
		if p.bitwiseOr() {
			return true
		}
		p.pos = m
		return false
	}
	return p.expression()
}

// star_named_expressions: ','.star_named_expression+ [',']
func (p *parser) starNamedExpressions() bool {
	if !p.starNamedExpression() {
		return false
	}
	for p.isOp(",") {
		m := p.pos
		p.pos++
		if !p.starNamedExpression() {
			p.pos = m
			break
		}
	}
	p.eatOp(",")
	return true
}

// star_named_expression: '*' bitwise_or | named_expression
func (p *parser) starNamedExpression() bool {
	m := p.pos
	if p.eatOp("*") {
		if p.bitwiseOr() {
			return true
		}
		p.pos = m
		return false
	}
	return p.namedExpression()
}

// named_expression: NAME ':=' ~ expression | expression !':='
func (p *parser) namedExpression() bool {
	m := p.pos
	if p.eatName() && p.eatOp(":=") {
		return p.expression()
	}
	p.pos = m
	if !p.expression() {
		return false
	}
	if p.isOp(":=") {
		p.pos = m
		return false
	}
	return true
}

// disjunction: conjunction ('or' conjunction)*
func (p *parser) disjunction() bool {
	return p.chain(p.conjunction, "or")
}

// conjunction: inversion ('and' inversion)*
func (p *parser) conjunction() bool {
	return p.chain(p.inversion, "and")
}

func (p *parser) chain(operand func() bool, kw string) bool {
	if !operand() {
		return false
	}
	for p.isKw(kw) {
		m := p.pos
		p.pos++
		if !operand() {
			p.pos = m
			break
		}
	}
	return true
}

// inversion: 'not' inversion | comparison
func (p *parser) inversion() bool {
	m := p.pos
	if p.eatKw("not") {
		p.enter()
		ok := p.inversion()
		p.leave()
		if ok {
			return true
		}
		p.pos = m
	}
	return p.comparison()
}

// comparison: bitwise_or compare_op_bitwise_or_pair*
func (p *parser) comparison() bool {
	if !p.bitwiseOr() {
		return false
	}
	for {
		m := p.pos
		t := p.peek()
		switch {
		case t.kind == tOp && (t.val == "==" || t.val == "!=" || t.val == "<=" || t.val == "<" || t.val == ">=" || t.val == ">"):
			p.pos++
		case t.kind == tName && t.val == "in":
			p.pos++
		case t.kind == tName && t.val == "not":
			p.pos++
			if !p.eatKw("in") {
				p.pos = m
				return true
			}
		case t.kind == tName && t.val == "is":
			p.pos++
			p.eatKw("not")
		default:
			return true
		}
		if !p.bitwiseOr() {
			p.pos = m
			return true
		}
	}
}

// The binary operators from '|' down to '*', as one precedence ladder.
var binaryLevels = [][]string{
	{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"},
}

// bitwise_or and the levels below it, down to factor.
func (p *parser) bitwiseOr() bool {
	start := p.pos
	if end, ok, known := p.memoOr.get(start); known {
		if ok {
			p.pos = end
		}
		return ok
	}
	ok := p.binary(0)
	if ok {
		p.memoOr[start] = int32(p.pos + 1)
	} else {
		p.memoOr[start] = -1
		p.pos = start
	}
	return ok
}

func (p *parser) binary(level int) bool {
	if level == len(binaryLevels) {
		return p.factor()
	}
	if !p.binary(level + 1) {
		return false
	}
	for {
		t := p.peek()
		if t.kind != tOp || !oneOf(t.val, binaryLevels[level]) {
			return true
		}
		m := p.pos
		p.pos++
		if !p.binary(level + 1) {
			p.pos = m
			return true
		}
	}
}

func oneOf(s string, set []string) bool {
	for _, x := range set {
		if s == x {
			return true
		}
	}
	return false
}

// factor: '+' factor | '-' factor | '~' factor | power
func (p *parser) factor() bool {
	if p.isOp("+") || p.isOp("-") || p.isOp("~") {
		m := p.pos
		p.pos++
		p.enter()
		ok := p.factor()
		p.leave()
		if ok {
			return true
		}
		p.pos = m
		return false
	}
	return p.power()
}

// power: await_primary '**' factor | await_primary
func (p *parser) power() bool {
	if !p.awaitPrimary() {
		return false
	}
	m := p.pos
	if p.eatOp("**") {
		p.enter()
		ok := p.factor()
		p.leave()
		if ok {
			return true
		}
		p.pos = m
	}
	return true
}

// await_primary: 'await' primary | primary
func (p *parser) awaitPrimary() bool {
	m := p.pos
	if p.eatKw("await") {
		if p.primary() {
			return true
		}
		p.pos = m
		return false
	}
	return p.primary()
}

// trailer kinds of a primary.
const (
	trailNone = iota
	trailAttr
	trailCall
	trailSubscript
)

// primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')'
// | primary '[' slices ']' | atom
func (p *parser) primary() bool {
	_, ok := p.primaryTrailers()
	return ok
}

// primaryTrailers parses an atom and every trailer after it; it returns
// the last trailer's kind.
func (p *parser) primaryTrailers() (int, bool) {
	if !p.atom() {
		return trailNone, false
	}
	last := trailNone
	for {
		m := p.pos
		switch {
		case p.eatOp("."):
			if !p.eatName() {
				p.pos = m
				return last, true
			}
			last = trailAttr
		case p.isOp("("):
			if p.genexp() {
				last = trailCall
				continue
			}
			p.pos = m + 1
			if !p.isOp(")") && !p.arguments() {
				p.pos = m
				return last, true
			}
			if !p.eatOp(")") {
				p.pos = m
				return last, true
			}
			last = trailCall
		case p.eatOp("["):
			if !p.slices() || !p.eatOp("]") {
				p.pos = m
				return last, true
			}
			last = trailSubscript
		default:
			return last, true
		}
	}
}

// slices: slice !',' | ','.(slice | starred_expression)+ [',']
func (p *parser) slices() bool {
	m := p.pos
	if p.slice() && !p.isOp(",") {
		return true
	}
	p.pos = m
	n := 0
	for {
		m2 := p.pos
		if !p.slice() {
			p.pos = m2
			if !p.starredExpression() {
				p.pos = m2
				break
			}
		}
		n++
		if !p.isOp(",") {
			break
		}
		p.pos++
	}
	if n == 0 {
		p.pos = m
		return false
	}
	return true
}

// slice: [expression] ':' [expression] [':' [expression]] | named_expression
func (p *parser) slice() bool {
	m := p.pos
	if !p.expression() {
		p.pos = m
	}
	if p.eatOp(":") {
		m2 := p.pos
		if !p.expression() {
			p.pos = m2
		}
		if p.eatOp(":") {
			m3 := p.pos
			if !p.expression() {
				p.pos = m3
			}
		}
		return true
	}
	p.pos = m
	return p.namedExpression()
}

// starred_expression: '*' expression
func (p *parser) starredExpression() bool {
	m := p.pos
	if p.eatOp("*") && p.expression() {
		return true
	}
	p.pos = m
	return false
}

// atom: NAME | 'True' | 'False' | 'None' | strings | NUMBER
// | (tuple | group | genexp) | (list | listcomp) | (dict | set | dictcomp | setcomp) | '...'
func (p *parser) atom() bool {
	t := p.peek()
	switch t.kind {
	case tName:
		if !isKeyword(t.val) || t.val == "True" || t.val == "False" || t.val == "None" {
			p.pos++
			return true
		}
		return false
	case tNumber:
		p.pos++
		return true
	case tString, tFStart:
		return p.strings()
	case tOp:
		switch t.val {
		case "(":
			p.enter()
			defer p.leave()
			return p.parenAtom()
		case "[":
			p.enter()
			defer p.leave()
			return p.listAtom()
		case "{":
			p.enter()
			defer p.leave()
			return p.braceAtom()
		case "...":
			p.pos++
			return true
		}
	}
	return false
}

// tuple | group | genexp
func (p *parser) parenAtom() bool {
	m := p.pos
	// tuple: '(' [star_named_expression ',' [star_named_expressions]] ')'
	p.pos++
	if p.eatOp(")") {
		return true
	}
	if p.starNamedExpression() && p.eatOp(",") {
		m2 := p.pos
		if !p.starNamedExpressions() {
			p.pos = m2
		}
		if p.eatOp(")") {
			return true
		}
	}
	// group: '(' (yield_expr | named_expression) ')'
	p.pos = m + 1
	if p.yieldExpr() || p.resetTo(m+1) && p.namedExpression() {
		if p.eatOp(")") {
			return true
		}
	}
	p.pos = m
	return p.genexp()
}

// genexp: '(' (assignment_expression | expression !':=') for_if_clauses ')'
func (p *parser) genexp() bool {
	m := p.pos
	if !p.eatOp("(") {
		return false
	}
	if p.namedExpression() && p.forIfClauses() && p.eatOp(")") {
		return true
	}
	p.pos = m
	return false
}

// list: '[' [star_named_expressions] ']' | listcomp: '[' named_expression for_if_clauses ']'
func (p *parser) listAtom() bool {
	m := p.pos
	p.pos++
	m2 := p.pos
	if !p.starNamedExpressions() {
		p.pos = m2
	}
	if p.eatOp("]") {
		return true
	}
	p.pos = m + 1
	if p.namedExpression() && p.forIfClauses() && p.eatOp("]") {
		return true
	}
	p.pos = m
	return false
}

// dict | set | dictcomp | setcomp
func (p *parser) braceAtom() bool {
	m := p.pos
	// dict: '{' [double_starred_kvpairs] '}'
	p.pos++
	if p.eatOp("}") {
		return true
	}
	if p.doubleStarredKvpairs() && p.eatOp("}") {
		return true
	}
	// set: '{' star_named_expressions '}'
	p.pos = m + 1
	if p.starNamedExpressions() && p.eatOp("}") {
		return true
	}
	// dictcomp: '{' kvpair for_if_clauses '}'
	p.pos = m + 1
	if p.kvpair() && p.forIfClauses() && p.eatOp("}") {
		return true
	}
	// setcomp: '{' named_expression for_if_clauses '}'
	p.pos = m + 1
	if p.namedExpression() && p.forIfClauses() && p.eatOp("}") {
		return true
	}
	p.pos = m
	return false
}

// double_starred_kvpairs: ','.double_starred_kvpair+ [',']
func (p *parser) doubleStarredKvpairs() bool {
	n := 0
	for {
		m := p.pos
		ok := false
		if p.eatOp("**") {
			ok = p.bitwiseOr()
		} else {
			ok = p.kvpair()
		}
		if !ok {
			p.pos = m
			break
		}
		n++
		if !p.isOp(",") {
			break
		}
		p.pos++
	}
	return n > 0
}

// kvpair: expression ':' expression
func (p *parser) kvpair() bool {
	m := p.pos
	if p.expression() && p.eatOp(":") && p.expression() {
		return true
	}
	p.pos = m
	return false
}

// for_if_clauses: (['async'] 'for' star_targets 'in' ~ disjunction ('if' disjunction)*)+
func (p *parser) forIfClauses() bool {
	n := 0
	for {
		m := p.pos
		p.eatKw("async")
		if !p.eatKw("for") || !p.starTargets() || !p.eatKw("in") {
			p.pos = m
			break
		}
		if !p.disjunction() {
			return false
		}
		for p.isKw("if") {
			m2 := p.pos
			p.pos++
			if !p.disjunction() {
				p.pos = m2
				break
			}
		}
		n++
	}
	return n > 0
}

// arguments: args [','] &')'
//
// args: positional items ('*' expression or an expression not followed
// by '='), then keyword items (NAME '=' expression or '*' expression),
// then NAME '=' expression or '**' expression.
func (p *parser) arguments() bool {
	m := p.pos
	phase := 0
	n := 0
	for {
		item := p.pos
		switch {
		case p.eatOp("*"):
			if phase == 2 || !p.expression() {
				p.pos = item
				goto done
			}
		case p.eatOp("**"):
			if !p.expression() {
				p.pos = item
				goto done
			}
			phase = 2
		case p.isName() && p.lookOp(1, "="):
			p.pos += 2
			if !p.expression() {
				p.pos = item
				goto done
			}
			if phase == 0 {
				phase = 1
			}
		default:
			if phase > 0 || !p.namedExpression() || p.isOp("=") {
				p.pos = item
				goto done
			}
		}
		n++
		if !p.isOp(",") {
			break
		}
		p.pos++
	}
done:
	if n == 0 {
		p.pos = m
		return false
	}
	if !p.isOp(")") {
		p.pos = m
		return false
	}
	return true
}

// lambdef: 'lambda' [lambda_params] ':' expression
func (p *parser) lambdef() bool {
	m := p.pos
	p.pos++
	if !p.params(":", false) || !p.eatOp(":") || !p.expression() {
		p.pos = m
		return false
	}
	return true
}

// params follows parameters and lambda_parameters: it reads up to, not
// including, the closing token, which it checks is next.
//
//	positional parameters (a default once, defaults on all that follow),
//	at most one '/' after at least one of them, then '*' [NAME] or
//	'*' ',' with at least one parameter after it, then '**' NAME last.
func (p *parser) params(closing string, annotations bool) bool {
	seenDefault, seenSlash, seenStar, starNamed := false, false, false, false
	afterStar := 0
	n := 0
	for !p.isOp(closing) {
		switch {
		case p.isOp("/"):
			if seenSlash || seenStar || n == 0 {
				return false
			}
			p.pos++
			seenSlash = true
		case p.isOp("**"):
			p.pos++
			if !p.param(annotations, false) {
				return false
			}
			if seenStar && !starNamed && afterStar == 0 {
				return false
			}
			p.eatOp(",")
			return p.isOp(closing)
		case p.isOp("*"):
			if seenStar {
				return false
			}
			p.pos++
			seenStar = true
			if p.isOp(",") {
				break
			}
			if !p.param(annotations, true) {
				return false
			}
			starNamed = true
		default:
			if !p.param(annotations, false) {
				return false
			}
			if p.isOp("=") {
				p.pos++
				if !p.expression() {
					return false
				}
				if !seenStar {
					seenDefault = true
				}
			} else if seenDefault && !seenStar {
				return false
			}
			if seenStar {
				afterStar++
			}
		}
		n++
		if !p.eatOp(",") {
			break
		}
		if p.isOp(closing) && seenStar && !starNamed && afterStar == 0 {
			return false
		}
	}
	if seenStar && !starNamed && afterStar == 0 {
		return false
	}
	return p.isOp(closing)
}

// param: NAME annotation?; a '*' parameter may be annotated with a
// starred expression (param_star_annotation).
func (p *parser) param(annotations, star bool) bool {
	if !p.eatName() {
		return false
	}
	if annotations && p.eatOp(":") {
		if star {
			return p.starExpression()
		}
		return p.expression()
	}
	return true
}
