package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestUnknownVariant(t *testing.T) {
	b := schema.Benchmark
	runRuleCases(t, "unknown-variant", []ruleCase{
		{
			name: "missing type",
			kind: b,
			src:  benchHead + "\n[[agents]]\n[agents.model]\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"K\"\n",
			want: []string{"5:1-5:15 unknown-variant agents.0.model"},
			msg:  []string{"needs `type`"},
		},
		{
			name: "a provider name as the type",
			kind: b,
			src:  benchHead + "\n[[agents]]\n[agents.model]\ntype = \"openai\"\nmodel = \"gpt-5\"\n",
			want: []string{"6:8-6:16 unknown-variant agents.0.model"},
		},
		{
			name: "wrong case, second agent",
			kind: b,
			src:  goodBenchmark + "\n[[agents]]\nmodel = { type = \"Hosted\", base_model = \"b\", lora_model_name = \"l\" }\n",
			want: []string{"13:18-13:26 unknown-variant agents.1.model"},
			msg:  []string{"did you mean `hosted`?"},
		},
		{
			name: "not a string",
			kind: b,
			src:  benchHead + "\n[[agents]]\n[agents.model]\ntype = 1\n",
			want: []string{"6:8-6:9 unknown-variant agents.0.model"},
		},
		{
			// values JSON has no type for: the CLI's tagged union names
			// the table for them too (union_tag_invalid at agents.0.model)
			name: "nan, infinity, dates and times as the type",
			kind: b,
			src:  benchHead + "\n[[agents]]\nmodel = { type = nan }\n[[agents]]\nmodel = { type = -inf }\n[[agents]]\nmodel = { type = 1979-05-27 }\n[[agents]]\nmodel = { type = 07:32:00 }\n[[agents]]\nmodel = { type = 1979-05-27T07:32:00Z }\n",
			want: []string{
				"5:18-5:21 unknown-variant agents.0.model", "7:18-7:22 unknown-variant agents.1.model", "9:18-9:28 unknown-variant agents.2.model",
				"11:18-11:26 unknown-variant agents.3.model", "13:18-13:38 unknown-variant agents.4.model",
			},
			msg: []string{"found `nan`", "found `-inf`", "found `1979-05-27`", "found `07:32:00`", "found `1979-05-27T07:32:00Z`"},
		},
		{
			name: "each known type",
			kind: b,
			src: goodBenchmark + `
[[agents]]
[agents.model]
type = "endpoint"
base_url = "https://x"
model = "m"
api_key_secret = "K"

[[agents]]
[agents.model]
type = "hosted"
base_model = "b"
lora_model_name = "l"
`,
		},
		{
			name: "no model table is missing-required's",
			kind: b,
			src:  benchHead + "\n[[agents]]\nharness = \"codex\"\n",
		},
	})
}
