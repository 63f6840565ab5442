package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestNotATable(t *testing.T) {
	runRuleCases(t, "not-a-table", []ruleCase{
		{
			name: "[experiment] as a string",
			src:  "experiment = \"multiply\"\n",
			want: []string{"1:14-1:24 not-a-table experiment"},
		},
		{
			name: "[[experiment]]: on the name",
			src:  "[[experiment]]\nrollout = \"a\"\n",
			want: []string{"1:3-1:13 not-a-table experiment"},
			msg:  []string{"write [experiment] instead of [[experiment]]"},
		},
		{
			name: "[training] as a number, [env] as a list",
			src:  "training = 1\nenv = [\"A\"]\n" + goodTraining,
			want: []string{"1:12-1:13 not-a-table training", "2:7-2:12 not-a-table env"},
		},
		{
			name: "eval [secrets] as a list",
			kind: schema.Eval,
			src:  "secrets = [\"OPENAI_API_KEY\"]\n" + goodTraining,
			want: []string{"1:11-1:29 not-a-table secrets"},
		},
		{
			name: "benchmark [agents] as one table",
			kind: schema.Benchmark,
			src:  benchHead + "\n[agents]\nharness = \"codex\"\n",
			want: []string{"4:2-4:8 not-a-table agents"},
			msg:  []string{"write [[agents]] instead of [agents]"},
		},
		{
			name: "benchmark agents as an inline table",
			kind: schema.Benchmark,
			src:  "agents = { harness = \"codex\" }\n" + benchHead,
			want: []string{"1:10-1:31 not-a-table agents"},
		},
		{
			name: "tables in every form",
			src:  "training = { lr = 1e-6 }\nsampling.rollout_top_p = 0.9\n" + goodTraining,
		},
		{
			name: "an array of tables for agents",
			kind: schema.Benchmark,
			src:  goodBenchmark,
		},
		{
			name: "an inline array of tables for agents",
			kind: schema.Benchmark,
			src:  "agents = [{ model = { type = \"hosted\", base_model = \"b\", lora_model_name = \"l\" } }]\n" + benchHead,
		},
	})
}
