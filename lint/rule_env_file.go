package lint

// env-file is a doctor rule: it looks at the workspace, not at one config.
// Checked in lint/doctor by `(*run).envFiles` (checks.go), which asks the
// snapshot which .env files git tracks or ignores. Declared here, in the
// catalogue lint/doctor reports through, so that `rules`, `explain`,
// RULES.md, the settings, the LSP and MCP know it.
var (
	ruleEnvFile = Rule{
		ID:       RuleEnvFile,
		Severity: Error,
		Stage:    StageAdvice,
		Doctor:   true,
		Summary:  "A .env file that git tracks, or that .gitignore does not ignore.",
		Doc:      "A .env file holds secrets. Tracked by git it is in the repository the platform clones (an error); not ignored, the next `git add -A` puts it there (a warning). .env.example is exempt.",
	}
)

var _ = register(&ruleEnvFile)
