package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestMissingRequired(t *testing.T) {
	runRuleCases(t, "missing-required", []ruleCase{
		{
			name: "two keys missing from [experiment]: on its header",
			src:  "# head\n[experiment]\nrollout = \"a\"\nentrypoint = \"main.py\"\n",
			want: []string{"2:1-2:13 missing-required experiment.model_path", "2:1-2:13 missing-required experiment.dataset"},
			msg:  []string{": The model: for training", ": Name of a dataset uploaded"},
		},
		{
			name: "an inline [experiment]",
			src:  "experiment = { rollout = \"a\", entrypoint = \"main.py\", model_path = \"m\" }\n",
			want: []string{"1:1-1:11 missing-required experiment.dataset"},
		},
		{
			name: "[secrets] without required, with the description's example kept whole",
			src:  goodTraining + "\n[secrets]\n",
			want: []string{"7:1-7:10 missing-required secrets.required"},
			msg:  []string{"e.g. "},
		},
		{
			name: "a proper noun keeps its capital",
			src:  "[experiment]\nrollout = \"a\"\nmodel_path = \"m\"\ndataset = \"d\"\n",
			want: []string{"1:1-1:13 missing-required experiment.entrypoint"},
			msg:  []string{": Python file of the rollout"},
		},
		{
			name: "benchmark: [experiment] benchmark",
			kind: schema.Benchmark,
			src:  "[experiment]\n" + goodBenchmark[len(benchHead):],
			want: []string{"1:1-1:13 missing-required experiment.benchmark"},
		},
		{
			name: "benchmark: a provider model's keys, on [agents.model]",
			kind: schema.Benchmark,
			src:  benchHead + "\n[[agents]]\n[agents.model]\ntype = \"provider\"\n",
			want: []string{
				"5:1-5:15 missing-required agents.0.model.provider.model",
				"5:1-5:15 missing-required agents.0.model.provider.api_key_secret",
			},
			msg: []string{"in [agents.model] of agent 1: LiteLLM-style"},
		},
		{
			name: "benchmark: an agent without a model",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[[agents]]\nharness = \"claude-code\"\n",
			want: []string{"12:1-12:11 missing-required agents.1.model"},
		},
		{
			name: "benchmark: hosted and endpoint keys",
			kind: schema.Benchmark,
			src:  benchHead + "\n[[agents]]\nmodel = { type = \"hosted\", base_model = \"b\" }\n\n[[agents]]\nmodel = { type = \"endpoint\", model = \"m\", api_key_secret = \"K\" }\n",
			want: []string{
				"5:1-5:6 missing-required agents.0.model.hosted.lora_model_name",
				"8:1-8:6 missing-required agents.1.model.endpoint.base_url",
			},
		},
		{
			name: "every required key present",
			src:  goodTraining,
		},
		{
			name: "[experiment] missing entirely is missing-section's, once",
			src:  "[training]\nlr = 1e-6\n",
		},
		{
			name: "the legacy [secrets] map is legacy-config's",
			src:  goodTraining + "\n[secrets]\nOPENAI_API_KEY = \"OPENAI_API_KEY\"\n",
		},
		{
			name: "after a syntax error a key may only look missing",
			src:  "[experiment]\nrollout = \"a\"\nentrypoint = \"main.py\"\nmodel_path = \"m\"\ndataset = \"d\" \"x\"\n",
		},
	})
}
