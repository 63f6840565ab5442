package python

import (
	"bytes"
	"unicode/utf8"
)

// prefix is what a string literal's prefix says of it.
type prefix struct {
	bytes, raw bool
	size       int
}

func stringPrefix(b []byte) prefix {
	var pr prefix
	for pr.size < len(b) {
		switch b[pr.size] {
		case 'b', 'B':
			pr.bytes = true
		case 'r', 'R':
			pr.raw = true
		case 'u', 'U', 'f', 'F':
		default:
			return pr
		}
		pr.size++
	}
	return pr
}

// strings: (fstring | string)+
//
// Each literal's action decodes it when it is matched (an error there
// ends the parse at the literal); the concatenation then refuses bytes
// beside text, at the furthest token read.
func (p *parser) strings() bool {
	start := p.pos
	if end, ok, known := p.memoStr.get(start); known {
		if ok {
			p.pos = end
		}
		return ok
	}
	sawBytes, sawText := false, false
	n := 0
	for {
		t := p.peek()
		if t.kind == tString {
			p.pos++
			if p.stringLiteral(t) {
				sawBytes = true
			} else {
				sawText = true
			}
		} else if t.kind == tFStart {
			if !p.fstring() {
				break
			}
			sawText = true
		} else {
			break
		}
		n++
	}
	if n == 0 {
		p.pos = start
		p.memoStr[start] = -1
		return false
	}
	if sawBytes && sawText {
		p.peek()
		p.fail(p.toks[min(p.furthest, len(p.toks)-1)], "bytes and text literals are written side by side, which Python does not concatenate")
	}
	p.memoStr[start] = int32(p.pos + 1)
	return true
}

// stringLiteral checks what decoding a literal certainly refuses; it
// returns whether the literal is bytes.
func (p *parser) stringLiteral(t *token) bool {
	b := p.src.text[t.start:t.end]
	pr := stringPrefix(b)
	body := b[pr.size:]
	if pr.bytes {
		for _, c := range body {
			if c >= 0x80 {
				p.fail(*t, "a bytes literal holds a character that is not ASCII")
			}
		}
	} else if !utf8.Valid(body) {
		p.fail(*t, "a string literal holds bytes that are not UTF-8")
	}
	if !pr.raw {
		if msg := badEscape(body, pr.bytes); msg != "" {
			p.fail(*t, "%s", msg)
		}
	}
	return pr.bytes
}

// badEscape finds an escape that decoding a literal certainly refuses:
// \x without two hex digits, and in text \u without four, \U without
// eight or beyond U+10FFFF, \N without {name}. (Whether a \N name exists
// is Unicode's name table, which the reader does not hold.)
func badEscape(body []byte, isBytes bool) string {
	q := 1
	if len(body) >= 6 && body[0] == body[1] && body[1] == body[2] {
		q = 3
	}
	if len(body) < 2*q {
		return ""
	}
	s := body[q : len(body)-q]
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			continue
		}
		i++
		need := 0
		switch s[i] {
		case 'x':
			need = 2
		case 'u':
			if !isBytes {
				need = 4
			}
		case 'U':
			if !isBytes {
				need = 8
			}
		case 'N':
			if isBytes {
				continue
			}
			if i+1 >= len(s) || s[i+1] != '{' {
				return "a \\N escape is not followed by {name}"
			}
			end := bytes.IndexByte(s[i+1:], '}')
			if end < 0 {
				return "a \\N escape is not followed by {name}"
			}
			i += end + 1
			continue
		}
		if need == 0 {
			continue
		}
		value := 0
		for k := 1; k <= need; k++ {
			if i+k >= len(s) || !isHex(int(s[i+k])) {
				return "a \\" + string(s[i]) + " escape has fewer hex digits than it needs"
			}
			value = value*16 + hexValue(s[i+k])
		}
		if s[i] == 'U' && value > 0x10FFFF {
			return "a \\U escape names no Unicode character"
		}
		i += need
	}
	return ""
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

// fstring: FSTRING_START fstring_middle* FSTRING_END
func (p *parser) fstring() bool {
	m := p.pos
	start := p.peek()
	p.pos++
	p.enter()
	defer p.leave()
	for {
		switch {
		case p.isKind(tFMiddle):
			t := p.peek()
			if !utf8.Valid(p.src.text[t.start:t.end]) {
				// compile() raises UnicodeDecodeError, without a position.
				line, chars := p.src.position(start.start)
				panic(abort{approx: true, err: SyntaxError{Kind: KindSyntax, Msg: "an f-string holds bytes that are not UTF-8", Line: line, Col: chars + 1}})
			}
			p.pos++
		case p.isOp("{"):
			if !p.replacementField() {
				p.pos = m
				return false
			}
		case p.eatKind(tFEnd):
			return true
		default:
			p.pos = m
			return false
		}
	}
}

// fstring_replacement_field:
//
//	'{' (yield_expr | star_expressions) '='? [fstring_conversion] [fstring_full_format_spec] '}'
func (p *parser) replacementField() bool {
	m := p.pos
	p.pos++
	m2 := p.pos
	if !p.yieldExpr() && !(p.resetTo(m2) && p.starExpressions()) {
		p.pos = m
		return false
	}
	p.eatOp("=")
	var conv *token
	if p.isOp("!") {
		bang := p.peek()
		p.pos++
		if !p.isName() {
			p.pos = m
			return false
		}
		conv = p.peek()
		p.pos++
		if conv.start != bang.end {
			p.fail(*bang, "an f-string's conversion must follow '!' at once")
		}
	}
	if p.eatOp(":") {
		for {
			if p.eatKind(tFMiddle) {
				continue
			}
			if p.isOp("{") {
				if !p.replacementField() {
					p.pos = m
					return false
				}
				continue
			}
			break
		}
	}
	if !p.eatOp("}") {
		p.pos = m
		return false
	}
	if conv != nil && conv.val != "s" && conv.val != "r" && conv.val != "a" {
		p.fail(*conv, "an f-string's conversion is !s, !r or !a, not !%s", conv.val)
	}
	return true
}
