package lint

var (
	ruleRolloutEscape = Rule{
		ID:        RuleRolloutEscape,
		Keys:      []string{"experiment.rollout"},
		Severity:  Error,
		Stage:     StageSubmit,
		Summary:   "rollouts/<rollout> is a symlink that leads outside rollouts/.",
		Doc:       `The rollout directory must resolve inside rollouts/ of the workspace. A symlink under rollouts/ that points elsewhere is rejected by the osmosis CLI; osmosis-lint never follows it.`,
		Bad:       "# rollouts/my-agent -> ../../elsewhere\n[experiment]\n# ...\nrollout = \"my-agent\"\n",
		Good:      "# rollouts/my-agent is a directory\n[experiment]\n# ...\nrollout = \"my-agent\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkRolloutEscape,
	}
)

var _ = register(&ruleRolloutEscape)

func checkRolloutEscape(c *Context) {
	r, v, ok := c.Str("experiment", "rollout")
	if !ok || rolloutNameProblem(r) != "" {
		return
	}
	rp := c.Env.rolloutPath(r, "")
	if rp.DirContained || rp.Dir.EscapeVia == "rollouts" {
		// rollouts/ itself linked out: the CLI resolves both sides through
		// it (workspace-link-out)
		return
	}
	via := ""
	if rp.Dir.EscapeVia != "" {
		via = ": " + rp.Dir.EscapeVia + " -> " + rp.Dir.EscapeTarget
	} else if rp.Dir.Loop {
		via = ": its symlinks form a loop"
	}
	c.Report(v.Range, "experiment.rollout", "rollouts/"+r+" resolves outside rollouts/"+via+"; the osmosis CLI rejects a rollout that is not inside the workspace's rollouts/ directory")
}
