package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleMissingRequired = Rule{
		ID:                 RuleMissingRequired,
		NeedsCompleteParse: true,
		Severity:           Error,
		Stage:              StageSubmit,
		Fixable:            sometimes(Unsafe, DisplayOnly),
		Summary:            "A required key is absent from its table.",
		Doc: `[experiment] needs rollout, entrypoint, model_path and dataset; [secrets] needs required; a
benchmark's [experiment] needs benchmark, each [[agents]] a [agents.model], and each model the
keys of its type. The osmosis CLI rejects the config at submit.`,
		Bad:   "[experiment]\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\n",
		Good:  "[experiment]\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"my-dataset\"\n",
		check: checkMissingRequired,
	}
)

var _ = register(&ruleMissingRequired)

func checkMissingRequired(c *Context) {
	for _, is := range c.IssuesOf(RuleMissingRequired) {
		p := parent(is.Path)
		if len(p) == 1 && p[0] == "secrets" && secretsIsLegacyMap(c) {
			continue // the legacy map form: legacy-config rewrites the whole table
		}
		msg := "missing required key " + code(is.Name) + " in " + where(p)
		if d := is.Field.Description(); d != "" {
			msg += ": " + firstSentence(d)
		}
		var fixes []Fix
		if _, v := c.Get(p...); v != nil && v.Kind == toml.KindTable {
			if line, picked, ok := addedKeyLine(c, is.Path, is.Field); ok {
				if e, ok := fix.AppendToTable(c.Doc, v.Table, line); ok {
					fixes = append(fixes, fix.UnsafeUnless(picked, "Add `"+is.Name+"`", e))
				}
			}
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

func secretsIsLegacyMap(c *Context) bool {
	for _, is := range c.IssuesOf(RuleUnknownKey) {
		if legacyShape(c, is) == "secrets-map" {
			return true
		}
	}
	return false
}

// firstSentence returns the first sentence of a description, without
// Markdown backquotes. Abbreviations such as "e.g." do not end it, and
// the first letter keeps its case (Python, Git and LiteLLM are names).
func firstSentence(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && (s[i+1] == ' ' || s[i+1] == '\n') && !abbreviationAt(s, i) {
			s = s[:i]
			break
		}
	}
	if len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return strings.ReplaceAll(s, "`", "")
}

// abbreviationAt reports whether the period at s[i] ends "e.g." or "i.e.".
func abbreviationAt(s string, i int) bool {
	return strings.HasSuffix(s[:i+1], "e.g.") || strings.HasSuffix(s[:i+1], "i.e.")
}
