package lint

// missing-scaffold is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).scaffold` (doctor.go), which
// looks for the four directories; `doctor --fix` creates them in
// (*run).fixScaffold (fix.go). Declared here, in the catalogue lint/doctor
// reports through, so that `rules`, `explain`, RULES.md, the settings, the
// LSP and MCP know it.
var (
	ruleMissingScaffold = Rule{
		ID:       RuleMissingScaffold,
		Severity: Error,
		Stage:    StageSubmit,
		Doctor:   true,
		Summary:  "A required directory is missing: rollouts/, configs/training/, configs/eval/ or data/.",
		Doc:      "Every osmosis command checks that the workspace has rollouts/, configs/training/, configs/eval/ and data/ (a symlink to a directory counts) and refuses to run otherwise. `doctor --fix` creates the missing ones with a .gitkeep so git keeps them.",
	}
)

var _ = register(&ruleMissingScaffold)
