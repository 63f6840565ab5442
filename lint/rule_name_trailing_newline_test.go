package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestNameTrailingNewline(t *testing.T) {
	runRuleCases(t, "name-trailing-newline", []ruleCase{
		{
			// the CLI's Python $ matches before one final newline
			name: "an [env] name",
			src:  goodTraining + "\n[env]\n\"LOG_LEVEL\\n\" = \"INFO\"\n",
			want: []string{`8:1-8:14 name-trailing-newline "env.LOG_LEVEL\n"`},
		},
		{
			name: "a secret name",
			kind: schema.Eval,
			src:  evalHead + "\n[secrets]\nrequired = [\"OPENAI_API_KEY\\n\"]\n",
			want: []string{"8:13-8:31 name-trailing-newline secrets.required.0"},
		},
		{
			name: "the reserved prefix with a newline is still reported here too",
			src:  goodTraining + "\n[env]\n\"_OSMOSIS_\\n\" = \"1\"\n",
			want: []string{`8:1-8:14 name-trailing-newline "env._OSMOSIS_\n"`},
		},
		{
			name: "benchmark: an agent's env and every secret reference",
			kind: schema.Benchmark,
			src: benchHead + `
[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_API_KEY\n"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY\n"

[agents.env]
"DEBUG\n" = "1"

[execution]
judge_api_key_secret = "JUDGE\n"

[verifier]
required = ["V\n"]

[secrets]
required = ["S\n"]
`,
			want: []string{
				"6:26-6:44 name-trailing-newline agents.0.harness_api_key_secret",
				"11:18-11:36 name-trailing-newline agents.0.model.api_key_secret",
				`14:1-14:10 name-trailing-newline "agents.0.env.DEBUG\n"`,
				"17:24-17:33 name-trailing-newline execution.judge_api_key_secret",
				"20:13-20:18 name-trailing-newline verifier.required.0",
				"23:13-23:18 name-trailing-newline secrets.required.0",
			},
		},
		{
			name: "two newlines are env-name's",
			src:  goodTraining + "\n[env]\n\"A\\n\\n\" = \"x\"\n",
		},
		{
			name: "a newline in the middle",
			src:  goodTraining + "\n[env]\n\"A\\nB\" = \"x\"\n",
		},
		{
			name: "an invalid name with a newline is env-name's",
			src:  goodTraining + "\n[env]\n\"lower\\n\" = \"x\"\n",
		},
		{
			name: "a trailing carriage return is no quirk",
			src:  goodTraining + "\n[secrets]\nrequired = [\"A\\r\"]\n",
		},
		{
			name: "plain names",
			src:  goodTraining + "\n[env]\nA = \"x\\n\"\n\n[secrets]\nrequired = [\"B\"]\n",
		},
	})
}
