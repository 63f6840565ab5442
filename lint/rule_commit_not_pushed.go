package lint

var (
	ruleCommitNotPushed = Rule{
		ID:       RuleCommitNotPushed,
		Keys:     []string{"experiment.commit_sha"},
		Severity: Error,
		Stage:    StageSync,
		Summary:  "experiment.commit_sha is a local commit that no branch of origin reaches.",
		Doc: `The pinned commit exists locally but is on no branch of origin (as of the last fetch): the
platform fetches the commit from origin and cannot get it. Push a branch that contains it. This
is an error: the run cannot start.`,
		Bad:       "[experiment]\n# ...\ncommit_sha = \"94291ada50b9e732049f93a3b6db820734e72e4c\"  # committed, not pushed\n",
		Good:      "[experiment]\n# ...\nbranch = \"main\"  # pushed\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkCommitNotPushed,
	}
)

var _ = register(&ruleCommitNotPushed)

func checkCommitNotPushed(c *Context) {
	v, cs, ok := pinnedOf(c)
	if !ok || !cs.Found || cs.Pushed || cs.Ambiguous {
		return
	}
	msg := "commit " + code(v.commit) + " is on no branch of origin (as of the last fetch): the platform cannot fetch it"
	if !v.repo.Detached && v.repo.Branch != "" {
		msg += "; push the branch that holds it (`git push origin " + v.repo.Branch + "` if it is this one)"
	} else {
		msg += "; push a branch that holds it"
	}
	c.Report(v.cv.Range, "experiment.commit_sha", msg)
}
