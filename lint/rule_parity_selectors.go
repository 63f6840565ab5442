package lint

import (
	"slices"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleParitySelectors = Rule{
		ID:       RuleParitySelectors,
		Keys:     []string{"tasks.task_names", "tasks.categories"},
		Severity: Warning,
		Stage:    StageAdvice,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "task_names or categories beside task_set = \"parity\", which takes precedence: the selector is ignored.",
		Doc: `A benchmark's [tasks] picks tasks by task_set, task_names or categories, and the platform gives
task_set precedence: with task_set = "parity" it runs the parity tasks whatever the other two say.
The osmosis CLI accepts the three together and forwards them, so nothing warns that the run is not the
selection written. The workspace template's benchmark config says so beside the key
(configs/benchmark/default.toml: task_set = "parity" takes precedence over task_names and
categories). Remove the ignored selector, or remove task_set to run the tasks it names.`,
		Bad:   "# ...\n[tasks]\ntask_set = \"parity\"\ntask_names = [\"hle__sample\"]\n",
		Good:  "# ...\n[tasks]\ntask_set = \"parity\"\n",
		Kinds: []string{"benchmark"},
		check: checkParitySelectors,
	}
)

var _ = register(&ruleParitySelectors)

// paritySelectors are the selectors task_set = "parity" overrides.
var paritySelectors = [...]string{"task_names", "categories"}

func checkParitySelectors(c *Context) {
	set, sv, ok := c.Str("tasks", "task_set")
	if !ok || set != "parity" {
		return // another value is enum-value's
	}
	if _, bad := c.issueOn(nil, sv); bad {
		return
	}
	for _, name := range paritySelectors {
		e, v := c.Get("tasks", name)
		if e == nil || v == nil {
			continue
		}
		if c.issuesWithin("tasks", name) {
			continue // a wrong selector is its rule's alone
		}
		var fixes []Fix
		if s := fix.StmtAt(c.Doc, e.KeyRange.Start); s != nil && len(s.Keys) > 0 && s.Keys[len(s.Keys)-1].Range == e.KeyRange {
			if d, ok := fix.DeleteStmt(c.Doc, s); ok {
				fixes = append(fixes, fix.Offer("Remove "+name+" (task_set = \"parity\" picks the tasks)", d))
			}
		}
		c.Report(e.KeyRange, "tasks."+name, name+" is ignored: task_set = \"parity\" takes precedence and runs the parity tasks; remove "+name+", or remove task_set to run the tasks it names", fixes...)
	}
}

// issuesWithin reports whether a schema issue lies at or below the path.
func (c *Context) issuesWithin(path ...string) bool {
	for _, is := range c.Issues {
		if len(is.Path) >= len(path) && slices.Equal(is.Path[:len(path)], path) {
			return true
		}
	}
	return false
}
