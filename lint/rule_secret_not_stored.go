package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleSecretNotStored = Rule{
		ID:       RuleSecretNotStored,
		Severity: Warning,
		Stage:    StageSubmit,
		Summary:  "A benchmark secret reference that must be a stored secret record is not in the saved secret list.",
		Doc: `With a saved secret list (` + "`osmosis --json secret list --all > secrets.json`" + `, passed with
--secret-list or the ` + "`secret-list`" + ` setting; it holds names and scopes, never values), each secret
a benchmark config references outside [secrets] required (an agent model's api_key_secret, a
harness_api_key_secret, [execution] judge_api_key_secret, [verifier] required) must be in it:
` + "`osmosis benchmark submit`" + ` looks these names up in the workspace and personal secret stores and
refuses the run when one is missing, and only [secrets] required names may be supplied at submit
(the SDK's docs/benchmark.md, "Secret references"). Store the secret with
` + "`osmosis secret set NAME`" + `, then save the list again.

A warning, not an error: the list is a copy saved earlier, and the secret may have been stored since.
Without a saved list osmosis-lint cannot know, and stays quiet. [secrets] required names are
run-secret-not-stored's.`,
		Bad:       "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\nmodel = \"anthropic/claude-sonnet-4-6\"\napi_key_secret = \"ANTHROPIC_API_KEY\"\n",
		Good:      "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"OPENAI_API_KEY\"\n",
		Kinds:     []string{"benchmark"},
		Workspace: true,
		check:     checkSecretNotStored,
	}
)

var _ = register(&ruleSecretNotStored)

func checkSecretNotStored(c *Context) {
	if c.Env == nil || !c.Env.WS.HasSecretList() {
		return
	}
	seen := map[string]bool{}
	for _, ref := range benchmarkSecretRefs(c) {
		if strings.HasPrefix(ref.key, "secrets.required.") {
			continue
		}
		if !unstoredSecret(c, ref.name, seen) {
			continue
		}
		c.Report(ref.value.Range, ref.key, "secret "+code(ref.name)+" ("+ref.where+") is not a stored secret record in "+secretListName(c)+
			": `osmosis benchmark submit` refuses a reference outside [secrets] required that is not stored; store it with `osmosis secret set "+ref.name+"`")
	}
}

// unstoredSecret reports whether a referenced name, seen for the first
// time, is a valid secret name that the saved list does not hold. An
// invalid name is secret-name's; a placeholder is placeholder's.
func unstoredSecret(c *Context, name string, seen map[string]bool) bool {
	if seen[name] || !isSecretName(name) || hasPlaceholder(name) {
		return false
	}
	seen[name] = true
	_, stored := c.Env.WS.LookupSecret(name)
	return !stored
}

// secretListName is the saved secret list as messages show it: relative
// to the workspace root when inside it, the same text on every machine.
func secretListName(c *Context) string {
	list := c.Env.WS.SecretListFile()
	if rel, ok := c.Env.WS.Rel(list); ok {
		return rel
	}
	return list
}

// requiredSecrets lists the [secrets] required names of a config.
func requiredSecrets(c *Context) []*toml.Value {
	_, list := c.Get("secrets", "required")
	if list == nil || list.Kind != toml.KindArray {
		return nil
	}
	var out []*toml.Value
	for _, it := range list.Items {
		if it.Kind == toml.KindString {
			out = append(out, it)
		}
	}
	return out
}
