package lint

import "strings"

var (
	ruleWorkspaceLinkOut = Rule{
		ID:        RuleWorkspaceLinkOut,
		Severity:  Error,
		Stage:     StagePlatform,
		Workspace: true,
		Kinds:     []string{"training", "eval"},
		Summary:   "configs/, configs/<kind>/ or rollouts/ is a symlink that leads outside the workspace.",
		Doc: `The osmosis CLI resolves a config's or a rollout's place through symlinks on both sides (the
directory it must be under, and the path itself), so a kind directory or rollouts/ linked to a
checkout elsewhere passes its checks at submit. The platform does not see it: it clones the
repository, where the link points at a path of this machine, and finds no rollout there. A config
reached this way is not read (nothing outside the workspace is), and a rollout there is not
looked at. Keep the directories in the repository; a symlink inside it is fine.`,
		check: checkWorkspaceLinkOut,
	}
)

var _ = register(&ruleWorkspaceLinkOut)

func checkWorkspaceLinkOut(c *Context) {
	r, v, ok := c.Str("experiment", "rollout")
	if !ok || rolloutNameProblem(r) != "" {
		return
	}
	if rp := c.Env.rolloutPath(r, ""); !rp.DirContained && rp.Dir.EscapeVia == "rollouts" {
		c.Report(v.Range, "experiment.rollout", "rollouts/ is a symlink that leads outside the workspace (to "+rp.Dir.EscapeTarget+"): "+linkOutConsequence+", so it finds no rollout "+code(r)+"; keep rollouts/ in the repository")
	}
}

// linkOutConsequence says what a link out of the workspace means on each
// side.
const linkOutConsequence = "the osmosis CLI follows it at submit, but the platform clones the repository, where the link leads nowhere"

// kindDirLink reports whether via, the symlink through which the config at
// rel leaves the workspace, is configs/ or the config's kind directory:
// the CLI resolves its required directory through the same link.
func kindDirLink(rel, via string) bool {
	if via == "configs" {
		return strings.HasPrefix(rel, "configs/")
	}
	for _, k := range []string{"training", "eval", "benchmark"} {
		if via == "configs/"+k && strings.HasPrefix(rel, via+"/") {
			return true
		}
	}
	return false
}
