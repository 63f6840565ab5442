package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestSecretEnvOverlap(t *testing.T) {
	runRuleCases(t, "secret-env-overlap", []ruleCase{
		{
			name: "on the [env] key",
			src:  goodTraining + "\n[env]\nLOG_LEVEL = \"INFO\"\nOPENAI_API_KEY = \"x\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
			want: []string{"9:1-9:15 secret-env-overlap env.OPENAI_API_KEY"},
			msg:  []string{"both an [env] variable and a secret in [secrets] required (item 1)"},
		},
		{
			name: "a repeated secret is reported once",
			kind: schema.Eval,
			src:  evalHead + "\n[secrets]\nrequired = [\"A\", \"A\", \"B\"]\n\n[env]\nA = \"1\"\nB = \"2\"\n",
			want: []string{"11:1-11:2 secret-env-overlap env.A", "12:1-12:2 secret-env-overlap env.B"},
		},
		{
			name: "an inline [env]",
			src:  "env = { HF_TOKEN = \"x\" }\nsecrets = { required = [\"HF_TOKEN\"] }\n" + goodTraining,
			want: []string{"1:9-1:17 secret-env-overlap env.HF_TOKEN"},
		},
		{
			name: "no overlap",
			src:  goodTraining + "\n[env]\nLOG_LEVEL = \"INFO\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		},
		{
			name: "case matters",
			src:  goodTraining + "\n[env]\nHF_TOKEN = \"x\"\n\n[secrets]\nrequired = [\"HF_Token\"]\n",
		},
		{
			name: "benchmark configs may overlap (the CLI deduplicates)",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[env]\nHF_TOKEN = \"x\"\n\n[secrets]\nrequired = [\"HF_TOKEN\"]\n",
		},
		{
			name: "after a syntax error the overlap may be wrong",
			src:  goodTraining + "\n[env]\nA = \"1\"\n\n[secrets]\nrequired = [\"A\"]\n[[broken\n",
		},
	})
}
