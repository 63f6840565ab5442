package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestParamLimit(t *testing.T) {
	train := func(section, lines string) string { return goodTraining + "\n[" + section + "]\n" + lines }
	runRuleCases(t, "param-limit", []ruleCase{
		{
			name: "training bounds, each just above",
			src: train("training", `lr = 1.0000001
total_epochs = 10001
n_samples_per_prompt = 1025
rollout_batch_size = 1_000_001
max_prompt_length = 262145
max_response_length = 262_145
agent_workflow_timeout_s = 86401
grader_timeout_s = 86400.5
`),
			want: []string{
				"8:6-8:15 param-limit training.lr",
				"9:16-9:21 param-limit training.total_epochs",
				"10:24-10:28 param-limit training.n_samples_per_prompt",
				"11:22-11:31 param-limit training.rollout_batch_size",
				"12:21-12:27 param-limit training.max_prompt_length",
				"13:23-13:30 param-limit training.max_response_length",
				"14:28-14:33 param-limit training.agent_workflow_timeout_s",
				"15:20-15:27 param-limit training.grader_timeout_s",
			},
			msg: []string{"`lr` = 1.0000001 is above 1, the upper bound the SDK checked until May 2026; the platform likely still rejects it: use 1 or less (default: 1e-6)"},
		},
		{
			name: "sampling and checkpoints",
			src:  train("sampling", "rollout_temperature = 2.01\n") + "\n[checkpoints]\neval_interval = 1000001\ncheckpoint_save_freq = 1e7\n",
			want: []string{
				"8:23-8:27 param-limit sampling.rollout_temperature",
				"11:17-11:24 param-limit checkpoints.eval_interval",
				"12:24-12:27 param-limit checkpoints.checkpoint_save_freq",
			},
		},
		{
			name: "eval timeouts",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\nagent_workflow_timeout_s = 100000\n",
			want: []string{"11:28-11:34 param-limit evaluation.agent_workflow_timeout_s"},
		},
		{
			name: "in an inline table",
			src:  "sampling = { rollout_temperature = 3 }\n" + goodTraining,
			want: []string{"1:36-1:37 param-limit sampling.rollout_temperature"},
		},
		{
			name: "each bound itself",
			src: train("training", `lr = 1
total_epochs = 10000
n_samples_per_prompt = 1024
rollout_batch_size = 1000000
max_prompt_length = 262144
max_response_length = 262144
agent_workflow_timeout_s = 86400
grader_timeout_s = 86400.0

[sampling]
rollout_temperature = 2

[checkpoints]
eval_interval = 1000000
checkpoint_save_freq = 1000000
`),
		},
		{
			name: "eval counts have no bound",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\nlimit = 100000000\nn = 100000\nbatch_size = 100000\n",
		},
		{
			name: "[advanced] is free-form",
			src:  train("advanced", "my_lr = 5\n"),
		},
		{
			name: "out of range is param-range's, wrong type param-type's",
			src:  train("sampling", "rollout_top_p = 2\nrollout_temperature = \"3\"\n"),
		},
		{
			name: "past 64 bits is number-overflow's",
			src:  train("training", "total_epochs = 99999999999999999999\n"),
		},
	})
}
