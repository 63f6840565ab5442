package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestLegacyConfig(t *testing.T) {
	runRuleCases(t, "legacy-config", []ruleCase{
		{
			name: "the local-eval config",
			kind: schema.Eval,
			src: `[eval]
rollout = "multiply"
entrypoint = "main.py"
dataset = "data/multiply.jsonl"

[llm]
model = "openai/gpt-5-mini"

[runs]
n = 1

[timeouts]
agent_sec = 300

[output]
path = "results"

[baseline]
model = "openai/gpt-4o"

[grader]
module = "grader.py"
`,
			want: []string{
				"1:2-1:6 legacy-config eval",
				"6:2-6:5 legacy-config llm",
				"9:2-9:6 legacy-config runs",
				"12:2-12:10 legacy-config timeouts",
				"15:2-15:8 legacy-config output",
				"18:2-18:10 legacy-config baseline",
				"21:2-21:8 legacy-config grader",
			},
			msg: []string{"move rollout and entrypoint to [experiment]"},
		},
		{
			name: "[rollout.env]",
			src:  goodTraining + "\n[rollout.env]\nLOG_LEVEL = \"INFO\"\n",
			want: []string{"7:10-7:13 legacy-config rollout"},
			msg:  []string{"rename the section to [env]"},
		},
		{
			name: "[rollout.secrets] and another key of [rollout]",
			src:  goodTraining + "\n[rollout]\nname = \"multiply\"\n\n[rollout.secrets]\nOPENAI_API_KEY = \"OPENAI_API_KEY\"\n",
			want: []string{"8:1-8:5 legacy-config rollout.name", "10:10-10:17 legacy-config rollout"},
		},
		{
			name: "[rollout.env] as a dotted key",
			src:  "rollout.env.A = \"1\"\n" + goodTraining,
			want: []string{"1:9-1:12 legacy-config rollout"},
		},
		{
			name: "the [secrets] map",
			src:  goodTraining + "\n[secrets]\nOPENAI_API_KEY = \"OPENAI_API_KEY\"\nHF_TOKEN = \"hf-read\"\n",
			want: []string{"8:1-8:15 legacy-config secrets.OPENAI_API_KEY", "9:1-9:9 legacy-config secrets.HF_TOKEN"},
			msg:  []string{"0.2.23 map form"},
		},
		{
			name: "global_batch_size",
			src:  goodTraining + "\n[training]\nglobal_batch_size = 64\n",
			want: []string{"8:1-8:18 legacy-config training.global_batch_size"},
			msg:  []string{"renamed `rollout_batch_size`"},
		},
		{
			name: "a [rollout] table without env or secrets is just unknown",
			src:  goodTraining + "\n[rollout]\nname = \"multiply\"\n",
		},
		{
			name: "global_batch_size in [advanced] is free-form",
			src:  goodTraining + "\n[advanced]\nglobal_batch_size = 64\n",
		},
		{
			name: "an [eval] table in a benchmark config is an unknown key",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[eval]\nn = 1\n",
		},
		{
			name: "current secrets",
			src:  goodTraining + "\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		},
	})
}
