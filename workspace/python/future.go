package python

// futureKnown reports the features of Python 3.12's and 3.13's
// __future__ module (Python/future.c accepts these and refuses any other).
func futureKnown(name string) bool {
	switch name {
	case "nested_scopes", "generators", "division", "absolute_import", "with_statement",
		"print_function", "unicode_literals", "generator_stop", "annotations":
		return true
	}
	return false
}

// futureFeatures follows future_parse: the future imports at the start of
// a module (after its docstring) name features that exist; "braces" is
// the joke the compiler answers. The first statement that is not such an
// import ends the check.
func futureFeatures(p *parser) (SyntaxError, bool) {
	for i, info := range p.top {
		if i == 0 && info.docstring {
			if info.more {
				return SyntaxError{}, false
			}
			continue
		}
		if !info.future {
			return SyntaxError{}, false
		}
		for _, at := range info.names {
			name := p.toks[at].val
			if futureKnown(name) {
				continue
			}
			line, chars := p.src.position(p.toks[info.first].start)
			e := SyntaxError{Kind: KindSyntax, Line: line, Col: chars + 1}
			if name == "braces" {
				e.Msg = "'from __future__ import braces' is Python's joke: blocks are indented, never braced"
			} else {
				e.Msg = "__future__ has no feature named '" + name + "'"
			}
			return e, true
		}
		if info.more {
			return SyntaxError{}, false
		}
	}
	return SyntaxError{}, false
}
