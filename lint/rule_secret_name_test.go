package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestSecretName(t *testing.T) {
	secrets := func(list string) string { return goodTraining + "\n[secrets]\nrequired = " + list + "\n" }
	runRuleCases(t, "secret-name", []ruleCase{
		{
			name: "lower case and dashes",
			src:  secrets(`["openai-key"]`),
			want: []string{"8:13-8:25 secret-name secrets.required.0"},
		},
		{
			name: "a leading underscore or digit, and empty",
			src:  secrets(`["_PRIVATE", "1PASSWORD", ""]`),
			want: []string{
				"8:13-8:23 secret-name secrets.required.0",
				"8:25-8:36 secret-name secrets.required.1",
				"8:38-8:40 secret-name secrets.required.2",
			},
			msg: []string{"", "", "empty secret name in [secrets] required"},
		},
		{
			name: "two trailing newlines",
			src:  secrets(`["A\n\n"]`),
			want: []string{"8:13-8:20 secret-name secrets.required.0"},
		},
		{
			name: "benchmark: every reference, in the CLI's order",
			kind: schema.Benchmark,
			src: benchHead + `
[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "cursor"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "openai-key"

[execution]
judge_api_key_secret = ""

[verifier]
required = ["v"]

[secrets]
required = ["s-1"]
`,
			want: []string{
				"6:26-6:34 secret-name agents.0.harness_api_key_secret",
				"11:18-11:30 secret-name agents.0.model.api_key_secret",
				"14:24-14:26 secret-name execution.judge_api_key_secret",
				"17:13-17:16 secret-name verifier.required.0",
				"20:13-20:18 secret-name secrets.required.0",
			},
			msg: []string{"in harness_api_key_secret of agent 1", "in api_key_secret of agent 1", "empty secret name in [execution] judge_api_key_secret"},
		},
		{
			name: "good names",
			src:  secrets(`["OPENAI_API_KEY", "A", "B2_", "X_1_Y"]`),
		},
		{
			// Python's $ matches before one final newline
			name: "one trailing newline is name-trailing-newline's",
			src:  secrets(`["A\n"]`),
		},
		{
			name: "a hosted model's keys are no secrets",
			kind: schema.Benchmark,
			src:  benchHead + "\n[[agents]]\n[agents.model]\ntype = \"hosted\"\nbase_model = \"b\"\nlora_model_name = \"my-lora\"\n",
		},
		{
			name: "a non-string is type-mismatch's",
			src:  secrets(`[1]`),
		},
	})
}
