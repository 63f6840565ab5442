package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleNotATable = Rule{
		ID:       RuleNotATable,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Safe),
		Summary:  "A section written as something other than a table, or [[agents]] written as [agents].",
		Doc: `Sections must be tables: ` + "`[experiment]`" + ` or an inline table, not a value and not an array of
tables (` + "`[[experiment]]`" + `). Benchmark agents are the opposite: an array of tables, one ` + "`[[agents]]`" + `
per agent.`,
		Bad:   "[[experiment]]\nrollout = \"my-agent\"\n",
		Good:  "[experiment]\n# ...\nrollout = \"my-agent\"\n",
		check: checkNotATable,
	}
)

var _ = register(&ruleNotATable)

func checkNotATable(c *Context) {
	for _, is := range c.IssuesOf(RuleNotATable) {
		name := strings.Join(is.Path, ".")
		var fixes []Fix
		var msg string
		if len(is.Want) == 1 && is.Want[0] == "array" {
			msg = code(name) + " must be an array of tables, one [[" + name + "]] per item; found " + aType(is.Value)
			if is.Value != nil && is.Value.Kind == toml.KindTable && is.Value.Table.Header != nil {
				h := is.Value.Table.Header
				fixes = append(fixes, fix.New("Write [["+name+"]]", true,
					fix.Replace(toml.Range{Start: h.Range.Start, End: h.Range.Start + 1}, "[["),
					fix.Replace(toml.Range{Start: h.Range.End - 1, End: h.Range.End}, "]]")))
				msg += ": write [[" + name + "]] instead of [" + name + "]"
			}
		} else {
			msg = where(is.Path) + " must be a table; found " + aType(is.Value)
			if is.Value != nil && is.Value.Kind == toml.KindArray && is.Value.ArrayOfTables {
				msg += ": write [" + name + "] instead of [[" + name + "]]"
				if len(is.Value.Items) == 1 && is.Value.Items[0].Table.Header != nil {
					h := is.Value.Items[0].Table.Header
					fixes = append(fixes, fix.New("Write ["+name+"]", true,
						fix.Replace(toml.Range{Start: h.Range.Start, End: h.Range.Start + 2}, "["),
						fix.Replace(toml.Range{Start: h.Range.End - 2, End: h.Range.End}, "]")))
				}
			} else if is.Value != nil {
				msg += " " + code(snippet(c.Doc, is.Value))
			}
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}
