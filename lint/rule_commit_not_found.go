package lint

var (
	ruleCommitNotFound = Rule{
		ID:       RuleCommitNotFound,
		Keys:     []string{"experiment.commit_sha"},
		Severity: Warning,
		Stage:    StageSync,
		Summary:  "experiment.commit_sha names no commit of the local repository.",
		Doc: `The pinned commit is not in the local repository: a typo, or a commit not fetched yet. The
platform fetches it from origin and fails if origin does not have it either. A short id is looked
up among the commits the branches and origin's branches reach. Nothing is said in a shallow clone
or without any remote-tracking ref.`,
		Bad:       "[experiment]\n# ...\ncommit_sha = \"0123456789abcdef0123456789abcdef01234567\"\n",
		Good:      "[experiment]\n# ...\nbranch = \"main\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkCommitNotFound,
	}
)

var _ = register(&ruleCommitNotFound)

func checkCommitNotFound(c *Context) {
	v, cs, ok := pinnedOf(c)
	if !ok || cs.Found {
		return
	}
	c.Report(v.cv.Range, "experiment.commit_sha", "no commit "+code(v.commit)+" in the local repository: a typo, or not fetched yet (`git fetch origin`); the platform fails unless origin has it")
}
