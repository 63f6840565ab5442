package lint

import (
	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleRolloutNotFound = Rule{
		ID:        RuleRolloutNotFound,
		Keys:      []string{"experiment.rollout"},
		Severity:  Error,
		Stage:     StageSubmit,
		Fixable:   sometimes(DisplayOnly),
		Summary:   "rollouts/<rollout>/ does not exist.",
		Doc:       `The rollout must be a directory under rollouts/ of the workspace (and be pushed: the platform clones the repository). The finding suggests the closest existing rollout.`,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agnet\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"my-agent\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkRolloutNotFound,
	}
)

var _ = register(&ruleRolloutNotFound)

func checkRolloutNotFound(c *Context) {
	r, v, ok := c.Str("experiment", "rollout")
	if !ok || rolloutNameProblem(r) != "" {
		return
	}
	rp := c.Env.rolloutPath(r, "")
	if !rp.DirContained || rp.Dir.IsDir {
		return
	}
	// suggest only rollouts a config can use: directories inside rollouts/
	var names []string
	for _, n := range c.Env.WS.RolloutNames() {
		if ro, ok := c.Env.WS.Rollout(n); ok && ro.Resolved.IsDir && ro.Resolved.Under("rollouts") {
			names = append(names, n)
		}
	}
	msg := "rollouts/" + r + "/ does not exist"
	switch {
	case rp.Dir.Loop:
		msg = "rollouts/" + r + " is a symlink loop, not a directory"
	case rp.Dir.Exists:
		msg = "rollouts/" + r + " is not a directory"
	}
	hint, best := didYouMean(r, names)
	var fixes []Fix
	switch {
	case best != "":
		msg += hint
		if q, ok := toml.Quote(best); ok { // a directory name may not be UTF-8
			fixes = append(fixes, fix.Offer("Use \""+best+"\"", fix.Replace(v.Range, q)))
		}
	case len(names) == 0:
		msg += " (rollouts/ has no rollout yet)"
	case len(names) <= 6:
		msg += " (rollouts: " + backquoted(names) + ")"
	}
	c.Report(v.Range, "experiment.rollout", msg, fixes...)
}
