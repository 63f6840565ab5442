package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func init() {
	register(&Rule{
		ID:       RuleSecretInEnv,
		Severity: Error,
		Stage:    StageAdvice,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "An [env] value that looks like a credential.",
		Doc: `[env] values are literal: they sit in the repository, in the CLI's output and in the run's logs.
A credential there is leaked as soon as it is pushed: store it as a platform secret
(` + "`osmosis secret set NAME`" + `), list NAME in [secrets] required, and rotate the key that was in the file.

A value is taken for a credential when it has the form of one whatever its name (the key formats
of OpenAI, Anthropic, GitHub, GitLab, AWS, Hugging Face, Slack, Stripe, Google, Groq, xAI,
OpenRouter, npm, Pinecone and others; a JSON Web Token; a Bearer or Basic header value; a PEM
private key; a service-account JSON key; a URL with a password), or when it looks random (by its
entropy, its mix of letters and digits, the absence of words) under a name that says it holds a
secret: *_TOKEN, *_SECRET, *_PASSWORD, *_PAT, *_CREDENTIALS, *_API_KEY and the like. Placeholders
and references (` + "`${NAME}`, `{name}`, `<your-key>`, `op://...`" + `), plain URLs, paths, words, and hex
hashes under names such as CACHE_KEY are not. Leading and trailing whitespace does not hide a key.

The stage is advice because the osmosis CLI accepts the config; the severity is error anyway,
because a leaked key costs more than a failed run. Output never prints the value: the snippet
masks it and the message shows only its prefix and length.`,
		Bad:   "# ...\n[env]\nOPENAI_API_KEY = \"sk-proj-Xq3vR8tLm2Wk9ZpB7cN4hJ6yD1fG5sA0eU\"\n",
		Good:  "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		check: checkSecretInEnv,
	})
}

func checkSecretInEnv(c *Context) {
	check := func(t *toml.Value, prefix string) {
		if t == nil || t.Kind != toml.KindTable {
			return
		}
		for _, e := range t.Table.Entries {
			if e.Value.Kind != toml.KindString {
				continue
			}
			if cred, ok := detectCredential(e.Key, e.Value.Str); ok {
				var fixes []Fix
				if prefix == "env" {
					if f, ok := moveToSecretsFix(c, e); ok {
						fixes = append(fixes, f)
					}
				}
				c.Report(e.Value.Range, prefix+"."+e.Key, code(e.Key)+" in "+where(strings.Split(prefix, "."))+" looks like "+cred.what+" ("+cred.describe(e.Value.Str)+"): [env] values are visible in the repository, the CLI's output and the run's logs; store it with `osmosis secret set "+e.Key+"`, list it in [secrets] required and rotate it", fixes...)
				c.findings[len(c.findings)-1].Secrets = []Secret{secretOf(c.Doc, e.Value, cred)}
			}
		}
	}
	_, env := c.Get("env")
	check(env, "env")
	for _, a := range benchmarkAgents(c) {
		if e := a.table.Get("env"); e != nil {
			check(e.Value, a.key+".env")
		}
	}
}

// secretOf is where a string value's secret is in the file: the literal's
// content, of which the leading whitespace and the credential's lead may
// be shown when the source spells them as the value does.
func secretOf(doc *toml.Document, v *toml.Value, cred credential) Secret {
	text := doc.Text(v.Range)
	q := 1
	if strings.HasPrefix(text, `"""`) || strings.HasPrefix(text, "'''") {
		q = 3
	}
	r := toml.Range{Start: v.Range.Start + q, End: v.Range.End - q}
	if r.End < r.Start || len(text) < 2*q {
		return Secret{Range: v.Range}
	}
	content := text[q : len(text)-q]
	ws := len(content) - len(strings.TrimLeft(content, " \t\r\n"))
	lead := strings.TrimSpace(v.Str)[:cred.lead]
	shown := 0
	if strings.HasPrefix(content[ws:], lead) {
		shown = ws + len(lead)
	}
	return Secret{Range: r, Shown: shown}
}

// moveToSecretsFix takes a credential out of [env] and lists its name in
// [secrets] required. It deletes the value, which only the user can store
// as a platform secret first: it is offered, never applied by a command.
func moveToSecretsFix(c *Context, e *toml.Entry) (Fix, bool) {
	if !isSecretName(e.Key) || !isBare(e.Key) {
		return Fix{}, false
	}
	_, span, ok := pairLine(c, e.KeyRange)
	if !ok {
		return Fix{}, false
	}
	adds, ok := addSecrets(c, []string{e.Key})
	if !ok {
		return Fix{}, false
	}
	f := displayOnly("Move `"+e.Key+"` to [secrets] required (store the value first: `osmosis secret set "+e.Key+"`)", append(adds, replace(span, ""))...)
	f.Keys = []string{"secrets.required"}
	return f, true
}
