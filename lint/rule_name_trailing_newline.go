package lint

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleNameTrailingNewline = Rule{
		ID:       RuleNameTrailingNewline,
		Severity: Warning,
		Stage:    StagePlatform,
		Fixable:  sometimes(Safe),
		Summary:  "An env var or secret name that ends with a newline.",
		Doc: `The osmosis CLI checks names with a Python regular expression whose $ also matches before a
final newline, so "ABC\n" passes as an [env] or secret name. No environment variable or secret
record can have that name; the platform fails later. The fix removes the newline.`,
		Bad:   "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\\n\"]\n",
		Good:  "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		check: checkNameTrailingNewline,
	}
)

var _ = register(&ruleNameTrailingNewline)

func checkNameTrailingNewline(c *Context) {
	// env names, at the top level and in benchmark agents
	checkEnv := func(t *toml.Value, where, key string) {
		if t == nil || t.Kind != toml.KindTable {
			return
		}
		for _, e := range t.Table.Entries {
			if name, ok := strings.CutSuffix(e.Key, "\n"); ok && isEnvName(name) {
				var fixes []Fix
				if t.Table.Get(name) == nil { // else the fix would define the key twice
					fixes = append(fixes, fix.New("Remove the newline", true, fix.Replace(e.KeyRange, keyText(name))))
				}
				c.Report(e.KeyRange, key+"."+e.Key, "env var name "+code(e.Key)+" in "+where+" ends with a newline; no environment variable can be named that way", fixes...)
			}
		}
	}
	_, env := c.Get("env")
	checkEnv(env, "[env]", "env")
	if c.Kind == "benchmark" {
		for _, a := range benchmarkAgents(c) {
			if e := a.table.Get("env"); e != nil {
				checkEnv(e.Value, "[agents.env] of agent "+strconv.Itoa(a.n), a.key+".env")
			}
		}
		for _, ref := range benchmarkSecretRefs(c) {
			reportNewlineSecret(c, ref.name, ref.value, ref.key, ref.where)
		}
		return
	}
	if _, list := c.Get("secrets", "required"); list != nil && list.Kind == toml.KindArray {
		for i, it := range list.Items {
			// the key is built only for a name that ends with a newline
			if it.Kind == toml.KindString && strings.HasSuffix(it.Str, "\n") {
				reportNewlineSecret(c, it.Str, it, "secrets.required."+strconv.Itoa(i), "[secrets] required")
			}
		}
	}
}

func reportNewlineSecret(c *Context, name string, v *toml.Value, key, where string) {
	if trimmed, ok := strings.CutSuffix(name, "\n"); ok && isSecretName(trimmed) && !strings.HasSuffix(trimmed, "\n") {
		c.Report(v.Range, key, "secret name "+code(name)+" in "+where+" ends with a newline; no secret record can be named that way",
			fix.New("Remove the newline", true, fix.Replace(v.Range, tomlString(trimmed))))
	}
}
