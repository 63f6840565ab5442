package lint

import "github.com/osmosis-lint/osmosis-lint/workspace/gitsync"

var (
	ruleRolloutUncommitted = Rule{
		ID:       RuleRolloutUncommitted,
		Keys:     []string{"experiment.rollout"},
		Severity: Warning,
		Stage:    StageSync,
		Summary:  "Files of the config's rollout are modified, staged, deleted or untracked.",
		Doc: `The platform clones the repository and runs the pushed commit, not the working tree: a
change under rollouts/<rollout>/ that is not committed (and pushed) does not run. The finding names
the first few files and counts the rest. Files that .gitignore ignores are not reported, nor are
changes elsewhere (another rollout, the README, the config itself, which the CLI reads locally).
git is read as data, never run.`,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"  # rollouts/my-agent/main.py is modified\n",
		Good:      "[experiment]\n# ...\nrollout = \"calc\"  # all of rollouts/calc/ is committed and pushed\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkRolloutUncommitted,
	}
)

var _ = register(&ruleRolloutUncommitted)

func checkRolloutUncommitted(c *Context) {
	v, ok := syncOf(c)
	if !ok || len(v.state.Changes) == 0 {
		return
	}
	byKind := map[gitsync.Change][]string{}
	var paths []string
	for _, ch := range v.state.Changes {
		paths = append(paths, ch.Path)
		byKind[ch.Change] = append(byKind[ch.Change], ch.Path)
	}
	what := "not committed"
	if len(byKind) == 1 {
		switch v.state.Changes[0].Change {
		case gitsync.Modified:
			what = "modified and not committed"
		case gitsync.Staged:
			what = "staged and not committed"
		case gitsync.Deleted:
			what = "deleted and the deletion not committed"
		case gitsync.Untracked:
			what = "untracked"
		case gitsync.Unmerged:
			what = "unmerged"
		}
	}
	c.Report(v.rv.Range, "experiment.rollout", countOf(len(paths), "file")+" of "+v.dir()+" "+isAre(len(paths))+" "+what+" ("+namedFiles(paths)+
		"): the platform runs the pushed commit, without "+thisThese(len(paths))+"; commit and push "+itThem(len(paths)))
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func thisThese(n int) string {
	if n == 1 {
		return "this change"
	}
	return "these changes"
}

func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
