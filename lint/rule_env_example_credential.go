package lint

// env-example-credential is a doctor rule: it looks at the workspace, not
// at one config. Checked in lint/doctor by `(*run).envExample`
// (hygiene.go), which reads .env.example through the snapshot. Declared
// here, in the catalogue lint/doctor reports through, so that `rules`,
// `explain`, RULES.md, the settings, the LSP and MCP know it.
var (
	ruleEnvExampleCredential = Rule{
		ID:       RuleEnvExampleCredential,
		Severity: Error,
		Stage:    StageAdvice,
		Doctor:   true,
		Summary:  "A .env.example, which the workspace template tracks on purpose, holds what looks like a real credential.",
		Doc: `The workspace template tracks .env.example (its .gitignore: .env.*, then !.env.example) as the list
of variables a user copies into .env. Whatever it holds is in the repository and every clone of it.
A value the credential detector recognises (a provider's key shape, or a long random value under a
credential's name) is very likely a real secret pasted into the wrong file: replace it with an empty
value or a placeholder, and rotate the secret. The value is never printed; the finding names the
variable and its line.`,
	}
)

var _ = register(&ruleEnvExampleCredential)
