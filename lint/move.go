package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// placement gathers lines that a fix adds to sections, and makes the edits
// that add them: at the end of a section that exists as a [header] table,
// else in a new section at the end of the file. Lines for one section stay
// together, in the order they were added.
type placement struct {
	c     *Context
	order []string
	lines map[string][]string
}

func newPlacement(c *Context) *placement {
	return &placement{c: c, lines: map[string][]string{}}
}

// add queues a line for a top-level section.
func (p *placement) add(section, line string) {
	if _, ok := p.lines[section]; !ok {
		p.order = append(p.order, section)
	}
	p.lines[section] = append(p.lines[section], line)
}

// edits returns the insertions, or false when a section exists in a form
// that cannot take lines (an inline table, dotted keys, not a table).
func (p *placement) edits() ([]Edit, bool) {
	var out []Edit
	var fresh []string
	for _, sec := range p.order {
		text := strings.Join(p.lines[sec], "\n")
		_, v := p.c.Get(sec)
		if v == nil {
			fresh = append(fresh, "["+keyText(sec)+"]\n"+text+"\n")
			continue
		}
		if v.Kind != toml.KindTable {
			return nil, false
		}
		e, ok := appendToTable(p.c.Doc, v.Table, text)
		if !ok {
			return nil, false
		}
		out = append(out, e)
	}
	if len(fresh) > 0 {
		out = append(out, appendSection(p.c.Doc, strings.Join(fresh, "\n")))
	}
	return out, true
}

// pairLine returns the statement of a pair whose key is r (a key of one
// part inside a [header] table, on a line of its own) with the span of its
// whole line, trailing comment and newline included.
func pairLine(c *Context, r toml.Range) (*toml.Stmt, toml.Range, bool) {
	s := stmtAt(c.Doc, r.Start)
	if s == nil || s.Kind != toml.StmtKeyValue || len(s.Keys) != 1 || s.Keys[0].Range != r || s.Rejected || s.Uncertain {
		return nil, toml.Range{}, false
	}
	span, ok := lineSpan(c.Doc, s.Range)
	if !ok {
		return nil, toml.Range{}, false
	}
	return s, span, true
}

// movedLine is the text of a pair's line as it is written elsewhere: the
// key renamed to key, the value and the trailing comment kept, without
// indentation or final newline.
func movedLine(c *Context, s *toml.Stmt, span toml.Range, key string) string {
	rest := string(c.Doc.Src[s.Keys[0].Range.End:span.End])
	return keyText(key) + strings.TrimRight(rest, "\r\n")
}

// moveKeyFix moves the pair whose key is r into another top-level section
// under name key: the line leaves its table, value and trailing comment
// go with it. It returns false when the pair is not alone on its line, or
// the destination has the key already or cannot take it.
func moveKeyFix(c *Context, r toml.Range, section, key string) (Fix, bool) {
	if hasKey(c, []string{section, key}) {
		return Fix{}, false
	}
	s, span, ok := pairLine(c, r)
	if !ok {
		return Fix{}, false
	}
	p := newPlacement(c)
	p.add(section, movedLine(c, s, span, key))
	adds, ok := p.edits()
	if !ok {
		return Fix{}, false
	}
	title := "Move to [" + section + "]"
	if key != s.Keys[0].Name {
		title = "Move to [" + section + "] as `" + key + "`"
	}
	f := fix(title, false, append(adds, replace(span, ""))...)
	f.Keys = []string{section + "." + key}
	return f, true
}
