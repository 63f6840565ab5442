package lint

// rollout-pyproject is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).rollouts` (checks.go), which
// reads each rollout's pyproject.toml. Declared here, in the catalogue
// lint/doctor reports through, so that `rules`, `explain`, RULES.md, the
// settings, the LSP and MCP know it.
var (
	ruleRolloutPyproject = Rule{
		ID:       RuleRolloutPyproject,
		Severity: Warning,
		Stage:    StageRuntime,
		Doctor:   true,
		Summary:  "A rollout without a pyproject.toml that lists osmosis-ai, or with one that does not parse.",
		Doc:      "The platform installs a rollout's dependencies from rollouts/<name>/pyproject.toml ([project].dependencies) before it imports the entrypoint; the rollout needs osmosis-ai there. A pyproject.toml that is not valid TOML cannot be installed.",
	}
)

var _ = register(&ruleRolloutPyproject)
