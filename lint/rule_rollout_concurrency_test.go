package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestRolloutConcurrency(t *testing.T) {
	runRuleCases(t, "rollout-concurrency", []ruleCase{
		{
			name: "128 x 16",
			src:  goodTraining + "\n[training]\nn_samples_per_prompt = 16\nrollout_batch_size = 128\n",
			want: []string{"9:22-9:25 rollout-concurrency training.rollout_batch_size"},
		},
		{
			name: "the documented 64 x 8, reported on the value written last",
			src:  goodTraining + "\n[training]\nrollout_batch_size = 64\nn_samples_per_prompt = 8\n",
			want: []string{"9:24-9:25 rollout-concurrency training.n_samples_per_prompt"},
		},
		{
			name: "samples alone, the batch at its default of 32",
			src:  goodTraining + "\n[training]\nn_samples_per_prompt = 16\n",
			want: []string{"8:24-8:26 rollout-concurrency training.n_samples_per_prompt"},
		},
		{
			name: "a batch as a whole float",
			src:  goodTraining + "\n[training]\nrollout_batch_size = 64.0\n",
			want: []string{"8:22-8:26 rollout-concurrency training.rollout_batch_size"},
		},
		{
			name: "in an inline table",
			src:  "training = { rollout_batch_size = 256 }\n" + goodTraining,
			want: []string{"1:35-1:38 rollout-concurrency training.rollout_batch_size"},
		},
		{
			name: "just below: 63 x 8",
			src:  goodTraining + "\n[training]\nrollout_batch_size = 63\nn_samples_per_prompt = 8\n",
		},
		{
			name: "the advised 8 x 8",
			src:  goodTraining + "\n[training]\nrollout_batch_size = 8\nn_samples_per_prompt = 8\n",
		},
		{
			name: "both at their defaults",
			src:  goodTraining + "\n[training]\nlr = 1e-6\n",
		},
		{
			name: "no [training]",
			src:  goodTraining,
		},
		{
			name: "a string is param-type's",
			src:  goodTraining + "\n[training]\nrollout_batch_size = \"512\"\nn_samples_per_prompt = 8\n",
		},
		{
			name: "a value past its limit is param-limit's",
			src:  goodTraining + "\n[training]\nrollout_batch_size = 2000000\n",
		},
		{
			name: "an eval's batch_size is another thing",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\nbatch_size = 512\nn = 8\n",
		},
	})
}
