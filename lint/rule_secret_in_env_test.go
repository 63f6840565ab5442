package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestSecretInEnv(t *testing.T) {
	env := func(lines string) string { return goodTraining + "\n[env]\n" + lines }
	runRuleCases(t, "secret-in-env", []ruleCase{
		{
			name: "provider key prefixes",
			src: env(`OPENAI_API_KEY = "sk-proj-9fQ2xVb7LmT4pW8zR1cK6nJ3hY5dA0eG"
ANTHROPIC = "sk-ant-api03-AbCdEfGhIjKlMnOpQrSt"
GH = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
HF = "hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ01234567"
AWS_ID = "AKIAIOSFODNN7EXAMPLE"
`),
			want: []string{
				"8:18-8:60 secret-in-env env.OPENAI_API_KEY",
				"9:13-9:48 secret-in-env env.ANTHROPIC",
				"10:6-10:48 secret-in-env env.GH",
				"11:6-11:45 secret-in-env env.HF",
				"12:10-12:32 secret-in-env env.AWS_ID",
			},
			msg: []string{"has the prefix of a provider API key"},
		},
		{
			name: "a random token under a credential name",
			src:  env("MY_SERVICE_TOKEN = \"q8Zr2LxV9mWc4Tn7Kp1Y\"\n"),
			want: []string{"8:20-8:42 secret-in-env env.MY_SERVICE_TOKEN"},
			msg:  []string{"under a credential name"},
		},
		{
			name: "a long random token under any name",
			kind: schema.Eval,
			src:  goodEval + "\n[env]\nBLOB = \"Zq3X9vLm2Rt8Wk5Np1Yc7Hd4Gf6Js0Ba3Ue9Qi2Ox8Mw\"\n",
			want: []string{"11:8-11:54 secret-in-env env.BLOB"},
		},
		{
			name: "in a benchmark agent's env",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[agents.env]\nOPENAI_API_KEY = \"sk-9fQ2xVb7LmT4pW8zR1cK6nJ3\"\n",
			want: []string{"13:18-13:47 secret-in-env agents.0.env.OPENAI_API_KEY"},
		},
		{
			name: "ordinary values",
			src: env(`LOG_LEVEL = "INFO"
API_BASE = "https://api.openai.com/v1"
MODEL_KEY = "openai/gpt-5-mini"
TOKENIZERS_PARALLELISM = "false"
SK = "sk-short"
RUN_ID = "2026-05-12T10:30:00Z"
CACHE_DIR = "/tmp/cache/huggingface/datasets/abc123"
`),
		},
		{
			name: "a credential name with a readable value",
			src:  env("OPENAI_API_KEY_NAME = \"production-openai-key\"\nAUTH_MODE = \"bearer\"\n"),
		},
		{
			name: "a non-string is type-mismatch's",
			src:  env("API_KEY = 12345678901234567890\n"),
		},
	})
}
