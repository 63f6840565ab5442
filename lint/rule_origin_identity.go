package lint

// origin-identity is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).origin` (doctor.go), which reads
// origin from the workspace snapshot. Declared here, in the catalogue
// lint/doctor reports through, so that `rules`, `explain`, RULES.md, the
// settings, the LSP and MCP know it.
var (
	ruleOriginIdentity = Rule{
		ID:       RuleOriginIdentity,
		Severity: Warning,
		Stage:    StageSubmit,
		Doctor:   true,
		Summary:  "The git remote origin is missing or is not a GitHub repository.",
		Doc:      "The platform finds the workspace by the GitHub repository of `origin` (owner/repo). Submitting needs an origin on github.com; doctor reads it from .git/config without running git.",
	}
)

var _ = register(&ruleOriginIdentity)
