package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleEnvName = Rule{
		ID:       RuleEnvName,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "An [env] variable name that is not uppercase letters, digits and underscores.",
		Doc: `Environment variable names in [env] (and in a benchmark agent's [agents.env]) must match
^[A-Z_][A-Z0-9_]*$: ASCII uppercase letters, digits and underscores, not starting with a digit.`,
		Bad:   "# ...\n[env]\nlog_level = \"INFO\"\n",
		Good:  "# ...\n[env]\nLOG_LEVEL = \"INFO\"\n",
		check: checkEnvName,
	}
)

var _ = register(&ruleEnvName)

// isEnvName is ^[A-Z_][A-Z0-9_]*$ (without the trailing-newline quirk).
func isEnvName(s string) bool {
	return s != "" && (s[0] >= 'A' && s[0] <= 'Z' || s[0] == '_') && isNameTail(s[1:])
}

// isNameTail reports whether s is only uppercase ASCII letters, digits and
// underscores.
func isNameTail(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func checkEnvName(c *Context) {
	for _, is := range c.IssuesOf(RuleEnvName) {
		msg := "env var name " + code(is.Name) + " in " + where(parent(is.Path)) + " must be uppercase letters, digits and underscores, not starting with a digit (^[A-Z_][A-Z0-9_]*$)"
		var fixes []Fix
		if up := strings.ToUpper(is.Name); up != is.Name && isEnvName(up) {
			if !hasKey(c, append(append([]string(nil), parent(is.Path)...), up)) {
				fixes = append(fixes, fix.Offer("Rename to `"+up+"`", fix.Replace(is.Range, up)))
			}
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}
