package lint

import "strings"

var (
	ruleWorkspaceScaffold = Rule{
		ID:        RuleWorkspaceScaffold,
		Severity:  Error,
		Stage:     StageSubmit,
		Workspace: true,
		Summary:   "The workspace lacks a directory the osmosis CLI requires: rollouts/, configs/training/, configs/eval/ or data/.",
		Doc: `Before it reads a config, every submit checks that the workspace has rollouts/, configs/training/,
configs/eval/ and data/ (a symlink to a directory counts) and refuses otherwise ("This workspace
directory is missing required Osmosis scaffold paths"), whatever the config says. git keeps no
empty directory, so a fresh clone lacks data/ when nothing in it is tracked. The finding is on the
first line of each config of the workspace; ` + "`osmosis-lint doctor`" + ` reports the directories once
(missing-scaffold) and ` + "`doctor --fix`" + ` creates them with a .gitkeep. A directory reached through a
symlink that leaves the workspace is not looked at, and not reported here.`,
		check: checkWorkspaceScaffold,
	}
)

var _ = register(&ruleWorkspaceScaffold)

func checkWorkspaceScaffold(c *Context) {
	if c.Env == nil || c.Env.WS == nil || c.Env.Unnamed {
		return
	}
	missing := c.Env.WS.RequiredDirsMissing()
	if len(missing) == 0 {
		return
	}
	what := "has no " + joinAnd(missing)
	c.Report(firstLine(c.Doc), "", "the workspace "+what+": the osmosis CLI refuses to submit any config from it (\"missing required Osmosis scaffold paths\"); `osmosis-lint doctor --fix` creates "+them(len(missing)))
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// joinAnd lists names as a sentence does: a, b and c.
func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
