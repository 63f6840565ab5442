package lint

// unused-rollout is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).rollouts` (checks.go), which
// compares the rollouts with the configs that name them. Declared here, in
// the catalogue lint/doctor reports through, so that `rules`, `explain`,
// RULES.md, the settings, the LSP and MCP know it.
var (
	ruleUnusedRollout = Rule{
		ID:       RuleUnusedRollout,
		Severity: Info,
		Stage:    StageAdvice,
		Doctor:   true,
		Summary:  "A rollout that no config refers to.",
		Doc:      "Every rollout is normally run by at least one training or eval config. An unreferenced rollout may be left over, or its config may name it differently.",
	}
)

var _ = register(&ruleUnusedRollout)
