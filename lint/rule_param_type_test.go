package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestParamType(t *testing.T) {
	train := func(section, lines string) string { return goodTraining + "\n[" + section + "]\n" + lines }
	runRuleCases(t, "param-type", []ruleCase{
		{
			name: "a string, a bool, a fraction",
			src:  train("training", "total_epochs = \"3\"\nlr = true\nn_samples_per_prompt = 8.5\n"),
			want: []string{
				"8:16-8:19 param-type training.total_epochs",
				"9:6-9:10 param-type training.lr",
				"10:24-10:27 param-type training.n_samples_per_prompt",
			},
			msg: []string{"must be an integer; found a string `\"3\"`", "must be a number; found a boolean `true`", "found a float `8.5`"},
		},
		{
			name: "nan and inf are not numbers the platform takes",
			src:  train("sampling", "rollout_temperature = nan\nrollout_top_p = inf\n"),
			want: []string{"8:23-8:26 param-type sampling.rollout_temperature", "9:17-9:20 param-type sampling.rollout_top_p"},
		},
		{
			name: "a list, a table, a date",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\nn = [1]\nbatch_size = { x = 1 }\nlimit = 2024-01-01\n",
			want: []string{
				"11:5-11:8 param-type evaluation.n",
				"12:14-12:23 param-type evaluation.batch_size",
				"13:9-13:19 param-type evaluation.limit",
			},
		},
		{
			name: "checkpoints",
			src:  train("checkpoints", "eval_interval = \"10\"\n"),
			want: []string{"8:17-8:21 param-type checkpoints.eval_interval"},
		},
		{
			// JSON Schema integers (and the platform's lax parsing) take a
			// float without a fraction
			name: "integers, and floats without a fraction",
			src:  train("training", "total_epochs = 2\nrollout_batch_size = 64.0\nmax_prompt_length = 1e4\nlr = 1\n"),
		},
		{
			name: "[advanced] values are free-form",
			src:  train("advanced", "total_epochs = \"3\"\n"),
		},
		{
			name: "[experiment] types are type-mismatch's",
			src:  "[experiment]\nrollout = 1\nentrypoint = \"main.py\"\nmodel_path = \"m\"\ndataset = \"d\"\n",
		},
	})
}
