package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleSecretName = Rule{
		ID:       RuleSecretName,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "A secret name that is not uppercase letters, digits and underscores starting with a letter.",
		Doc: `A secret is named after its platform secret record (` + "`osmosis secret set NAME`" + `) and injected as an
environment variable of that name, so names must match ^[A-Z][A-Z0-9_]*$. In benchmark configs
this covers every secret a config references: each model's api_key_secret, harness_api_key_secret,
[execution] judge_api_key_secret (even when empty), [verifier] required and [secrets] required.`,
		Bad:   "# ...\n[secrets]\nrequired = [\"openai-key\"]\n",
		Good:  "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		check: checkSecretName,
	}
)

var _ = register(&ruleSecretName)

// isSecretName is ^[A-Z][A-Z0-9_]*$ as Python's re.match reads it: one
// trailing newline passes.
func isSecretName(s string) bool {
	s = strings.TrimSuffix(s, "\n")
	return s != "" && s[0] >= 'A' && s[0] <= 'Z' && isNameTail(s[1:])
}

func checkSecretName(c *Context) {
	if c.Kind == "benchmark" {
		for _, ref := range benchmarkSecretRefs(c) {
			if !isSecretName(ref.name) {
				reportSecretName(c, ref.name, ref.value, ref.key, ref.where)
			}
		}
		return
	}
	for _, is := range c.IssuesOf(RuleSecretName) {
		reportSecretName(c, is.Got, is.Value, is.Key, "[secrets] required")
	}
}

func reportSecretName(c *Context, name string, v *toml.Value, key, place string) {
	msg := "secret name " + code(name) + " in " + place + " must be uppercase letters, digits and underscores, starting with a letter (^[A-Z][A-Z0-9_]*$)"
	if name == "" {
		msg = "empty secret name in " + place + ": name a platform secret record"
	}
	var fixes []Fix
	if up := strings.ToUpper(strings.ReplaceAll(name, "-", "_")); up != name && isSecretName(up) && v != nil {
		fixes = append(fixes, fix.Offer("Use \""+up+"\"", fix.Replace(v.Range, tomlString(up))))
	}
	c.Report(v.Range, key, msg, fixes...)
}
