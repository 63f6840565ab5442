package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleCommitSHA = Rule{
		ID:       RuleCommitSHA,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Safe),
		Summary:  "experiment.commit_sha is not 7 to 40 hexadecimal digits.",
		Doc: `commit_sha pins the run to a git commit: 7 to 40 hexadecimal digits (either case), the whole
string, nothing else (no 0x prefix, no trailing newline).`,
		Bad:   "[experiment]\n# ...\ncommit_sha = \"0xdeadbeef\"\n",
		Good:  "[experiment]\n# ...\ncommit_sha = \"deadbeef\"\n",
		Kinds: []string{"training", "eval"},
		check: checkCommitSHA,
	}
)

var _ = register(&ruleCommitSHA)

func checkCommitSHA(c *Context) {
	for _, is := range c.IssuesOf(RuleCommitSHA) {
		msg := "commit_sha must be 7 to 40 hexadecimal digits; found " + code(is.Got)
		var fixes []Fix
		trimmed := strings.TrimSpace(is.Got)
		switch {
		case strings.HasPrefix(strings.ToLower(trimmed), "0x"):
			msg += ": drop the 0x prefix"
			trimmed = trimmed[2:]
		case trimmed != is.Got:
			msg += ": remove the surrounding whitespace"
		case len(is.Got) < 7 && isHex(is.Got):
			msg += ": git needs at least 7 digits to name a commit"
		case len(is.Got) > 40 && isHex(is.Got):
			msg += ": a SHA-1 commit id has 40 digits"
		}
		if trimmed != is.Got && c.Field(commitSHAPath...).MatchesPattern(trimmed) {
			fixes = append(fixes, fix.New("Use \""+trimmed+"\"", true, fix.Replace(is.Value.Range, tomlString(trimmed))))
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return s != ""
}
