package python

// The match statement (PEP 634), following python.gram's rules.

// match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
func (p *parser) matchStmt() bool {
	p.pos++
	// subject_expr: star_named_expression ',' star_named_expressions? | named_expression
	m := p.pos
	if p.starNamedExpression() && p.eatOp(",") {
		m2 := p.pos
		if !p.starNamedExpressions() {
			p.pos = m2
		}
	} else {
		p.pos = m
		if !p.namedExpression() {
			return false
		}
	}
	if !p.eatOp(":") || !p.eatKind(tNewline) || !p.eatKind(tIndent) {
		return false
	}
	n := 0
	for p.isKw("case") {
		m := p.pos
		if !p.caseBlock() {
			p.pos = m
			break
		}
		n++
	}
	return n > 0 && p.eatKind(tDedent)
}

// case_block: "case" patterns guard? ':' block
func (p *parser) caseBlock() bool {
	p.pos++
	if !p.patterns() {
		return false
	}
	if p.eatKw("if") && !p.namedExpression() {
		return false
	}
	return p.eatOp(":") && p.block()
}

// patterns: open_sequence_pattern | pattern
func (p *parser) patterns() bool {
	m := p.pos
	if p.openSequencePattern() {
		return true
	}
	p.pos = m
	return p.pattern()
}

// open_sequence_pattern: maybe_star_pattern ',' maybe_sequence_pattern?
func (p *parser) openSequencePattern() bool {
	if !p.maybeStarPattern() || !p.eatOp(",") {
		return false
	}
	m := p.pos
	if !p.maybeSequencePattern() {
		p.pos = m
	}
	return true
}

// maybe_sequence_pattern: ','.maybe_star_pattern+ ','?
func (p *parser) maybeSequencePattern() bool {
	if !p.maybeStarPattern() {
		return false
	}
	for p.isOp(",") {
		m := p.pos
		p.pos++
		if !p.maybeStarPattern() {
			p.pos = m
			break
		}
	}
	p.eatOp(",")
	return true
}

// maybe_star_pattern: star_pattern | pattern
func (p *parser) maybeStarPattern() bool {
	m := p.pos
	if p.eatOp("*") {
		// '*' pattern_capture_target | '*' wildcard_pattern
		if p.isKw("_") {
			p.pos++
			return true
		}
		if p.captureTarget() {
			return true
		}
		p.pos = m
		return false
	}
	return p.pattern()
}

// pattern_capture_target: !"_" NAME !('.' | '(' | '=')
func (p *parser) captureTarget() bool {
	if p.isKw("_") || !p.isName() {
		return false
	}
	p.pos++
	if p.isOp(".") || p.isOp("(") || p.isOp("=") {
		p.pos--
		return false
	}
	return true
}

// pattern: as_pattern | or_pattern
func (p *parser) pattern() bool {
	return p.memoized(p.memoPattern, p.patternRaw)
}

func (p *parser) patternRaw() bool {
	p.enter()
	defer p.leave()
	m := p.pos
	if p.orPattern() && p.eatKw("as") && p.captureTarget() {
		return true
	}
	p.pos = m
	return p.orPattern()
}

// or_pattern: '|'.closed_pattern+
func (p *parser) orPattern() bool {
	return p.memoized(p.memoOrPat, p.orPatternRaw)
}

func (p *parser) orPatternRaw() bool {
	if !p.closedPattern() {
		return false
	}
	for p.isOp("|") {
		m := p.pos
		p.pos++
		if !p.closedPattern() {
			p.pos = m
			break
		}
	}
	return true
}

