package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestParitySelectors(t *testing.T) {
	b := schema.Benchmark
	tasks := func(body string) string { return hleConfig(`"HLE"`, "\n[tasks]\n"+body) }
	runRuleCases(t, "parity-selectors", []ruleCase{
		{
			name: "task names beside parity",
			kind: b,
			src:  tasks("task_set = \"parity\"\ntask_names = [\"hle__sample\"]\n"),
			want: []string{"6:1-6:11 parity-selectors tasks.task_names"},
		},
		{
			name: "both selectors, before task_set",
			kind: b,
			src:  tasks("categories = [\"Math\"]\ntask_names = [\"a\"]\ntask_set = \"parity\"\n"),
			want: []string{"5:1-5:11 parity-selectors tasks.categories", "6:1-6:11 parity-selectors tasks.task_names"},
		},
		{
			name: "as an inline table",
			kind: b,
			src:  "tasks = { task_set = \"parity\", categories = [\"Math\"] }\n" + hleConfig(`"HLE"`, ""),
			want: []string{"1:32-1:42 parity-selectors tasks.categories"},
		},
		{
			name: "parity alone",
			kind: b,
			src:  tasks("task_set = \"parity\"\n"),
		},
		{
			name: "selectors without task_set",
			kind: b,
			src:  hleConfig(`"terminal-bench"`, "\n[tasks]\ntask_names = [\"a\"]\ncategories = [\"b\"]\n"),
		},
		{
			name: "a task_set other than parity is enum-value's",
			kind: b,
			src:  tasks("task_set = \"full\"\ntask_names = [\"a\"]\n"),
		},
		{
			name: "a blank selector is blank-value's",
			kind: b,
			src:  tasks("task_set = \"parity\"\ntask_names = [\" \"]\n"),
		},
	})
}
