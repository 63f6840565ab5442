package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestMissingSection(t *testing.T) {
	runRuleCases(t, "missing-section", []ruleCase{
		{
			name: "no [experiment] in a training config: one finding on the first line",
			src:  "[training]\nlr = 1e-6\n",
			want: []string{"1:1-1:11 missing-section experiment"},
			msg:  []string{"a training config needs [experiment]"},
		},
		{
			// on the first statement, not the comment above it
			name: "an eval config without [experiment] nor [secrets]",
			kind: schema.Eval,
			src:  "# eval\n[evaluation]\nn = 1\n",
			want: []string{"2:1-2:13 missing-section experiment", "2:1-2:13 missing-section secrets"},
			msg:  []string{"an eval config needs [experiment]", "`required = []`"},
		},
		{
			name: "an eval config without [secrets]",
			kind: schema.Eval,
			src:  goodTraining,
			want: []string{"1:1-1:13 missing-section secrets"},
		},
		{
			name: "a first key under comments: its key",
			kind: schema.Eval,
			src:  "# eval\n\n  # more\nx.y = 1\n",
			want: []string{"4:1-4:4 missing-section experiment", "4:1-4:4 missing-section secrets"},
		},
		{
			name: "comments only: the start of the file",
			kind: schema.Eval,
			src:  "# eval\n",
			want: []string{"1:1-1:1 missing-section experiment", "1:1-1:1 missing-section secrets"},
		},
		{
			name: "an empty file",
			kind: schema.Eval,
			src:  "",
			want: []string{"1:1-1:1 missing-section experiment", "1:1-1:1 missing-section secrets"},
		},
		{
			name: "a benchmark without agents",
			kind: schema.Benchmark,
			src:  benchHead,
			want: []string{"1:1-1:13 missing-section agents"},
			// the count comes from the schema's minItems and maxItems
			msg: []string{"needs 1 to 8 agents"},
		},
		{
			name: "a benchmark without [experiment]",
			kind: schema.Benchmark,
			src:  goodBenchmark[len(benchHead)+1:],
			want: []string{"1:1-1:11 missing-section experiment"},
			msg:  []string{"a benchmark config names its benchmark there"},
		},
		{
			name: "[[experiment]] is not-a-table's",
			src:  "[[experiment]]\nrollout = \"a\"\n",
		},
		{
			name: "experiment as a dotted key counts",
			src:  "experiment.rollout = \"a\"\nexperiment.entrypoint = \"main.py\"\nexperiment.model_path = \"Qwen/Qwen3.6-35B-A3B\"\nexperiment.dataset = \"d\"\n",
		},
		{
			name: "training configs may omit [secrets]",
			src:  goodTraining,
		},
		{
			name: "after a syntax error, a section may only look missing",
			src:  "[experiment\nrollout = \"a\"\n",
		},
	})
}
