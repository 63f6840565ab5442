package lint

// missing-agent-file is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).scaffold` (doctor.go), which
// looks for the three agent files; `doctor --fix --template DIR` copies them
// in (*run).fixScaffold (fix.go). Declared here, in the catalogue
// lint/doctor reports through, so that `rules`, `explain`, RULES.md, the
// settings, the LSP and MCP know it.
var (
	ruleMissingAgentFile = Rule{
		ID:       RuleMissingAgentFile,
		Severity: Error,
		Stage:    StageAdvice,
		Doctor:   true,
		Summary:  "An agent scaffold file is missing: AGENTS.md, CLAUDE.md or configs/AGENTS.md.",
		Doc:      "`osmosis doctor` expects the three agent files of the workspace template; coding agents read them to work in the workspace. `doctor --fix --template DIR` (or OSMOSIS_WORKSPACE_TEMPLATE_PATH) copies the missing ones from a template checkout; an existing file is never overwritten.",
	}
)

var _ = register(&ruleMissingAgentFile)
