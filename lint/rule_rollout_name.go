package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleRolloutName = Rule{
		ID:       RuleRolloutName,
		Keys:     []string{"experiment.rollout"},
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Safe),
		Summary:  "experiment.rollout is not one plain directory name.",
		Doc: `rollout names a directory under rollouts/: one path segment, not absolute, not "", "." or "..",
without / or \. Write ` + "`rollout = \"my-agent\"`" + `, not ` + "`\"rollouts/my-agent\"`" + `.`,
		Bad:   "[experiment]\n# ...\nrollout = \"rollouts/my-agent\"\n",
		Good:  "[experiment]\n# ...\nrollout = \"my-agent\"\n",
		Kinds: []string{"training", "eval"},
		check: checkRolloutName,
	}
)

var _ = register(&ruleRolloutName)

// rolloutNameProblem says why rollout is not a plain name, or "".
func rolloutNameProblem(r string) string {
	switch {
	case strings.HasPrefix(r, "/"):
		return "is an absolute path; name the directory under rollouts/"
	case r == "":
		return "is empty; name the directory under rollouts/"
	case r == "." || r == "..":
		return "is not a directory name; name the directory under rollouts/"
	case strings.ContainsAny(r, `/\`):
		return "must be one directory name under rollouts/, without / or \\"
	case strings.ContainsRune(r, 0):
		return "contains a NUL character, which no directory name can hold"
	}
	return ""
}

func checkRolloutName(c *Context) {
	r, v, ok := c.Str("experiment", "rollout")
	if !ok {
		return
	}
	problem := rolloutNameProblem(r)
	if problem == "" {
		return
	}
	var fixes []Fix
	if s, ok := strings.CutPrefix(strings.Trim(r, "/"), "rollouts/"); ok && s != "" && rolloutNameProblem(s) == "" {
		fixes = append(fixes, fix.New("Use \""+s+"\"", true, fix.Replace(v.Range, tomlString(s))))
	}
	subject := "rollout " + code(r)
	if r == "" {
		subject = "rollout" // "rollout `` is empty" reads as a typo
	}
	c.Report(v.Range, "experiment.rollout", subject+" "+problem, fixes...)
}
