package lint

import (
	"slices"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestUnknownKey(t *testing.T) {
	runRuleCases(t, "unknown-key", []ruleCase{
		{
			name: "a typo in [training]",
			src:  goodTraining + "\n[training]\nlerning_rate = 1e-6\nn_sample_per_prompt = 16\n",
			want: []string{"8:1-8:13 unknown-key training.lerning_rate", "9:1-9:20 unknown-key training.n_sample_per_prompt"},
			msg:  []string{"unknown key `lerning_rate` in [training]", "did you mean `n_samples_per_prompt`?"},
		},
		{
			name: "a key of another section",
			src:  goodTraining + "\n[training]\nrollout_top_p = 0.9\n",
			want: []string{"8:1-8:14 unknown-key training.rollout_top_p"},
			msg:  []string{"`rollout_top_p` belongs in [sampling]"},
		},
		{
			name: "in [experiment], as a dotted key: its first part",
			src:  goodTraining + "run.name = \"run-1\"\n",
			want: []string{"6:1-6:4 unknown-key experiment.run"},
		},
		{
			// the CLI names an empty unknown key by its section
			name: "the empty key inside a section",
			src:  goodTraining + "\"\" = 1\n\n[training]\n'' = 2\n",
			want: []string{"6:1-6:3 unknown-key experiment", "9:1-9:3 unknown-key training"},
			msg:  []string{"unknown key `\"\"` in [experiment]", "unknown key `\"\"` in [training]"},
		},
		{
			name: "case matters",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\nN = 2\n",
			want: []string{"11:1-11:2 unknown-key evaluation.N"},
			msg:  []string{"did you mean `n`?"},
		},
		{
			name: "[secrets] takes only required",
			kind: schema.Eval,
			src:  goodEval + "optional = []\n",
			want: []string{"9:1-9:9 unknown-key secrets.optional"},
		},
		{
			name: "benchmark: unknown top-level key, named from the root",
			kind: schema.Benchmark,
			src:  "harbor = true\n" + goodBenchmark,
			want: []string{"1:1-1:7 unknown-key harbor"},
			msg:  []string{"unknown key `harbor` in the top level"},
		},
		{
			name: "benchmark: the model variant is part of the key",
			kind: schema.Benchmark,
			src:  goodBenchmark + "temperature = 0.2\n",
			want: []string{"11:1-11:12 unknown-key agents.0.model.provider.temperature"},
		},
		{
			name: "benchmark: the empty key at the top level",
			kind: schema.Benchmark,
			src:  "\"\" = 1\n" + goodBenchmark,
			want: []string{"1:1-1:3 unknown-key \"\""},
		},
		{
			name: "[advanced] takes any key",
			src:  goodTraining + "\n[advanced]\nanything = { at = \"all\" }\n\"\" = 0\n",
		},
		{
			name: "every known key",
			src: goodTraining + `branch = "main"

[training]
lr = 1e-6
total_epochs = 1
n_samples_per_prompt = 8
rollout_batch_size = 32
max_prompt_length = 8192
max_response_length = 8192
agent_workflow_timeout_s = 450
grader_timeout_s = 150

[sampling]
rollout_temperature = 1.0
rollout_top_p = 1.0

[checkpoints]
eval_interval = 10
checkpoint_save_freq = 20

[env]
LOG_LEVEL = "INFO"

[secrets]
required = ["OPENAI_API_KEY"]
`,
		},
		{
			name: "a top-level section of a training config is unknown-section's",
			src:  goodTraining + "\n[evaluation]\nn = 1\n",
		},
		{
			name: "global_batch_size is legacy-config's",
			src:  goodTraining + "\n[training]\nglobal_batch_size = 1\n",
		},
	})
}

func TestClosestKeys(t *testing.T) {
	allowed := []string{"lr", "total_epochs", "n_samples_per_prompt", "rollout_batch_size", "max_prompt_length",
		"max_response_length", "agent_workflow_timeout_s", "grader_timeout_s", "kl_coef", "entropy_coef"}
	for _, tc := range []struct {
		name string
		n    int
		want []string
	}{
		{"max_length", 2, []string{"max_prompt_length", "max_response_length"}},
		{"kl_coeff", 2, []string{"kl_coef", "entropy_coef"}},
		{"lr", 1, []string{"lr"}},
		{"x", 20, allowed}, // fewer keys than asked: all, nearest first
	} {
		got := closestKeys(tc.name, allowed, tc.n)
		if tc.name == "x" {
			if len(got) != len(allowed) {
				t.Errorf("%s: %q", tc.name, got)
			}
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("closestKeys(%q, %d) = %q, want %q", tc.name, tc.n, got, tc.want)
		}
	}
}
