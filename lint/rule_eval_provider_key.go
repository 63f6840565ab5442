package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleEvalProviderKey = Rule{
		ID:       RuleEvalProviderKey,
		Keys:     []string{"experiment.model_path"},
		Severity: Warning,
		Stage:    StagePlatform,
		Fixable:  sometimes(Unsafe),
		// a statement skipped for a syntax error can hide the key in [env]
		NeedsCompleteParse: true,
		Summary:            "An eval whose model's provider key is not in [secrets] required: the platform's model pre-flight fails the run.",
		Doc: `An eval config's model_path is a LiteLLM model name (provider/model, such as
anthropic/claude-sonnet-4-6): the hosted eval controller calls the model through LiteLLM, which reads
the provider's API key from the environment (the SDK's docs/eval-run-local.md: "the same design as the
hosted eval controller"). The run's environment holds the secrets that [secrets] required names, and
the platform checks before it evaluates any row that model_path is reachable with those credentials
(docs.osmosis.ai, cli/rollout/eval: the model pre-flight). A provider whose key is not listed fails the
run after submission; the osmosis CLI does not check it.

The provider-to-variable table is the SDK's (osmosis_ai/eval/rubric/engine.py, DEFAULT_API_KEY_ENV),
kept in the eval schema's x-osmosis-provider-keys annotation; the provider-keys setting of
[tool.osmosis-lint] adds or overrides entries (provider-keys = { together_ai = "TOGETHERAI_API_KEY" }).
A provider in neither is not judged. A local osmosis eval run reads the key from the process
environment or --secrets-file instead, so this finding concerns osmosis eval submit.

The fix adds the name to required (unsafe: the secret must also exist, stored with
osmosis secret set NAME or supplied at submit with --secrets-file).`,
		Bad:   "[experiment]\n# ...\nmodel_path = \"anthropic/claude-sonnet-4-6\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		Good:  "[experiment]\n# ...\nmodel_path = \"anthropic/claude-sonnet-4-6\"\n\n[secrets]\nrequired = [\"ANTHROPIC_API_KEY\"]\n",
		Kinds: []string{"eval"},
		check: checkEvalProviderKey,
	}
)

var _ = register(&ruleEvalProviderKey)

func checkEvalProviderKey(c *Context) {
	key, provider, ok := modelProviderKey(c)
	if !ok {
		return
	}
	model, mv, _ := c.Str("experiment", "model_path")
	_, req := c.Get("secrets", "required")
	if req == nil || req.Kind != toml.KindArray || c.issuesWithin("secrets") {
		return // missing-section, missing-required or the list's own rule says what is wrong
	}
	for _, it := range req.Items {
		if it.Kind == toml.KindString && it.Str == key {
			return
		}
	}
	if e, _ := c.Get("env", key); e != nil {
		return // set in [env]: the run has it (secret-in-env judges a literal key)
	}
	var fixes []Fix
	title := "Add \"" + key + "\" to [secrets] required"
	switch {
	case len(req.Items) > 0:
		last := req.Items[len(req.Items)-1]
		fixes = append(fixes, fix.New(title, false, fix.Insert(last.Range.End, ", "+tomlString(key))))
	case c.Text(req.Range) == "[]":
		fixes = append(fixes, fix.New(title, false, fix.Replace(req.Range, "["+tomlString(key)+"]")))
	}
	c.Report(mv.Range, "experiment.model_path", "model_path "+code(model)+" calls "+provider+" with "+key+", which [secrets] required does not list; "+
		"the platform's model pre-flight fails the eval run without it: add "+key+" to required and store it with `osmosis secret set "+key+"` (or supply it at submit with --secrets-file)", fixes...)
}

// modelProviderKey returns the variable that holds the API key of the
// provider of an eval config's model_path (the schema's
// x-osmosis-provider-keys table, then the provider-keys setting), and the
// provider; ok is false for a model_path with an issue, without a
// provider prefix, or of a provider neither table knows.
func modelProviderKey(c *Context) (key, provider string, ok bool) {
	model, _, isStr := c.Str("experiment", "model_path")
	if !isStr || c.issuesWithin("experiment", "model_path") {
		return "", "", false
	}
	return providerKeyFor(c, c.Schema.Root(), model)
}

// providerKeyFor is the variable of the API key of a provider-routed
// model's provider: the schema's x-osmosis-provider-keys table (on root,
// an eval schema's), then the provider-keys setting.
func providerKeyFor(c *Context, root *schema.Field, model string) (key, provider string, ok bool) {
	prefix, _, found := strings.Cut(model, "/")
	if !found {
		return "", "", false
	}
	provider = strings.ToLower(strings.TrimSpace(prefix))
	key, ok = root.ProviderKey(provider)
	if c.Env != nil && c.Env.WS != nil {
		if k, set := c.Env.WS.ProviderKey(provider); set {
			key, ok = k, true
		}
	}
	return key, provider, ok
}
