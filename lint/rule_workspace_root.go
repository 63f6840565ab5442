package lint

// workspace-root is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `Run` (doctor.go), which finds the root
// the way the osmosis CLI does and reports it first. Declared here, in the
// catalogue lint/doctor reports through, so that `rules`, `explain`,
// RULES.md, the settings, the LSP and MCP know it.
var (
	ruleWorkspaceRoot = Rule{
		ID:       RuleWorkspaceRoot,
		Severity: Error,
		Stage:    StageSubmit,
		Doctor:   true,
		Summary:  "The directory is not inside a git worktree, so it is not an Osmosis workspace.",
		Doc:      "The osmosis CLI works from the top level of a git worktree (the repository the platform clones). `doctor` finds it by walking up to `.git` and stops when there is none (exit 2).",
	}
)

var _ = register(&ruleWorkspaceRoot)
