package lint

import "testing"

// trainingWith is goodTraining (5 lines) and a [training] table on lines 6
// and after.
func trainingWith(lines string) string { return goodTraining + "[training]\n" + lines }

func TestUnusedSuppression(t *testing.T) {
	runRuleCases(t, "unused-suppression", []ruleCase{
		{
			name: "a suppression of a rule that does not fire",
			src:  trainingWith("lr = 1e-6  # osmosis-lint: ignore[param-range]\n"),
			want: []string{`7:12-7:47 unused-suppression ""`},
			msg:  []string{"this suppression of `param-range` suppresses nothing"},
		},
		{
			name: "on its own line, above nothing to suppress",
			src:  trainingWith("# osmosis-lint: ignore[param-limit] old typo\nlr = 1e-6\n"),
			want: []string{`7:1-7:45 unused-suppression ""`},
		},
		{
			name: "the line above does not reach over a blank line",
			src:  trainingWith("# osmosis-lint: ignore[param-limit]\n\nlr = 50\n"),
			want: []string{`7:1-7:36 unused-suppression ""`},
		},
		{
			name: "a bare ignore that suppresses nothing",
			src:  trainingWith("lr = 1e-6 # osmosis-lint: ignore\n"),
			want: []string{`7:11-7:33 unused-suppression ""`},
			msg:  []string{"this suppression comment suppresses nothing"},
		},
		{
			name: "one of two rules is used: the other is reported on its name",
			src:  trainingWith("lr = 50 # osmosis-lint: ignore[param-limit, param-range]\n"),
			want: []string{`7:45-7:56 unused-suppression ""`},
			msg:  []string{"the suppression of `param-range` suppresses nothing here"},
		},
		{
			name: "an unknown rule name, next to an idle known one",
			src:  trainingWith("lrr = 1 # osmosis-lint: ignore[unknown-kye, param-range]\n"),
			want: []string{`7:32-7:43 unused-suppression ""`, `7:45-7:56 unused-suppression ""`},
			msg:  []string{"unknown rule `unknown-kye` in suppression comment; did you mean `unknown-key`?", "`param-range` suppresses nothing here"},
		},
		{
			name: "a rule listed twice",
			src:  trainingWith("lr = 50 # osmosis-lint: ignore[param-limit, param-limit]\n"),
			want: []string{`7:45-7:56 unused-suppression ""`},
		},
		{
			name: "syntax errors cannot be suppressed",
			src:  trainingWith("lr = 1e-6\nlr = 2e-6 # osmosis-lint: ignore[toml-syntax]\n"),
			want: []string{`8:34-8:45 unused-suppression ""`},
			msg:  []string{"syntax errors cannot be suppressed"},
		},
		{
			name: "malformed: unclosed list, empty list, junk after the directive, unknown directive",
			src: trainingWith(`lrr = 1 # osmosis-lint: ignore[unknown-key
lrs = 1 # osmosis-lint: ignore[]
lrt = 1 # osmosis-lint: ignored
lru = 1 # osmosis-lint: disable[unknown-key]
`),
			want: []string{
				`7:9-7:43 unused-suppression ""`,
				`8:9-8:33 unused-suppression ""`,
				`9:9-9:32 unused-suppression ""`,
				`10:9-10:45 unused-suppression ""`,
			},
			msg: []string{"not closed with `]`", "the rule list is empty", "expected `[rule, ...]`", "unknown directive `disable`"},
		},
		{
			name: "ignore-file after the first statement",
			src:  goodTraining + "# osmosis-lint: ignore-file[unknown-key]\n[training]\nlrr = 1\n",
			want: []string{`6:1-6:41 unused-suppression ""`},
			msg:  []string{"only works in the comment block at the top of the file"},
		},
		{
			name: "an ignore-file that suppresses nothing",
			src:  "# osmosis-lint: ignore-file[secret-in-env]\n" + goodTraining,
			want: []string{`1:1-1:43 unused-suppression ""`},
		},
		{
			name: "used: on the line",
			src:  trainingWith("lr = 50 # osmosis-lint: ignore[param-limit] kept for the old runner\n"),
		},
		{
			name: "used: on the line above",
			src:  trainingWith("# osmosis-lint: ignore[param-limit]\nlr = 50\n"),
		},
		{
			name: "used: a bare ignore",
			src:  trainingWith("lr = 50 # osmosis-lint: ignore\n"),
		},
		{
			name: "used: ignore-file in the leading comment block",
			src:  "# Multiply run\n\n# osmosis-lint: ignore-file[param-limit]\n" + trainingWith("lr = 50\n"),
		},
		{
			name: "no space after # or the colon, spaces inside the list",
			src:  trainingWith("lr = 50 #osmosis-lint:ignore[ param-limit ]\n"),
		},
		{
			name: "a submit error stays: the comment naming it is reported",
			src:  trainingWith("lrr = 1 # osmosis-lint: ignore[unknown-key]\n"),
			want: []string{`7:32-7:43 unused-suppression ""`},
			msg:  []string{"`unknown-key` cannot be suppressed: the osmosis CLI rejects this config at submit whatever the comment says"},
		},
		{
			name: "a submit rule named above nothing is reported too",
			src:  trainingWith("# osmosis-lint: ignore[unknown-key]\nlr = 1e-6\n"),
			want: []string{`7:24-7:35 unused-suppression ""`},
			msg:  []string{"`unknown-key` cannot be suppressed"},
		},
		{
			name: "a bare ignore on a submit error",
			src:  trainingWith("lrr = 1 # osmosis-lint: ignore\n"),
			want: []string{`7:9-7:31 unused-suppression ""`},
			msg:  []string{"this comment cannot silence `unknown-key`: the osmosis CLI rejects this config at submit"},
		},
		{
			name: "a bare ignore that silences a warning but not the submit error beside it",
			src:  trainingWith("lr = 50 # osmosis-lint: ignore\nlrr = 1 # osmosis-lint: ignore\n"),
			want: []string{`8:9-8:31 unused-suppression ""`},
		},
		{
			name: "ignore-file of a missing section",
			kind: "eval",
			src:  "# osmosis-lint: ignore-file[missing-section]\n" + goodTraining,
			want: []string{`1:29-1:44 unused-suppression ""`},
			msg:  []string{"`missing-section` cannot be suppressed"},
		},
		{
			name: "an ordinary comment mentioning the tool",
			src:  trainingWith("lr = 1e-6 # checked by osmosis-lint: see the README\n"),
		},
	})
}
