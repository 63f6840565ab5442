package lint

import (
	"math"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func init() {
	register(&Rule{
		ID:       RuleSecretInEnv,
		Severity: Error,
		Stage:    StageAdvice,
		Summary:  "An [env] value that looks like a credential.",
		Doc: `[env] values are literal: they sit in the repository, in the CLI's output and in the run's logs.
A value with a provider key prefix (sk-, sk-ant-, ghp_, github_pat_, hf_, AKIA, AIza, xoxb-, ...)
or a long random-looking token under a name such as *_KEY, *_TOKEN or *_SECRET is a credential:
store it as a platform secret (` + "`osmosis secret set NAME`" + `) and list NAME in [secrets] required.`,
		Bad:   "# ...\n[env]\nOPENAI_API_KEY = \"sk-proj-Xq3vR8tLm2Wk9ZpB7cN4hJ6yD1fG5sA0eU\"\n",
		Good:  "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		check: checkSecretInEnv,
	})
}

// credentialPrefixes are the fixed prefixes of common provider keys.
var credentialRE = lazyRE(`^(sk-(ant-|proj-|or-)?[A-Za-z0-9_-]{16,}|ghp_[A-Za-z0-9]{30,}|gho_[A-Za-z0-9]{30,}|ghs_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|glpat-[A-Za-z0-9_-]{16,}|hf_[A-Za-z0-9]{30,}|AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|xox[abposr]-[A-Za-z0-9-]{10,}|gsk_[A-Za-z0-9]{30,}|r8_[A-Za-z0-9]{30,}|dtn_[A-Za-z0-9]{20,}|pplx-[A-Za-z0-9]{30,}|fw_[A-Za-z0-9]{20,})$`)

var secretishName = lazyRE(`(?i)(^|_)(API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|AUTH)($|_)`)

// looksLikeCredential reports whether an env value is very likely a secret.
func looksLikeCredential(name, value string) (bool, string) {
	if credentialRE().MatchString(value) {
		return true, "has the prefix of a provider API key"
	}
	if secretishName().MatchString(name) && len(value) >= 20 && !strings.ContainsAny(value, " /:.") && entropy(value) >= 3.5 && hasMixedClasses(value) {
		return true, "is a long random-looking token under a credential name"
	}
	if len(value) >= 40 && !strings.ContainsAny(value, " /:.") && entropy(value) >= 4.5 && hasMixedClasses(value) {
		return true, "is a long random-looking token"
	}
	return false, ""
}

// entropy is the Shannon entropy of s in bits per character.
func entropy(s string) float64 {
	counts := map[rune]int{}
	n := 0
	for _, r := range s {
		counts[r]++
		n++
	}
	var h float64
	for _, c := range counts {
		p := float64(c) / float64(n)
		h -= p * math.Log2(p)
	}
	return h
}

func hasMixedClasses(s string) bool {
	var lower, upper, digit bool
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		}
	}
	return digit && (lower || upper)
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
			if yes, why := looksLikeCredential(e.Key, e.Value.Str); yes {
				c.Report(e.Value.Range, prefix+"."+e.Key, "the value of "+code(e.Key)+" "+why+": [env] values are visible in the repository and in logs; store it with `osmosis secret set "+e.Key+"` and list it in [secrets] required")
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
