package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestGRPOGroupSize(t *testing.T) {
	runRuleCases(t, "grpo-group-size", []ruleCase{
		{
			name: "one sample per prompt",
			src:  goodTraining + "\n[training]\nn_samples_per_prompt = 1\n",
			want: []string{"8:24-8:25 grpo-group-size training.n_samples_per_prompt"},
		},
		{
			name: "as a float",
			src:  goodTraining + "\n[training]\nn_samples_per_prompt = 1.0  # one\n",
			want: []string{"8:24-8:27 grpo-group-size training.n_samples_per_prompt"},
		},
		{
			name: "in an inline table",
			src:  "training = { n_samples_per_prompt = 1 }\n" + goodTraining,
			want: []string{"1:37-1:38 grpo-group-size training.n_samples_per_prompt"},
		},
		{
			name: "two",
			src:  goodTraining + "\n[training]\nn_samples_per_prompt = 2\n",
		},
		{
			name: "the default",
			src:  goodTraining + "\n[training]\nlr = 1e-6\n",
		},
		{
			name: "a string is param-type's",
			src:  goodTraining + "\n[training]\nn_samples_per_prompt = \"1\"\n",
		},
		{
			name: "eval's n is another thing",
			kind: schema.Eval,
			src:  goodEval + "\n[evaluation]\nn = 1\n",
		},
	})
}
