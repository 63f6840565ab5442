package lint

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"
	"github.com/osmosis-lint/osmosis-lint/lint/legacy"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleSecretInEnv = Rule{
		ID:       RuleSecretInEnv,
		Severity: Error,
		Stage:    StageAdvice,
		Fixable:  sometimes(DisplayOnly),
		// a key pasted where a name goes is one problem, not also a
		// badly spelled secret name: secret-name's finding on the same
		// value folds into this one, with its stage (submit)
		Supersedes: true,
		Summary:    "A value that looks like a credential: in [env], or pasted elsewhere in a config.",
		Doc: `[env] values are literal: they sit in the repository and the CLI prints them at submit.
A credential there is leaked as soon as it is pushed: store it as a platform secret
(` + "`osmosis secret set NAME`" + `), list NAME in [secrets] required, and rotate the key that was in the file.

A value is taken for a credential when it has the form of one whatever its name (the key formats
of OpenAI, Anthropic, GitHub, GitLab, AWS, Hugging Face, Slack, Stripe, Google, Groq, xAI,
OpenRouter, npm, Pinecone and others; a JSON Web Token; a Bearer or Basic header value; a PEM
private key; a service-account JSON key; a URL with a password; a connection string with an
account key or a password), or when it looks random (by its
entropy, its mix of letters and digits, the absence of words) under a name that says it holds a
secret: *_TOKEN, *_SECRET, *_PASSWORD, *_PAT, *_CREDENTIALS, *_API_KEY and the like. Placeholders
and references (` + "`${NAME}`, `{name}`, `<your-key>`, `op://...`" + `), stand-ins that say so
(` + "`sk-proj-REPLACE_WITH_YOUR_KEY`" + `), plain URLs, paths, words, names of runs or objects under *_KEY, and hex
hashes or UUIDs under names such as CACHE_KEY are not, nor is base64 that encodes text (a blob
of configuration), unless the text is a credential. Leading and trailing whitespace does not hide a
key.

A credential elsewhere in the config is reported too: a value under a name spelled as an
environment variable (OPENAI_API_KEY in [experiment]) or a header of an endpoint model's
extra_headers (X-Api-Key) is decided as in [env]; any other value, a
list item (a key pasted into [secrets] required instead of its name) or a word of a comment only
when it has the form of a credential. An Authorization value in extra_headers is
authorization-header's. A key pasted where the CLI expects a secret name is one finding of this
rule, with the CLI's verdict on the name: stage submit.

A key of a credential's form is reported wherever it is written: as a name (` + "`sk-proj-… = \"1\"`" + ` in
[env], ` + "`[env.sk-proj-…]`" + `, a key of an agent's [agents.env]; the env-name finding on it folds into this
one), after the name in a NAME=value string (` + "`required = [\"OPENAI_API_KEY=sk-proj-…\"]`" + `, decided as
the value of NAME in [env]), as a word of a longer text, or on a line that is not valid TOML (quotes
forgotten, a string not closed, a bad escape), where the syntax error is reported too. A key format
found inside a longer word (after a letter or a digit) is masked but not reported: the word may be
no credential.

The stage is advice because the osmosis CLI accepts the config; the severity is error anyway,
because a leaked key costs more than a failed run. Output never prints the value, whichever rules
are selected: snippets and diffs mask it, messages show only its prefix and length, and no fix
writes it anywhere (a fix that would, such as upper-casing it into a secret name, is not offered).
Every finding of every rule passes through the same masking before any output shows it: its
message, key and fix titles, as hovers and the editor's outline do.`,
		Bad:   "# ...\n[env]\nOPENAI_API_KEY = \"sk-proj-Xq3vR8tLm2Wk9ZpB7cN4hJ6yD1fG5sA0eU\"\n",
		Good:  "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		check: checkSecretInEnv,
	}
)

var _ = register(&ruleSecretInEnv)

