package fix

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Placement gathers lines that a fix adds to sections, and makes the edits
// that add them: at the end of a section that exists as a [header] table,
// else in a new section at the end of the file. Lines for one section stay
// together, in the order they were added.
type Placement struct {
	doc   *toml.Document
	order []string
	lines map[string][]string
}

func NewPlacement(doc *toml.Document) *Placement {
	return &Placement{doc: doc, lines: map[string][]string{}}
}

// Add queues a line for a top-level section.
func (p *Placement) Add(section, line string) {
	if _, ok := p.lines[section]; !ok {
		p.order = append(p.order, section)
	}
	p.lines[section] = append(p.lines[section], line)
}

// Edits returns the insertions, or false when a section exists in a form
// that cannot take lines (an inline table, dotted keys, not a table).
func (p *Placement) Edits() ([]Edit, bool) {
	var out []Edit
	var fresh []string
	for _, sec := range p.order {
		text := strings.Join(p.lines[sec], "\n")
		_, v := p.doc.Root.Lookup(sec)
		if v == nil {
			fresh = append(fresh, "["+KeyText(sec)+"]\n"+text+"\n")
			continue
		}
		if v.Kind != toml.KindTable {
			return nil, false
		}
		e, ok := AppendToTable(p.doc, v.Table, text)
		if !ok {
			return nil, false
		}
		out = append(out, e)
	}
	if len(fresh) > 0 {
		out = append(out, AppendSection(p.doc, strings.Join(fresh, "\n")))
	}
	return out, true
}

// PairLine returns the statement of a pair whose key is r (a key of one
// part inside a [header] table, on a line of its own) with the span of its
// whole line, trailing comment and newline included.
func PairLine(doc *toml.Document, r toml.Range) (*toml.Stmt, toml.Range, bool) {
	s := StmtAt(doc, r.Start)
	if s == nil || s.Kind != toml.StmtKeyValue || len(s.Keys) != 1 || s.Keys[0].Range != r || s.Rejected || s.Uncertain {
		return nil, toml.Range{}, false
	}
	span, ok := LineSpan(doc, s.Range)
	if !ok {
		return nil, toml.Range{}, false
	}
	return s, span, true
}

// MovedLine is the text of a pair's line as it is written elsewhere: the
// key renamed to key, the value and the trailing comment kept, without
// indentation or final newline.
func MovedLine(doc *toml.Document, s *toml.Stmt, span toml.Range, key string) string {
	rest := string(doc.Src[s.Keys[0].Range.End:span.End])
	return KeyText(key) + strings.TrimRight(rest, "\r\n")
}

// MoveKey moves the pair whose key is r into another top-level section
// under name key: the line leaves its table, value and trailing comment
// go with it. It returns false when the pair is not alone on its line, or
// the destination has the key already or cannot take it.
func MoveKey(doc *toml.Document, r toml.Range, section, key string) (Fix, bool) {
	if e, _ := doc.Root.Lookup(section, key); e != nil {
		return Fix{}, false
	}
	s, span, ok := PairLine(doc, r)
	if !ok {
		return Fix{}, false
	}
	p := NewPlacement(doc)
	p.Add(section, MovedLine(doc, s, span, key))
	adds, ok := p.Edits()
	if !ok {
		return Fix{}, false
	}
	title := "Move to [" + section + "]"
	if key != s.Keys[0].Name {
		title = "Move to [" + section + "] as `" + key + "`"
	}
	f := New(title, false, append(adds, Replace(span, ""))...)
	f.Keys = []string{section + "." + key}
	return f, true
}

// KeyText writes one key in TOML syntax (toml.QuoteKey), for a key that
// is UTF-8: read from a parsed document, the schema or a rule.
func KeyText(k string) string {
	q, _ := toml.QuoteKey(k)
	return q
}

// StringText writes s as a TOML basic string (toml.Quote), for text that
// is UTF-8 as for KeyText.
func StringText(s string) string {
	q, _ := toml.Quote(s)
	return q
}
