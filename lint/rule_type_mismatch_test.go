package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestTypeMismatch(t *testing.T) {
	runRuleCases(t, "type-mismatch", []ruleCase{
		{
			name: "[experiment] values are strings",
			src:  "[experiment]\nrollout = 1\nentrypoint = true\nmodel_path = [\"m\"]\ndataset = { name = \"d\" }\nbranch = 2026-01-01\n",
			want: []string{
				"2:11-2:12 type-mismatch experiment.rollout",
				"3:14-3:18 type-mismatch experiment.entrypoint",
				"4:14-4:19 type-mismatch experiment.model_path",
				"5:11-5:25 type-mismatch experiment.dataset",
				"6:10-6:20 type-mismatch experiment.branch",
			},
			msg: []string{"`rollout` in [experiment] must be a string; found an integer `1`"},
		},
		{
			name: "[env] values are strings",
			src:  goodTraining + "\n[env]\nPORT = 8080\nDEBUG = true\n",
			want: []string{"8:8-8:12 type-mismatch env.PORT", "9:9-9:13 type-mismatch env.DEBUG"},
		},
		{
			name: "a dotted key in [env] makes a table: on its first part",
			src:  goodTraining + "\n[env]\nA.B = \"x\"\n",
			want: []string{"8:1-8:2 type-mismatch env.A"},
			msg:  []string{"quote the whole name"},
		},
		{
			name: "a sub-table of [env]",
			src:  goodTraining + "\n[env.SUB]\nA = \"b\"\n",
			want: []string{"7:6-7:9 type-mismatch env.SUB"},
		},
		{
			name: "[secrets] required is a list of strings",
			kind: schema.Eval,
			src:  evalHead + "\n[secrets]\nrequired = \"OPENAI_API_KEY\"\n",
			want: []string{"8:12-8:28 type-mismatch secrets.required"},
		},
		{
			name: "an item of [secrets] required",
			src:  goodTraining + "\n[secrets]\nrequired = [\"A\", 2]\n",
			want: []string{"8:18-8:19 type-mismatch secrets.required.1"},
			msg:  []string{"item 1 of `required` in [secrets] must be a string; found an integer `2`"},
		},
		{
			name: "benchmark fields",
			kind: schema.Benchmark,
			src:  "[experiment]\nbenchmark = 1\n\n[[agents]]\nharness = 2\n\n[agents.model]\ntype = \"provider\"\nmodel = \"m\"\napi_key_secret = 3\n\n[execution]\njudge_api_key_secret = 42\n",
			want: []string{
				"2:13-2:14 type-mismatch experiment.benchmark",
				"5:11-5:12 type-mismatch agents.0.harness",
				"10:18-10:19 type-mismatch agents.0.model.provider.api_key_secret",
				"13:24-13:26 type-mismatch execution.judge_api_key_secret",
			},
		},
		{
			name: "strings in every form",
			src:  "[experiment]\nrollout = 'multiply-agent'\nentrypoint = \"\"\"main.py\"\"\"\nmodel_path = '''Qwen/Qwen3.6-35B-A3B'''\ndataset = \"multiply\"\n\n[env]\nA = \"\"\n",
		},
		{
			name: "training parameters are param-type's",
			src:  goodTraining + "\n[training]\nlr = \"1e-6\"\n",
		},
		{
			name: "benchmark [execution] values other than the judge key are forwarded as they are",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[execution]\nattempts_per_task = \"3\"\njudge_model = 1\n",
		},
	})
}
