package lint

import (
	"strings"
)

func init() {
	register(&Rule{
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
	})
	register(&Rule{
		ID:       RuleEnvReserved,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "An [env] variable name starting with _OSMOSIS_, which the platform reserves.",
		Doc:      `The platform reserves every environment variable name that starts with _OSMOSIS_ (the bare prefix included).`,
		Bad:      "# ...\n[env]\n_OSMOSIS_DEBUG = \"1\"\n",
		Good:     "# ...\n[env]\nMY_DEBUG = \"1\"\n",
		check:    checkEnvReserved,
	})
}

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
				fixes = append(fixes, displayOnly("Rename to `"+up+"`", replace(is.Range, up)))
			}
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

func checkEnvReserved(c *Context) {
	for _, is := range c.IssuesOf(RuleEnvReserved) {
		c.Report(is.Range, is.Key, "env var "+code(is.Name)+" in "+where(parent(is.Path))+" starts with _OSMOSIS_, a prefix the platform reserves; choose another name")
	}
}
