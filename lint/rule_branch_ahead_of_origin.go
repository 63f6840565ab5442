package lint

var (
	ruleBranchAheadOfOrigin = Rule{
		ID:       RuleBranchAheadOfOrigin,
		Keys:     []string{"experiment.branch"},
		Severity: Warning,
		Stage:    StageSync,
		Summary:  "The local experiment.branch has commits changing the rollout that origin's branch lacks.",
		Doc: `experiment.branch names a branch that is not checked out, and the local branch of that name has
commits that change rollouts/<rollout>/ and are not on origin/<branch> (as of the last fetch): the
platform runs origin's branch without them. Push the branch. (For the checked-out branch,
rollout-unpushed says it.)`,
		Bad:       "[experiment]\n# ...\nbranch = \"feature\"  # the local feature changes rollouts/my-agent/ after origin/feature\n",
		Good:      "[experiment]\n# ...\nrollout = \"calc\"\nbranch = \"feature\"  # and leaves rollouts/calc/ as pushed\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkBranchAheadOfOrigin,
	}
)

var _ = register(&ruleBranchAheadOfOrigin)

func checkBranchAheadOfOrigin(c *Context) {
	v, ok := syncOf(c)
	if !ok || v.branch == "" || v.commit != "" || (v.branch == v.repo.Branch && !v.repo.Detached) {
		return
	}
	bs := v.repo.NamedBranch(v.branch, v.rollout)
	if !bs.Known || !bs.OnOrigin || len(bs.Ahead) == 0 {
		return
	}
	c.Report(v.bv.Range, "experiment.branch", "the local branch "+code(v.branch)+" has "+commitsPhrase(bs.Ahead, v.dir())+
		" not on origin/"+v.branch+": the platform runs origin's branch without "+itThem(len(bs.Ahead))+"; push with `git push origin "+v.branch+"`")
}
