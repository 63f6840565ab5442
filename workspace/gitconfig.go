package workspace

// This reader stays instead of go-git's config reader, which refuses or
// misreads files git reads: a UTF-8 byte order mark, a variable on its
// section's header line and the deprecated [section.subsection] form are
// errors to it, a continued line keeps its newline, a url section with
// only pushInsteadOf rewrites every URL, and [include] files are not
// followed. TestGoGitConfigDiffers and TestUpstreamAsGitReadsIt check
// each; gitsync takes the branch's upstream from this reader too.

import (
	"bytes"
	"fmt"
	"strings"
)

// gitConfig is one parsed git config file: its variables in file order.
// Section and key names are lower-cased (git compares them without case);
// subsection names keep their case, as in `[remote "Origin"]`.
type gitConfig struct {
	vars []gitConfigVar
	// partial is set when an include was not read (see expandIncludes).
	partial bool
}

type gitConfigVar struct {
	section    string
	subsection string
	key        string
	value      string
	// noValue is set for a bare `key` line, which git reads as boolean true
	// and which is an error for string-valued keys such as a remote url.
	noValue bool
	line    int
}

// gitConfigError is a syntax error in a git config file.
type gitConfigError struct {
	line int
	msg  string
}

// Error formats the problem with its line.
func (e *gitConfigError) Error() string {
	return fmt.Sprintf("line %d: %s", e.line, e.msg)
}

// parseGitConfig reads git's config syntax: `[section]`,
// `[section "subsection"]` (with \" and \\ escapes), the deprecated
// `[section.subsection]`, `key = value` with comments (# or ;), double
// quotes, the escapes \n \t \b \\ \", backslash-newline continuation, and
// trailing whitespace trimmed. `[include]` files are not followed.
func parseGitConfig(data []byte) (*gitConfig, error) {
	p := &gitConfigParser{data: bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), line: 1}
	return p.parse()
}

type gitConfigParser struct {
	data []byte
	pos  int
	line int
	cfg  gitConfig

	section, subsection string
}

const eof = -1

// next returns the next byte with CRLF folded to LF, or eof.
func (p *gitConfigParser) next() int {
	if p.pos >= len(p.data) {
		return eof
	}
	c := p.data[p.pos]
	p.pos++
	if c == '\r' && p.pos < len(p.data) && p.data[p.pos] == '\n' {
		p.pos++
		c = '\n'
	}
	if c == '\n' {
		p.line++
	}
	return int(c)
}

func (p *gitConfigParser) back(c int) {
	if c == eof {
		return
	}
	p.pos--
	if c == '\n' {
		p.line--
		if p.pos > 0 && p.data[p.pos-1] == '\r' {
			p.pos--
		}
	}
}

func (p *gitConfigParser) fail(msg string) error {
	return &gitConfigError{line: p.line, msg: msg}
}

func isConfigSpace(c int) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func isConfigAlpha(c int) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func isConfigKeyChar(c int) bool {
	return isConfigAlpha(c) || (c >= '0' && c <= '9') || c == '-'
}

func lowerByte(c int) byte {
	if c >= 'A' && c <= 'Z' {
		return byte(c - 'A' + 'a')
	}
	return byte(c)
}

func (p *gitConfigParser) parse() (*gitConfig, error) {
	for {
		c := p.next()
		switch {
		case c == eof:
			return &p.cfg, nil
		case c == '\n' || isConfigSpace(c):
		case c == '#' || c == ';':
			p.skipLine()
		case c == '[':
			if err := p.parseSection(); err != nil {
				return nil, err
			}
		case isConfigAlpha(c):
			if p.section == "" {
				return nil, p.fail("variable outside of any section")
			}
			if err := p.parseVariable(c); err != nil {
				return nil, err
			}
		default:
			return nil, p.fail(fmt.Sprintf("unexpected character %q", rune(c)))
		}
	}
}

func (p *gitConfigParser) skipLine() {
	for c := p.next(); c != eof && c != '\n'; c = p.next() {
	}
}

