package lint

import (
	"bytes"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleTOMLSyntax = Rule{
		ID:              RuleTOMLSyntax,
		ReportsParse:    true,
		NotSuppressible: true,
		Severity:        Error,
		Stage:           StageSubmit,
		Fixable:         sometimes(Safe),
		Summary:         "The file is not valid TOML 1.0, the version the osmosis CLI reads.",
		Doc: `The osmosis CLI reads configs with Python's tomllib, which implements TOML 1.0.
It rejects a file with a syntax error, a duplicate key, a table defined twice, an impossible
date, a UTF-8 byte order mark, invalid UTF-8, control characters in comments, and the TOML 1.1
additions: newlines, comments and trailing commas inside inline tables, the ` + "`\\e` and `\\xHH`" + ` escapes,
and times without seconds.

After a syntax error osmosis-lint skips the broken statement and keeps checking the rest of the file.
A config past osmosis-lint's own limits (nesting more than 1,000 levels deep, counting each part
of a dotted key or table header, or more than 65,536 keys and array items) gets one finding where
reading stopped, and the rest of the file is not checked.`,
		Bad:   "# ...\n[training]\nlr = 1e-6\nlr = 2e-6\n\n[advanced]\nopts = { a = 1, }\n",
		Good:  "# ...\n[training]\nlr = 2e-6\n\n[advanced]\nopts = { a = 1 }\n",
		check: checkTOMLSyntax,
	}
)

var _ = register(&ruleTOMLSyntax)

func checkTOMLSyntax(c *Context) {
	for _, e := range c.Doc.Errors {
		var fixes []Fix
		if e.Range == (toml.Range{Start: 0, End: 3}) && bytes.HasPrefix(c.Doc.Src, utf8BOM) {
			// the mark carries nothing: the file reads the same without it
			fixes = append(fixes, fix.New("Remove the byte order mark", true, fix.Replace(e.Range, "")))
		}
		c.Report(e.Range, "", e.Message, fixes...)
	}
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}
