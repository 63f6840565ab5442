package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

var (
	ruleListLength = Rule{
		ID:       RuleListLength,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "A benchmark list with too many or too few items: [[agents]], or the secrets a section requires.",
		Doc: `A benchmark runs a bounded number of [[agents]], and [secrets] required and [verifier] required
list a bounded number of names (the bounds are listed below, from the schema). The osmosis CLI
rejects longer (or, for agents, empty) lists.`,
		Bad:   "# ...\nagents = []\n",
		Good:  "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\n# ...\n",
		Kinds: []string{"benchmark"},
		check: checkListLength,
	}
)

var _ = register(&ruleListLength)

func checkListLength(c *Context) {
	for _, is := range c.IssuesOf(RuleListLength) {
		name := where(is.Path)
		if len(is.Path) == 1 && is.Path[0] == "agents" {
			name = "[[agents]]"
		}
		var msg string
		switch {
		case len(is.Bound) > 3 && is.Bound[:2] == "<=":
			msg = name + " takes at most " + is.Bound[3:] + " items; found " + strconv.Itoa(is.Count)
		default:
			msg = name + " needs at least " + is.Bound[3:] + " item; found " + strconv.Itoa(is.Count)
		}
		if len(is.Path) == 2 && is.Path[1] == "required" {
			msg = where(is.Path[:1]) + " required lists at most " + is.Bound[3:] + " secrets; found " + strconv.Itoa(is.Count)
		}
		c.Report(is.Range, is.Key, msg)
	}
}

// itemsText says how many items a list field takes, from the schema:
// "1 to 8", "at most 16", "at least 1".
func itemsText(f *schema.Field) string {
	lo, hasLo := f.Number("minItems")
	hi, hasHi := f.Number("maxItems")
	switch {
	case hasLo && hasHi:
		return schema.FormatNumber(lo) + " to " + schema.FormatNumber(hi)
	case hasHi:
		return "at most " + schema.FormatNumber(hi)
	case hasLo:
		return "at least " + schema.FormatNumber(lo)
	}
	return "any number of"
}
