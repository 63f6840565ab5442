package lint

import "github.com/osmosis-lint/osmosis-lint/lint/fix"

var (
	ruleDefaultBranchDiffers = Rule{
		ID:       RuleDefaultBranchDiffers,
		Keys:     []string{"experiment.rollout"},
		Severity: Warning,
		Stage:    StageSync,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "No branch or commit is set, and origin's default branch holds another version of the rollout.",
		Doc: `Without experiment.branch or experiment.commit_sha the platform runs origin's default branch
(refs/remotes/origin/HEAD). On another branch whose rollout differs from the default branch's,
the run takes the default branch's rollout, not this one. When the current branch is pushed with
this rollout, the finding offers to set ` + "`branch = \"<current>\"`" + ` (offered, never applied by a
command: it changes what runs, and a branch may be deleted after its merge). Nothing is said on a
detached HEAD (CI) or in a shallow clone.`,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"  # changed on the checked-out branch feature\n",
		Good:      "[experiment]\n# ...\nrollout = \"my-agent\"\nbranch = \"feature\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkDefaultBranchDiffers,
	}
)

var _ = register(&ruleDefaultBranchDiffers)

func checkDefaultBranchDiffers(c *Context) {
	v, ok := syncOf(c)
	r := v.repo
	if !ok || v.branch != "" || v.commit != "" || r.Detached || r.Shallow || r.Unborn || r.Default == "" || r.Branch == r.Default {
		return
	}
	if !v.state.DiffersFromDefault {
		return
	}
	msg := "experiment sets neither branch nor commit_sha, so the platform runs origin's default branch " + code(r.Default) +
		", whose " + v.dir() + " differs from the one on branch " + code(r.Branch)
	var fixes []Fix
	switch {
	case v.state.BranchPushed:
		msg += `; set branch = "` + r.Branch + `" to run this branch`
		if _, sec := c.Get("experiment"); sec != nil {
			if e, ok := fix.AppendToTable(c.Doc, sec.Table, "branch = "+tomlString(r.Branch)); ok {
				fixes = append(fixes, fix.Offer("Run branch "+r.Branch+" (set branch = "+tomlString(r.Branch)+")", e))
			}
		}
	case r.Upstream == "" || r.UpstreamGone:
		msg += "; push the branch (`git push -u origin " + r.Branch + "`) and set branch = \"" + r.Branch + "\" to run it"
	default:
		msg += "; push the branch and set branch = \"" + r.Branch + "\" to run it"
	}
	c.Report(v.rv.Range, "experiment.rollout", msg, fixes...)
}
