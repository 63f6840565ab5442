package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

var (
	ruleEmptyValue = Rule{
		ID:       RuleEmptyValue,
		Severity: Error,
		Stage:    StagePlatform,
		// an empty dataset is not also an unknown dataset
		Supersedes: true,
		Summary:    "A value the platform needs is empty or only whitespace: a model, dataset, benchmark, harness or URL.",
		Doc: `The osmosis CLI checks that these keys are strings, not that they hold something: ` + "`model_path = \"\"`" + `,
` + "`dataset = \"  \"`" + ` or a benchmark's ` + "`benchmark = \"\"`" + ` pass at submit, and the platform then fails to
find a model, dataset or benchmark of that name. The same holds for the model names, endpoint URL
and harness of benchmark agents. An optional key (such as ` + "`harness`" + `) is better left out than empty.

Empty values the CLI itself refuses have their own rules: the rollout (` + "`rollout-name`" + `), the entrypoint
(` + "`entrypoint-is-directory`" + `), branch (` + "`branch-name`" + `), secret names (` + "`secret-name`" + `,
` + "`benchmark-secret-ref`" + `) and task selectors (` + "`blank-value`" + `).`,
		Bad:   "[experiment]\n# ...\ndataset = \"\"\n",
		Good:  "[experiment]\n# ...\ndataset = \"multiply\"\n",
		check: checkEmptyValue,
	}
)

var _ = register(&ruleEmptyValue)

func checkEmptyValue(c *Context) {
	for _, is := range c.IssuesOf(RuleEmptyValue) {
		what := "is empty"
		if is.Got != "" {
			what = "holds only whitespace"
		}
		msg := keyName(is.Path) + " in " + where(parent(is.Path)) + " " + what
		if table := c.Field(parent(is.Path)...); table != nil && !table.IsRequired(is.Path[len(is.Path)-1]) {
			msg += ": give it a value" + example(is.Field) + ", or remove the key for the default"
		} else {
			msg += ": the platform needs a value here" + example(is.Field)
		}
		c.Report(is.Range, is.Key, msg)
	}
}

// example names the example of a field: " (such as `codex`)"; nothing when
// the field has several (model_path's differ by kind).
func example(f *schema.Field) string {
	if f == nil || len(f.Examples()) != 1 {
		return ""
	}
	if s, ok := f.Examples()[0].(string); ok && strings.TrimSpace(s) != "" {
		return " (such as " + code(s) + ")"
	}
	return ""
}
