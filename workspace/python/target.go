package python

// Assignment, for and with targets, and del targets.

// star_targets: star_target !',' | star_target (',' star_target)* [',']
func (p *parser) starTargets() bool {
	if !p.starTarget() {
		return false
	}
	for p.isOp(",") {
		m := p.pos
		p.pos++
		if !p.starTarget() {
			p.pos = m
			break
		}
	}
	p.eatOp(",")
	return true
}

// star_target: '*' (!'*' star_target) | target_with_star_atom
func (p *parser) starTarget() bool {
	m := p.pos
	if p.eatOp("*") {
		p.enter()
		defer p.leave()
		if !p.isOp("*") && p.starTarget() {
			return true
		}
		p.pos = m
		return false
	}
	return p.targetWithStarAtom(false)
}

// target_with_star_atom: t_primary '.' NAME !t_lookahead
// | t_primary '[' slices ']' !t_lookahead | star_atom
// (del_target when del is set, with del_t_atom for star_atom).
func (p *parser) targetWithStarAtom(del bool) bool {
	if del {
		return p.memoized(p.memoDel, func() bool { return p.targetWithStarAtomRaw(true) })
	}
	return p.memoized(p.memoTarget, func() bool { return p.targetWithStarAtomRaw(false) })
}

func (p *parser) targetWithStarAtomRaw(del bool) bool {
	m := p.pos
	if p.subscriptAttributeTarget() {
		return true
	}
	p.pos = m
	t := p.peek()
	switch {
	case p.isName():
		p.pos++
		return true
	case t.kind == tOp && (t.val == "(" || t.val == "["):
		p.enter()
		defer p.leave()
		closing := ")"
		if t.val == "[" {
			closing = "]"
		}
		p.pos++
		if t.val == "(" {
			// '(' target_with_star_atom ')'
			m2 := p.pos
			if p.targetWithStarAtom(del) && p.eatOp(")") {
				return true
			}
			p.pos = m2
		}
		// '(' [star_targets_tuple_seq] ')' | '[' [star_targets_list_seq] ']'
		if p.eatOp(closing) {
			return true
		}
		n, comma := 0, false
		for {
			m2 := p.pos
			ok := false
			if del {
				ok = p.targetWithStarAtom(true)
			} else {
				ok = p.starTarget()
			}
			if !ok {
				p.pos = m2
				break
			}
			n++
			comma = p.eatOp(",")
			if !comma {
				break
			}
		}
		if n == 0 {
			p.pos = m
			return false
		}
		if t.val == "(" && !del && n == 1 && !comma {
			p.pos = m
			return false
		}
		if !p.eatOp(closing) {
			p.pos = m
			return false
		}
		return true
	}
	return false
}

// single_subscript_attribute_target: t_primary '.' NAME !t_lookahead
// | t_primary '[' slices ']' !t_lookahead
func (p *parser) subscriptAttributeTarget() bool {
	m := p.pos
	last, ok := p.primaryTrailers()
	if !ok || last != trailAttr && last != trailSubscript || p.isOp("(") || p.isOp("[") || p.isOp(".") {
		p.pos = m
		return false
	}
	return true
}

// single_target: single_subscript_attribute_target | NAME | '(' single_target ')'
func (p *parser) singleTarget() bool {
	m := p.pos
	if p.subscriptAttributeTarget() {
		return true
	}
	p.pos = m
	if p.eatName() {
		return true
	}
	if p.eatOp("(") {
		p.enter()
		defer p.leave()
		if p.singleTarget() && p.eatOp(")") {
			return true
		}
	}
	p.pos = m
	return false
}

// del_targets: ','.del_target+ [',']
func (p *parser) delTargets() bool {
	if !p.targetWithStarAtom(true) {
		return false
	}
	for p.isOp(",") {
		m := p.pos
		p.pos++
		if !p.targetWithStarAtom(true) {
			p.pos = m
			break
		}
	}
	p.eatOp(",")
	return true
}
