package lint

import "strconv"

func init() {
	register(&Rule{
		ID:       RuleListLength,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "A benchmark list with too many or too few items: 1 to 8 agents, at most 16 secrets.",
		Doc: `A benchmark runs 1 to 8 [[agents]]; [secrets] required and [verifier] required list at most 16
names each. The osmosis CLI rejects longer (or, for agents, empty) lists.`,
		Bad:   "# ...\nagents = []\n",
		Good:  "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\n# ...\n",
		Kinds: []string{"benchmark"},
		check: checkListLength,
	})
}

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
