package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleBranchName = Rule{
		ID:       RuleBranchName,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Safe),
		Summary:  "experiment.branch is empty or contains whitespace.",
		Doc: `branch names the git branch to run from. The osmosis CLI rejects an empty branch and any
whitespace in it, as Python's str.isspace defines it (which includes the separators U+001C to
U+001F, U+0085 and U+00A0; zero-width spaces are not whitespace there).`,
		Bad:   "[experiment]\n# ...\nbranch = \"my feature\"\n",
		Good:  "[experiment]\n# ...\nbranch = \"my-feature\"\n",
		Kinds: []string{"training", "eval"},
		check: checkBranchName,
	}
)

var _ = register(&ruleBranchName)

func checkBranchName(c *Context) {
	for _, is := range c.IssuesOf(RuleBranchName) {
		msg := "branch must not be empty"
		var fixes []Fix
		if is.Got != "" {
			msg = "branch must not contain whitespace; found " + code(is.Got)
			if t := strings.TrimSpace(is.Got); t != is.Got && t != "" && !strings.ContainsFunc(t, isPySpace) {
				fixes = append(fixes, fix.New("Use \""+t+"\"", true, fix.Replace(is.Value.Range, tomlString(t))))
			}
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

// isPySpace is Python's str.isspace for one character.
func isPySpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0D, r >= 0x1C && r <= 0x20, r == 0x85, r == 0xA0, r == 0x1680,
		r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}
