package lint

var (
	ruleBranchNotOnOrigin = Rule{
		ID:       RuleBranchNotOnOrigin,
		Keys:     []string{"experiment.branch"},
		Severity: Warning,
		Stage:    StageSync,
		Summary:  "experiment.branch names a branch that origin does not have (as of the last fetch).",
		Doc: `The platform clones origin and checks out experiment.branch: a branch that is only local, or
misspelled, is not there. The check reads refs/remotes/origin/<branch> as the last ` + "`git fetch`" + ` left
it; after pushing, the finding goes away. Nothing is said in a shallow clone or without any
remote-tracking ref (nothing is known then).`,
		Bad:       "[experiment]\n# ...\nbranch = \"never-pushed\"\n",
		Good:      "[experiment]\n# ...\nbranch = \"main\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkBranchNotOnOrigin,
	}
)

var _ = register(&ruleBranchNotOnOrigin)

func checkBranchNotOnOrigin(c *Context) {
	v, ok := syncOf(c)
	if !ok || v.branch == "" || v.commit != "" {
		return
	}
	bs := v.repo.NamedBranch(v.branch, v.rollout)
	if !bs.Known || bs.OnOrigin || bs.Unchecked != "" {
		return
	}
	msg := "origin has no branch " + code(v.branch) + " (as of the last fetch): the platform cannot check it out"
	switch {
	case v.branch == v.repo.Branch && !v.repo.Detached:
		msg += "; push it with `git push -u origin " + v.branch + "`"
	default:
		if best := suggest(v.branch, v.repo.RemoteBranches()); best != "" {
			msg += "; did you mean " + code(best) + "?"
		} else {
			msg += "; push it, or name a branch origin has"
		}
	}
	c.Report(v.bv.Range, "experiment.branch", msg)
}
