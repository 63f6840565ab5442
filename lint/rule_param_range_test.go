package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestParamRange(t *testing.T) {
	train := func(section, lines string) string { return goodTraining + "\n[" + section + "]\n" + lines }
	runRuleCases(t, "param-range", []ruleCase{
		{
			name: "training values that cannot work",
			src: train("training", `lr = 0
total_epochs = 0
n_samples_per_prompt = -8
rollout_batch_size = 0
max_prompt_length = 0
max_response_length = -1
agent_workflow_timeout_s = 0
grader_timeout_s = -0.5
`),
			want: []string{
				"8:6-8:7 param-range training.lr",
				"9:16-9:17 param-range training.total_epochs",
				"10:24-10:26 param-range training.n_samples_per_prompt",
				"11:22-11:23 param-range training.rollout_batch_size",
				"12:21-12:22 param-range training.max_prompt_length",
				"13:23-13:25 param-range training.max_response_length",
				"14:28-14:29 param-range training.agent_workflow_timeout_s",
				"15:20-15:24 param-range training.grader_timeout_s",
			},
			msg: []string{"`lr` in [training] must be > 0; found `0`", "`total_epochs` in [training] must be >= 1; found `0`"},
		},
		{
			name: "sampling",
			src:  train("sampling", "rollout_temperature = -0.1\nrollout_top_p = 0\n"),
			want: []string{"8:23-8:27 param-range sampling.rollout_temperature", "9:17-9:18 param-range sampling.rollout_top_p"},
			msg:  []string{"", "must be in (0, 1]"},
		},
		{
			name: "top_p above 1",
			src:  train("sampling", "rollout_top_p = 1.0001\n"),
			want: []string{"8:17-8:23 param-range sampling.rollout_top_p"},
		},
		{
			name: "checkpoints",
			src:  train("checkpoints", "eval_interval = 0\ncheckpoint_save_freq = 0.0\n"),
			want: []string{"8:17-8:18 param-range checkpoints.eval_interval", "9:24-9:27 param-range checkpoints.checkpoint_save_freq"},
		},
		{
			name: "evaluation",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\nlimit = 0\nn = 0\nbatch_size = 0\npass_threshold = 1.5\ngrader_timeout_s = 0\n",
			want: []string{
				"11:9-11:10 param-range evaluation.limit",
				"12:5-12:6 param-range evaluation.n",
				"13:14-13:15 param-range evaluation.batch_size",
				"14:18-14:21 param-range evaluation.pass_threshold",
				"15:20-15:21 param-range evaluation.grader_timeout_s",
			},
			msg: []string{"", "", "", "must be in [0, 1]"},
		},
		{
			name: "negative pass_threshold",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\npass_threshold = -0.01\n",
			want: []string{"11:18-11:23 param-range evaluation.pass_threshold"},
		},
		{
			name: "the edges that work",
			src:  train("training", "lr = 1e-12\ntotal_epochs = 1\n") + "\n[sampling]\nrollout_temperature = 0\nrollout_top_p = 1\n",
		},
		{
			name: "pass_threshold at both ends",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\npass_threshold = 0\n\n[advanced]\npass_threshold = 1.0\n",
		},
		{
			name: "wrong types are param-type's",
			src:  train("training", "lr = \"0\"\ntotal_epochs = false\n"),
		},
	})
}