func (p *gitConfigParser) parseSection() error {
	var name []byte
	for {
		c := p.next()
		switch {
		case c == ']':
			if len(name) == 0 {
				return p.fail("empty section name")
			}
			section, sub, dotted := strings.Cut(string(name), ".")
			if section == "" {
				return p.fail("empty section name")
			}
			p.section, p.subsection = section, ""
			if dotted {
				p.subsection = sub
			}
			return nil
		case isConfigSpace(c):
			return p.parseSubsection(string(name))
		case isConfigKeyChar(c) || c == '.':
			name = append(name, lowerByte(c))
		default:
			return p.fail("bad section header")
		}
	}
}

func (p *gitConfigParser) parseSubsection(section string) error {
	if section == "" || strings.Contains(section, ".") {
		return p.fail("bad section header")
	}
	c := p.next()
	for isConfigSpace(c) {
		c = p.next()
	}
	if c != '"' {
		return p.fail("bad section header: subsection must be quoted")
	}
	var sub []byte
	for {
		c = p.next()
		switch c {
		case eof, '\n':
			return p.fail("unterminated subsection name")
		case '"':
			if p.next() != ']' {
				return p.fail("bad section header: expected ] after subsection")
			}
			p.section, p.subsection = section, string(sub)
			return nil
		case '\\':
			c = p.next()
			if c == eof || c == '\n' {
				return p.fail("unterminated subsection name")
			}
		}
		sub = append(sub, byte(c))
	}
}

func (p *gitConfigParser) parseVariable(first int) error {
	name := []byte{lowerByte(first)}
	line := p.line
	c := p.next()
	for isConfigKeyChar(c) {
		name = append(name, lowerByte(c))
		c = p.next()
	}
	for isConfigSpace(c) {
		c = p.next()
	}
	v := gitConfigVar{section: p.section, subsection: p.subsection, key: string(name), line: line}
	switch c {
	case eof, '\n':
		v.noValue = true
	case '#', ';':
		p.skipLine()
		v.noValue = true
	case '=':
		value, err := p.parseValue()
		if err != nil {
			return err
		}
		v.value = value
	default:
		return p.fail(fmt.Sprintf("bad variable name %q", string(name)+string(rune(c))))
	}
	p.cfg.vars = append(p.cfg.vars, v)
	return nil
}

// parseValue reads a value up to the end of its (possibly continued) line.
// Whitespace outside quotes is kept between words and dropped at both ends.
func (p *gitConfigParser) parseValue() (string, error) {
	var buf []byte
	quoted, comment := false, false
	trim := -1 // length to cut back to if only whitespace follows
	for {
		c := p.next()
		if c == eof || c == '\n' {
			if quoted {
				return "", p.fail("unterminated quoted value")
			}
			if trim >= 0 {
				buf = buf[:trim]
			}
			return string(buf), nil
		}
		if comment {
			continue
		}
		if isConfigSpace(c) && !quoted {
			if trim < 0 {
				trim = len(buf)
			}
			if len(buf) > 0 {
				buf = append(buf, byte(c))
			}
			continue
		}
		if !quoted && (c == '#' || c == ';') {
			comment = true
			continue
		}
		trim = -1
		switch c {
		case '\\':
			e := p.next()
			switch e {
			case '\n':
				continue
			case 't':
				buf = append(buf, '\t')
			case 'b':
				buf = append(buf, '\b')
			case 'n':
				buf = append(buf, '\n')
			case '\\', '"':
				buf = append(buf, byte(e))
			default:
				p.back(e)
				return "", p.fail("unknown escape sequence in value")
			}
		case '"':
			quoted = !quoted
		default:
			buf = append(buf, byte(c))
		}
	}
}

// values returns the variables section.subsection.key in file order.
func (c *gitConfig) values(section, subsection, key string) []gitConfigVar {
	var out []gitConfigVar
	for _, v := range c.vars {
		if v.section == section && v.subsection == subsection && v.key == key {
			out = append(out, v)
		}
	}
	return out
}

// boolValue is git's boolean reading of the last section.key, false when
// unset or unparseable.
func (c *gitConfig) boolValue(section, key string) bool {
	result := false
	for _, v := range c.values(section, "", key) {
		if v.noValue {
			result = true
			continue
		}
		switch strings.ToLower(v.value) {
		case "true", "yes", "on", "1":
			result = true
		default:
			result = false
		}
	}
	return result
}

// stringValue is the last section.key, "" when unset.
func (c *gitConfig) stringValue(section, key string) string {
	vals := c.values(section, "", key)
	if len(vals) == 0 {
		return ""
	}
	return vals[len(vals)-1].value
}