func checkSecretInEnv(c *Context) {
	for _, h := range c.credentials() {
		if authorizationHeader(h) {
			continue // authorization-header reports it (and it stays masked)
		}
		if h.Embedded {
			continue // inside a longer word, maybe no credential: masked only
		}
		var fixes []Fix
		if h.Place == credential.InValue && h.Assigned == "" && len(h.Table) == 1 && h.Table[0] == "env" && h.Item < 0 {
			if f, ok := moveToSecretsFix(c, h.Name, h.KeyRange); ok {
				fixes = append(fixes, f)
			}
		}
		r := h.Secret.Range
		switch {
		case h.Place == credential.InKey:
			r = h.KeyRange
		case h.Value != nil:
			r = h.Value.Range
		}
		c.Report(r, h.Key(), leakMessage(h), fixes...)
		c.findings[len(c.findings)-1].Secrets = []Secret{h.Secret}
	}
}

// authorizationHeader reports an Authorization value in an endpoint
// model's extra_headers, which is the authorization-header rule's.
func authorizationHeader(h credential.Held) bool {
	return h.Place == credential.InValue && h.Assigned == "" && strings.EqualFold(h.Name, "authorization") && len(h.Table) > 0 && h.Table[len(h.Table)-1] == "extra_headers"
}

// leakMessage says where a credential is, what it looks like and what to
// do, naming only its lead and length.
func leakMessage(h credential.Held) string {
	seen := "looks like " + h.Cred.What + " (" + h.Cred.Describe(h.Text) + ")"
	switch {
	case h.Assigned != "":
		seen = "is " + code(h.Assigned+"=") + " and what " + seen
	case h.Place == credential.InValue && h.Text != strings.TrimSpace(h.Value.Str):
		seen = "holds what " + seen
	}
	switch {
	case h.Place == credential.InComment:
		return "a comment holds what " + seen + ": comments are visible in the repository like the rest of the file; remove it and rotate the key"
	case h.Place == credential.InBrokenLine:
		return "a line that is not valid TOML holds what " + seen + ": the file is visible in the repository whether it parses or not; remove it and rotate the key"
	case h.Place == credential.InKey:
		return "a name in " + where(h.Table) + " " + seen + ": a key is visible in the repository like a value, and no platform secret is made of it; remove it, store the key with `osmosis secret set NAME` under a name of its own, list that name in [secrets] required and rotate the key"
	case h.Env && h.Assigned == "":
		return code(h.Name) + " in " + where(h.Table) + " " + seen + ": [env] values sit in the repository and the CLI prints them at submit; store it with `osmosis secret set " + h.Name + "`, list it in [secrets] required and rotate it"
	}
	subject := code(h.Name) + " in " + where(h.Table)
	if len(h.Table) > 0 && h.Table[len(h.Table)-1] == "extra_headers" {
		return subject + " " + seen + ": extra_headers are written in the config, which is visible in the repository; an endpoint's key belongs in a platform secret record named by api_key_secret (`osmosis secret set NAME`), and this one must be rotated"
	}
	if h.Item >= 0 {
		subject = "item " + strconv.Itoa(h.Item+1) + " of " + subject
	}
	name := "NAME"
	switch {
	case credential.IsEnvVarName(h.Assigned):
		name = h.Assigned
	case h.Assigned == "" && credential.IsEnvVarName(h.Name):
		name = h.Name
	}
	return subject + " " + seen + ": a config's values are visible in the repository; store it with `osmosis secret set " + name + "`, refer to it only by that name (in [secrets] required) and rotate it"
}

// moveToSecretsFix takes a credential out of [env] and lists its name in
// [secrets] required. It deletes the value, which only the user can store
// as a platform secret first: it is offered, never applied by a command.
func moveToSecretsFix(c *Context, name string, keyRange toml.Range) (Fix, bool) {
	if !isSecretName(name) || !isBare(name) {
		return Fix{}, false
	}
	_, span, ok := fix.PairLine(c.Doc, keyRange)
	if !ok {
		return Fix{}, false
	}
	adds, ok := legacy.AddSecrets(c.Doc, []string{name})
	if !ok {
		return Fix{}, false
	}
	f := fix.Offer("Move `"+name+"` to [secrets] required (store the value first: `osmosis secret set "+name+"`)", append(adds, fix.Replace(span, ""))...)
	f.Keys = []string{"secrets.required"}
	return f, true
}
