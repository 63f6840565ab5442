package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestEnumValue(t *testing.T) {
	b := schema.Benchmark
	runRuleCases(t, "enum-value", []ruleCase{
		{
			name: "a typo of parity",
			kind: b,
			src:  goodBenchmark + "\n[tasks]\ntask_set = \"parit\"\n",
			want: []string{"13:12-13:19 enum-value tasks.task_set"},
			msg:  []string{"did you mean `parity`?"},
		},
		{
			name: "case matters",
			kind: b,
			src:  goodBenchmark + "\n[tasks]\ntask_set = \"Parity\"\n",
			want: []string{"13:12-13:20 enum-value tasks.task_set"},
		},
		{
			name: "full is not a task set",
			kind: b,
			src:  "tasks = { task_set = \"full\" }\n" + goodBenchmark,
			want: []string{"1:22-1:28 enum-value tasks.task_set"},
		},
		{
			name: "parity",
			kind: b,
			src:  goodBenchmark + "\n[tasks]\ntask_set = \"parity\"\n",
		},
		{
			name: "no task_set",
			kind: b,
			src:  goodBenchmark + "\n[tasks]\ncategories = [\"git\"]\n",
		},
	})
}
