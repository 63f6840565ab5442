package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleSecretEnvOverlap = Rule{
		ID:                 RuleSecretEnvOverlap,
		NeedsCompleteParse: true,
		Severity:           Error,
		Stage:              StageSubmit,
		Fixable:            sometimes(DisplayOnly),
		Summary:            "A name in both [env] and [secrets] required.",
		Doc: `A secret is injected as an environment variable of the same name, so a name cannot also be a
literal [env] variable: each variable comes from exactly one place.`,
		Bad:   "# ...\n[env]\nOPENAI_API_KEY = \"x\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		Good:  "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		Kinds: []string{"training", "eval"},
		check: checkSecretEnvOverlap,
	}
)

var _ = register(&ruleSecretEnvOverlap)

func checkSecretEnvOverlap(c *Context) {
	_, env := c.Get("env")
	_, list := c.Get("secrets", "required")
	if env == nil || env.Kind != toml.KindTable || list == nil || list.Kind != toml.KindArray {
		return
	}
	seen := map[string]bool{}
	for i, it := range list.Items {
		if it.Kind != toml.KindString || seen[it.Str] {
			continue
		}
		seen[it.Str] = true
		e := env.Table.Get(it.Str)
		if e == nil || e.Value.Kind != toml.KindString {
			continue
		}
		var fixes []Fix
		if s := fix.StmtAt(c.Doc, e.KeyRange.Start); s != nil && s.Kind == toml.StmtKeyValue {
			if ed, ok := fix.DeleteStmt(c.Doc, s); ok {
				fixes = append(fixes, fix.Offer("Remove the [env] variable", ed))
			}
		}
		c.Report(e.KeyRange, "env."+e.Key, code(e.Key)+" is both an [env] variable and a secret in [secrets] required (item "+strconv.Itoa(i+1)+"); the secret is injected under that name, so remove one of them", fixes...)
	}
}
