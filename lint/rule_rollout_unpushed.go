package lint

var (
	ruleRolloutUnpushed = Rule{
		ID:       RuleRolloutUnpushed,
		Keys:     []string{"experiment.rollout"},
		Severity: Warning,
		Stage:    StageSync,
		Summary:  "Commits on the branch the platform runs change the rollout and are not pushed.",
		Doc: `The platform runs the config's branch (experiment.branch, else origin's default branch) as
origin has it. When that branch is checked out and commits on it that change rollouts/<rollout>/
are not on origin (as of the last fetch), the platform runs the rollout without them: push them.
Commits that change only other files are not this config's problem. When origin's default branch
is not known (no refs/remotes/origin/HEAD), the current branch's upstream is compared.`,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"  # a commit to rollouts/my-agent/ is not pushed\n",
		Good:      "[experiment]\n# ...\nrollout = \"calc\"  # rollouts/calc/ is pushed\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkRolloutUnpushed,
	}
)

var _ = register(&ruleRolloutUnpushed)

func checkRolloutUnpushed(c *Context) {
	v, ok := syncOf(c)
	if !ok || v.repo.Detached || v.repo.Shallow || v.repo.NoRemote || v.commit != "" {
		return
	}
	cur := v.repo.Branch
	switch rb := v.runBranch(); {
	case rb == cur:
		bs := v.repo.NamedBranch(cur, v.rollout)
		if !bs.Known || !bs.OnOrigin || len(bs.Ahead) == 0 {
			return
		}
		c.Report(v.rv.Range, "experiment.rollout", commitsPhrase(bs.Ahead, v.dir())+" "+isAre(len(bs.Ahead))+
			" on branch "+code(cur)+" and not on origin/"+cur+": the platform runs origin/"+cur+" without "+itThem(len(bs.Ahead))+"; push with `git push`")
	case rb == "" && v.branch == "" && v.repo.Upstream != "":
		// origin's default branch is not known: the upstream is what the
		// CLI compares too
		list := v.state.Unpushed
		if len(list) == 0 {
			return
		}
		c.Report(v.rv.Range, "experiment.rollout", commitsPhrase(list, v.dir())+" "+isAre(len(list))+
			" on branch "+code(cur)+" and not on its upstream "+v.repo.Upstream+": the platform runs pushed commits only; push with `git push`")
	}
}
