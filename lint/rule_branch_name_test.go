package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestBranchName(t *testing.T) {
	branch := func(v string) string { return goodTraining + "branch = " + v + "\n" }
	runRuleCases(t, "branch-name", []ruleCase{
		{
			name: "empty",
			src:  branch(`""`),
			want: []string{"6:10-6:12 branch-name experiment.branch"},
			msg:  []string{"must not be empty"},
		},
		{
			name: "a space inside",
			src:  branch(`"my feature"`),
			want: []string{"6:10-6:22 branch-name experiment.branch"},
			msg:  []string{"`my feature`"},
		},
		{
			name: "trailing newline",
			kind: schema.Eval,
			src:  "[experiment]\nbranch = \"main\\n\"\n" + goodEval[len("[experiment]\n"):],
			want: []string{"2:10-2:18 branch-name experiment.branch"},
		},
		{
			name: "information separator U+001C is Python whitespace",
			src:  branch(`"a\u001Cb"`),
			want: []string{"6:10-6:20 branch-name experiment.branch"},
			msg:  []string{`\u001C`},
		},
		{
			name: "U+001F",
			src:  branch(`"a\u001Fb"`),
			want: []string{"6:10-6:20 branch-name experiment.branch"},
		},
		{
			name: "next line U+0085",
			src:  branch(`"a\u0085b"`),
			want: []string{"6:10-6:20 branch-name experiment.branch"},
		},
		{
			name: "no-break and ideographic spaces, written as themselves",
			src:  branch("\"a\u00a0b\u3000c\""),
			want: []string{"6:10-6:17 branch-name experiment.branch"},
		},
		{
			name: "literal string with a tab",
			src:  branch("'a\tb'"),
			want: []string{"6:10-6:15 branch-name experiment.branch"},
		},
		{
			name: "zero-width space U+200B is not Python whitespace",
			src:  branch(`"a\u200Bb"`),
		},
		{
			name: "BOM character U+FEFF is not Python whitespace",
			src:  branch(`"a\uFEFFb"`),
		},
		{
			name: "Mongolian vowel separator U+180E is not Python whitespace",
			src:  branch(`"a\u180Eb"`),
		},
		{
			name: "slashes, dots and unicode letters",
			src:  branch(`"feature/Ünïcode.1"`),
		},
		{
			name: "not a string is type-mismatch's",
			src:  branch(`1`),
		},
	})
}
