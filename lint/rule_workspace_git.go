package lint

var (
	ruleWorkspaceGit = Rule{
		ID:       RuleWorkspaceGit,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "The config is in no git repository, or the workspace's .git file names no git directory.",
		Doc: `Every osmosis submit starts by asking git for the top of the worktree of the current directory
(` + "`git rev-parse --show-toplevel`" + `) and refuses to run without one ("Run this command from an Osmosis
workspace directory created by Platform"). A config in a directory that no git repository holds
cannot be submitted; nor can one whose workspace has a .git file (as a linked worktree or a
submodule has) that names a missing or broken git directory, which git reports as fatal.
A .git directory that git would not take for a repository (no HEAD, objects/ or refs/, as in a
hand-made fixture) is skipped by git, which then looks above the workspace: osmosis-lint reads
nothing there, and says nothing.`,
		check: checkWorkspaceGit,
	}
)

var _ = register(&ruleWorkspaceGit)

func checkWorkspaceGit(c *Context) {
	switch {
	case c.Env == nil && c.outsideGit:
		c.Report(firstLine(c.Doc), "", "this config is in no git repository: the osmosis CLI submits only from the top of a git worktree cloned from the repository connected to the platform (\"Run this command from an Osmosis workspace directory\"); clone the workspace repository, or `git init` and add the origin")
	case c.Env != nil && !c.Env.Unnamed:
		if _, broken := c.Env.WS.GitRepository(); broken {
			c.Report(firstLine(c.Doc), "", "the workspace's .git is a file that names no git directory (a moved or deleted worktree or submodule): git refuses to run here, and so does the osmosis CLI; repair it with `git worktree repair` or clone the repository again")
		}
	}
}