// closed_pattern: literal_pattern | capture_pattern | wildcard_pattern
// | value_pattern | group_pattern | sequence_pattern | mapping_pattern | class_pattern
func (p *parser) closedPattern() bool {
	m := p.pos
	if p.literalPattern() {
		return true
	}
	p.pos = m
	if p.captureTarget() {
		return true
	}
	if p.isKw("_") {
		p.pos++
		return true
	}
	if p.attr() && !p.isOp(".") && !p.isOp("(") && !p.isOp("=") {
		return true
	}
	p.pos = m
	switch {
	case p.isOp("("):
		// group_pattern: '(' pattern ')'
		p.pos++
		if p.pattern() && p.eatOp(")") {
			return true
		}
		// sequence_pattern: '(' open_sequence_pattern? ')'
		p.pos = m + 1
		m2 := p.pos
		if !p.openSequencePattern() {
			p.pos = m2
		}
		if p.eatOp(")") {
			return true
		}
	case p.isOp("["):
		p.pos++
		m2 := p.pos
		if !p.maybeSequencePattern() {
			p.pos = m2
		}
		if p.eatOp("]") {
			return true
		}
	case p.isOp("{"):
		if p.mappingPattern() {
			return true
		}
	}
	p.pos = m
	return p.classPattern()
}

// literal_pattern: signed_number !('+' | '-') | complex_number | strings
// | 'None' | 'True' | 'False'
func (p *parser) literalPattern() bool {
	m := p.pos
	if p.signedNumber() {
		if !p.isOp("+") && !p.isOp("-") {
			return true
		}
		// complex_number: signed_real_number ('+' | '-') imaginary_number
		p.pos++
		if p.eatKind(tNumber) {
			return true
		}
		p.pos = m
		return false
	}
	p.pos = m
	if p.isKind(tString) || p.isKind(tFStart) {
		return p.strings()
	}
	return p.eatKw("None") || p.eatKw("True") || p.eatKw("False")
}

// signed_number: NUMBER | '-' NUMBER
func (p *parser) signedNumber() bool {
	m := p.pos
	p.eatOp("-")
	if p.eatKind(tNumber) {
		return true
	}
	p.pos = m
	return false
}

// attr: name_or_attr '.' NAME (at least one dot)
func (p *parser) attr() bool {
	m := p.pos
	if !p.eatName() {
		return false
	}
	n := 0
	for p.isOp(".") {
		m2 := p.pos
		p.pos++
		if !p.eatName() {
			p.pos = m2
			break
		}
		n++
	}
	if n == 0 {
		p.pos = m
		return false
	}
	return true
}

// mapping_pattern: '{' '}' | '{' double_star_pattern ','? '}'
// | '{' items_pattern ',' double_star_pattern ','? '}' | '{' items_pattern ','? '}'
func (p *parser) mappingPattern() bool {
	p.pos++
	if p.eatOp("}") {
		return true
	}
	for {
		if p.eatOp("**") {
			if !p.captureTarget() {
				return false
			}
			p.eatOp(",")
			return p.eatOp("}")
		}
		// key_value_pattern: (literal_expr | attr) ':' pattern
		m := p.pos
		if !p.literalPattern() {
			p.pos = m
			if !p.attr() {
				return false
			}
		}
		if !p.eatOp(":") || !p.pattern() {
			return false
		}
		if !p.eatOp(",") {
			return p.eatOp("}")
		}
		if p.eatOp("}") {
			return true
		}
	}
}

// class_pattern: name_or_attr '(' [positional_patterns ','] [keyword_patterns ','] ')'
// with positional patterns before keyword ones.
func (p *parser) classPattern() bool {
	if !p.eatName() {
		return false
	}
	for p.isOp(".") {
		p.pos++
		if !p.eatName() {
			return false
		}
	}
	if !p.eatOp("(") {
		return false
	}
	keywords := false
	for !p.isOp(")") {
		if p.isName() && p.lookOp(1, "=") {
			p.pos += 2
			if !p.pattern() {
				return false
			}
			keywords = true
		} else {
			if keywords || !p.pattern() {
				return false
			}
		}
		if !p.eatOp(",") {
			break
		}
	}
	return p.eatOp(")")
}
