package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleHLEParity = Rule{
		ID:       RuleHLEParity,
		Keys:     []string{"experiment.benchmark"},
		Severity: Warning,
		Stage:    StageAdvice,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "An HLE benchmark run without task_set = \"parity\".",
		Doc: `Published HLE scores use the parity task set. A run on the full or a custom task selection is
not comparable with them; the osmosis CLI warns before it submits.`,
		Bad:   "# ...\n[experiment]\nbenchmark = \"HLE\"\n",
		Good:  "# ...\n[experiment]\nbenchmark = \"HLE\"\n\n[tasks]\ntask_set = \"parity\"\n",
		Kinds: []string{"benchmark"},
		check: checkHLEParity,
	}
)

var _ = register(&ruleHLEParity)

func checkHLEParity(c *Context) {
	name, v, ok := c.Str("experiment", "benchmark")
	if !ok || strings.ToLower(strings.TrimFunc(name, isPySpace)) != "hle" {
		return
	}
	if e, _ := c.Get("tasks", "task_set"); e != nil {
		// "parity" is its only valid value; another is an enum-value error
		return
	}
	var fixes []Fix
	if _, t := c.Get("tasks"); t == nil {
		fixes = append(fixes, fix.Offer("Add [tasks] task_set = \"parity\"", fix.AppendSection(c.Doc, "[tasks]\ntask_set = \"parity\"\n")))
	}
	c.Report(v.Range, "experiment.benchmark", "HLE runs are comparable with published scores only on the parity task set: add task_set = \"parity\" to [tasks]", fixes...)
}
