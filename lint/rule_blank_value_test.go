package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestBlankValue(t *testing.T) {
	b := schema.Benchmark
	tasks := func(line string) string { return goodBenchmark + "\n[tasks]\n" + line + "\n" }
	runRuleCases(t, "blank-value", []ruleCase{
		{
			name: "empty task name",
			kind: b,
			src:  tasks(`task_names = [""]`),
			want: []string{"13:15-13:17 blank-value tasks.task_names.0"},
			msg:  []string{"an empty string"},
		},
		{
			name: "spaces and tabs",
			kind: b,
			src:  tasks(`categories = ["ok", " \t "]`),
			want: []string{"13:21-13:27 blank-value tasks.categories.1"},
		},
		{
			// Rust's regex \s is Unicode White_Space: U+0085, U+00A0 and
			// U+3000 are blank there.
			name: "Unicode white space",
			kind: b,
			src:  tasks(`task_names = ["\u0085", "\u00A0", "　"]`),
			want: []string{
				"13:15-13:23 blank-value tasks.task_names.0",
				"13:25-13:33 blank-value tasks.task_names.1",
				"13:35-13:38 blank-value tasks.task_names.2",
			},
		},
		{
			// ... but not the separators U+001C to U+001F (Python's isspace
			// says yes), nor zero-width characters.
			name: "separators and zero-width characters are not blank for the CLI",
			kind: b,
			src:  tasks(`task_names = ["\u001C", "\u001F", "\u200B", "\uFEFF", "\u180E"]`),
		},
		{
			name: "a name with spaces around it",
			kind: b,
			src:  tasks(`task_names = [" terminal-bench/git-multibranch "]`),
		},
		{
			name: "task_set is not a selector list",
			kind: b,
			src:  tasks(`task_set = "parity"`),
		},
	})
}
