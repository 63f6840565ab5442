package lint

import (
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

const directivePrefix = "osmosis-lint:"

// suppression is one `# osmosis-lint: ignore[...]` comment.
type suppression struct {
	comment toml.Range // the whole comment
	file    bool       // ignore-file
	all     bool       // no rule list: every rule
	// lines the suppression covers (0-based); empty for file-level
	lines []int
	rules []suppressedRule
	// misplaced marks an ignore-file outside the leading comment block
	misplaced bool
	bad       string // a malformed directive: what is wrong
	used      bool
	// refused lists the rules of findings a bare directive covered but
	// may not silence
	refused []string
}

type suppressedRule struct {
	id    string
	r     toml.Range // the id inside the comment
	used  bool
	known bool
	// refused: it named a finding it may not silence
	refused bool
}

// parseSuppressions reads the suppression comments of a document.
func parseSuppressions(doc *toml.Document) []*suppression {
	var out []*suppression
	firstStmt := len(doc.Src)
	if len(doc.Stmts) > 0 {
		firstStmt = doc.Stmts[0].Range.Start
	}
	for _, c := range doc.Comments {
		body := strings.TrimLeft(c.Text[1:], " \t")
		if !strings.HasPrefix(body, directivePrefix) {
			continue
		}
		rest := strings.TrimLeft(body[len(directivePrefix):], " \t")
		s := &suppression{comment: c.Range}
		switch {
		case strings.HasPrefix(rest, "ignore-file"):
			s.file = true
			rest = rest[len("ignore-file"):]
			s.misplaced = c.Range.Start > firstStmt
		case strings.HasPrefix(rest, "ignore"):
			rest = rest[len("ignore"):]
		default:
			word := rest
			if i := strings.IndexAny(word, " \t["); i >= 0 {
				word = word[:i]
			}
			s.bad = "unknown directive " + code(word) + "; use `ignore[rule]` or `ignore-file[rule]`"
			out = append(out, s)
			continue
		}
		if strings.HasPrefix(rest, "[") {
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				s.bad = "the rule list is not closed with `]`"
				out = append(out, s)
				continue
			}
			listStart := c.Range.End - len(rest) + 1
			off := 0
			for _, part := range strings.Split(rest[1:end], ",") {
				id := strings.TrimSpace(part)
				lead := len(part) - len(strings.TrimLeft(part, " \t"))
				if id != "" {
					start := listStart + off + lead
					_, known := Lookup(id)
					s.rules = append(s.rules, suppressedRule{id: id, r: toml.Range{Start: start, End: start + len(id)}, known: known})
				}
				off += len(part) + 1
			}
			if len(s.rules) == 0 {
				s.bad = "the rule list is empty"
			}
		} else if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
			s.all = true
		} else {
			s.bad = "expected `[rule, ...]` after the directive"
		}
		if !s.file {
			line := doc.Lines.Line(c.Range.Start)
			s.lines = []int{line}
			if standalone(doc, c.Range.Start) {
				s.lines = append(s.lines, line+1)
			}
		}
		out = append(out, s)
	}
	return out
}

// standalone reports whether only whitespace precedes offset on its line.
func standalone(doc *toml.Document, off int) bool {
	start := doc.Lines.LineStart(doc.Lines.Line(off))
	return strings.TrimLeft(string(doc.Src[start:off]), " \t") == ""
}

// suppresses reports whether s silences f, found on line, and marks what it
// used. A suppression that names a finding it may not silence (a syntax or
// submit error) is marked refused instead: the finding stays.
func (s *suppression) suppresses(f *Finding, line int) bool {
	if s.bad != "" || s.misplaced || !s.covers(line) {
		return false
	}
	ok := f.Suppressible()
	if s.all {
		if ok {
			s.used = true
		} else if !slices.Contains(s.refused, f.Rule) {
			s.refused = append(s.refused, f.Rule)
		}
		return ok
	}
	for i := range s.rules {
		if s.rules[i].id == f.Rule {
			if ok {
				s.rules[i].used = true
				s.used = true
			} else {
				s.rules[i].refused = true
			}
			return ok
		}
	}
	return false
}

// covers reports whether the suppression applies to a line.
func (s *suppression) covers(line int) bool {
	return s.file || slices.Contains(s.lines, line)
}

// RuleMention is a rule named in a suppression comment.
type RuleMention struct {
	Rule  *Rule
	Range toml.Range // the id inside the comment
}

// SuppressedRules lists the known rules the suppression comments of a
// document name, for editors that link them to their documentation.
func SuppressedRules(doc *toml.Document) []RuleMention {
	var out []RuleMention
	for _, s := range parseSuppressions(doc) {
		for _, r := range s.rules {
			if rule, ok := Lookup(r.id); ok {
				out = append(out, RuleMention{Rule: rule, Range: r.r})
			}
		}
	}
	return out
}
