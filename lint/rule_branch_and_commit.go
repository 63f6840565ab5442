package lint

import "github.com/osmosis-lint/osmosis-lint/lint/fix"

var (
	ruleBranchAndCommit = Rule{
		ID:                 RuleBranchAndCommit,
		NeedsCompleteParse: true,
		Severity:           Error,
		Stage:              StageSubmit,
		Fixable:            sometimes(DisplayOnly),
		Summary:            "experiment.branch and experiment.commit_sha are both set.",
		Doc:                `A run starts from either a branch or a pinned commit, never both: set one of branch and commit_sha.`,
		Bad:                "[experiment]\n# ...\nbranch = \"main\"\ncommit_sha = \"deadbeef\"\n",
		Good:               "[experiment]\n# ...\ncommit_sha = \"deadbeef\"\n",
		Kinds:              []string{"training", "eval"},
		check:              checkBranchAndCommit,
	}
)

var _ = register(&ruleBranchAndCommit)

func checkBranchAndCommit(c *Context) {
	branch, bv, ok1 := c.Str("experiment", "branch")
	_, cv, ok2 := c.Str("experiment", "commit_sha")
	if !ok1 || !ok2 {
		return
	}
	// each must be valid on its own, or its own rule already says what to fix
	for _, is := range c.Issues {
		if len(is.Path) == 2 && is.Path[0] == "experiment" && (is.Path[1] == "branch" || is.Path[1] == "commit_sha") {
			return
		}
	}
	var fixes []Fix
	if s := fix.StmtAt(c.Doc, bv.Range.Start); s != nil {
		if e, ok := fix.DeleteStmt(c.Doc, s); ok {
			fixes = append(fixes, fix.Offer("Remove branch (keep the pinned commit)", e))
		}
	}
	c.Report(cv.Range, "experiment", "branch "+code(branch)+" and commit_sha are both set in [experiment]: a run starts from one of them; remove one", fixes...)
}
