package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleTypeMismatch = Rule{
		ID:       RuleTypeMismatch,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Safe, Unsafe),
		Summary:  "A value of the wrong type where the osmosis CLI checks types.",
		Doc: `The osmosis CLI checks the types of [experiment], [env], [secrets] and of every benchmark field:
rollout, entrypoint, model_path, dataset, branch and commit_sha are strings, [env] values are
strings (a dotted key inside [env] makes a table), [secrets] required is a list of strings.`,
		Bad:   "# ...\n[env]\nPORT = 8080\n",
		Good:  "# ...\n[env]\nPORT = \"8080\"\n",
		check: func(c *Context) { reportTypes(c, RuleTypeMismatch) },
	}
)

var _ = register(&ruleTypeMismatch)

func reportTypes(c *Context, rule string) {
	for _, is := range c.IssuesOf(rule) {
		name := keyName(is.Path)
		place := " in " + where(parent(is.Path))
		if n := len(is.Path); n > 1 && schema.IsIndex(is.Path[n-1]) {
			name = "item " + is.Path[n-1] + " of " + keyName(is.Path[:n-1])
			place = " in " + where(is.Path[:n-2])
		}
		msg := name + place + " must be " + wantText(is.Want) + "; found " + aType(is.Value)
		if is.Value != nil && is.Value.Kind != toml.KindTable && !(is.Value.Kind == toml.KindArray && is.Value.ArrayOfTables) {
			msg += " " + code(snippet(c.Doc, is.Value))
		}
		if is.Value != nil && is.Value.Kind == toml.KindTable && len(is.Path) == 2 && is.Path[0] == "env" {
			msg += " (a dotted key such as `A.B = \"x\"` makes a table; quote the whole name)"
		}
		var fixes []Fix
		if len(is.Want) == 1 && is.Want[0] == "string" && is.Value != nil && quotable(is.Value) && quotedPasses(c, is.Path, c.Text(is.Value.Range)) {
			text := c.Text(is.Value.Range)
			fixes = append(fixes, fix.New("Quote the value", rule == RuleTypeMismatch && len(is.Path) == 2 && is.Path[0] == "env", fix.Replace(is.Value.Range, tomlString(text))))
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

// quotedPasses reports whether the quoted text would be a valid value where
// the schema gives a format (a secret name, a commit id), so that quoting
// does not trade one error for another.
func quotedPasses(c *Context, path []string, text string) bool {
	if len(path) == 0 {
		return true
	}
	// a benchmark's *_secret keys name secrets: secret-name judges them,
	// not a schema pattern
	if strings.HasSuffix(path[len(path)-1], "_secret") && !isSecretName(text) {
		return false
	}
	f := c.Field(path...)
	return f == nil || f.MatchesPattern(text)
}

func quotable(v *toml.Value) bool {
	switch v.Kind {
	case toml.KindInteger, toml.KindFloat, toml.KindBool:
		return true
	}
	return v.Kind.IsDateTime()
}
