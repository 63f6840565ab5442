package lint

var (
	ruleBranchNoUpstream = Rule{
		ID:       RuleBranchNoUpstream,
		Keys:     []string{"experiment.rollout"},
		Severity: Warning,
		Stage:    StageSync,
		Summary:  "The current branch has no upstream and its changes to the rollout are on no branch of origin.",
		Doc: `When the config names no branch and origin's default branch is not known, the run takes what
is pushed. The current branch follows no remote branch, and commits on it that change
rollouts/<rollout>/ are on no branch of origin (as of the last fetch): push it with
` + "`git push -u origin <branch>`" + `. Commits that change only other files are not this config's
problem; with an explicit experiment.branch, branch-not-on-origin says it instead.`,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"  # changed on a branch never pushed\n",
		Good:      "[experiment]\n# ...\nrollout = \"calc\"  # not changed on that branch\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkBranchNoUpstream,
	}
)

var _ = register(&ruleBranchNoUpstream)

func checkBranchNoUpstream(c *Context) {
	v, ok := syncOf(c)
	if !ok || v.repo.Detached || v.repo.Shallow || v.repo.NoRemote || v.commit != "" || v.branch != "" || v.repo.Default != "" {
		return
	}
	if v.repo.Upstream != "" && !v.repo.UpstreamGone {
		return
	}
	list := v.state.OffOrigin
	if len(list) == 0 {
		return
	}
	cur := v.repo.Branch
	why := "has no upstream"
	if v.repo.UpstreamGone {
		why = "follows " + v.repo.Upstream + ", which origin no longer has"
	}
	c.Report(v.rv.Range, "experiment.rollout", "branch "+code(cur)+" "+why+", and "+commitsPhrase(list, v.dir())+" "+isAre(len(list))+
		" on no branch of origin: the platform cannot run "+itThem(len(list))+"; push with `git push -u origin "+cur+"`")
}
