package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleSecretDuplicate = Rule{
		ID:       RuleSecretDuplicate,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Safe),
		Summary:  "A secret listed twice in [secrets] required.",
		Doc:      `Each secret name must appear once in [secrets] required of a training or eval config. (Benchmark configs allow repeats: the CLI removes them.)`,
		Bad:      "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\", \"OPENAI_API_KEY\"]\n",
		Good:     "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		Kinds:    []string{"training", "eval"},
		check:    checkSecretDuplicate,
	}
)

var _ = register(&ruleSecretDuplicate)

func checkSecretDuplicate(c *Context) {
	for _, is := range c.IssuesOf(RuleSecretDuplicate) {
		line, _ := c.Doc.Lines.Position(is.First.Start, 0)
		msg := "secret " + code(is.Name) + " is listed twice in [secrets] required (first on line " + strconv.Itoa(line+1) + ")"
		var fixes []Fix
		if _, list := c.Get("secrets", "required"); list != nil {
			if e, ok := fix.RemoveItem(c.Doc.Src, list, is.Value); ok {
				fixes = append(fixes, fix.New("Remove the repeated "+code(is.Name), true, e))
			}
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}
