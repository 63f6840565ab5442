package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestPlaceholder(t *testing.T) {
	runRuleCases(t, "placeholder", []ruleCase{
		{
			name: "template placeholders in [experiment]",
			src:  "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"<your-dataset>\"\n",
			want: []string{"2:11-2:27 placeholder experiment.rollout", "5:11-5:27 placeholder experiment.dataset"},
			msg:  []string{"the placeholder `<your-rollout>` is still in `experiment.rollout`"},
		},
		{
			name: "any case, spaces, my_, inside a longer value",
			src:  goodTraining + "\n[env]\nA = \"< YOUR DATASET >\"\nB = \"prefix <my_value> suffix\"\n",
			want: []string{"8:5-8:23 placeholder env.A", "9:5-9:31 placeholder env.B"},
			msg:  []string{"", "`<my_value>`"},
		},
		{
			name: "in a benchmark list",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[tasks]\ntask_names = [\"git\", \"<your-task>\"]\n",
			want: []string{"13:22-13:35 placeholder tasks.task_names.1"},
		},
		{
			name: "angle brackets that are no placeholder",
			src:  goodTraining + "\n[env]\nA = \"<yourvalue>\"\nB = \"<your->\"\nC = \"a < b > c\"\nD = \"<html>\"\n",
		},
		{
			name: "comments are not values",
			src:  "# dataset = \"<your-dataset>\"\n" + goodTraining,
		},
	})
}
