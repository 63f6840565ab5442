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
AWS_ID = "` + "AKIA" + "Q3EGRTSLZ7NV4XPD" + `"
`),
			want: []string{
				"8:18-8:60 secret-in-env env.OPENAI_API_KEY",
				"9:13-9:48 secret-in-env env.ANTHROPIC",
				"10:6-10:48 secret-in-env env.GH",
				"11:6-11:45 secret-in-env env.HF",
				"12:10-12:32 secret-in-env env.AWS_ID",
			},
			msg: []string{"`OPENAI_API_KEY` in [env] looks like an OpenAI project key (`sk-proj-…`, 40 characters)", "an Anthropic API key", "a GitHub personal access token", "a Hugging Face token", "an AWS access key id (`AKIA…`, 20 characters)"},
		},
		{
			name: "a random token under a credential name",
			src:  env("MY_SERVICE_TOKEN = \"q8Zr2LxV9mWc4Tn7Kp1Y\"\n"),
			want: []string{"8:20-8:42 secret-in-env env.MY_SERVICE_TOKEN"},
			msg:  []string{"random-looking under a credential name"},
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
			name: "credentials without a provider prefix, and a key after a space",
			src: env(`AWS_SECRET_ACCESS_KEY = "` + "wJalrXUtnFEMI/K7MDENG+bPxRfiCYz" + "Q8Lm3TkA9p" + `"
DATABASE_URL = "postgres://u:p@h/db"
REDIS_URL = "redis://:s3cret@cache:6379"
DB_PASSWORD = "Tr0ub4dor&3"
AUTH = "Bearer q8Zr2LxV9mWc4Tn7Kp1YzQ3r"
OPENAI_API_KEY = " sk-proj-9fQ2xVb7LmT4pW8zR1cK6nJ3hY5dA0eG"
`),
			want: []string{
				"8:25-8:68 secret-in-env env.AWS_SECRET_ACCESS_KEY",
				"9:16-9:37 secret-in-env env.DATABASE_URL",
				"10:13-10:41 secret-in-env env.REDIS_URL",
				"11:15-11:28 secret-in-env env.DB_PASSWORD",
				"12:8-12:41 secret-in-env env.AUTH",
				"13:18-13:61 secret-in-env env.OPENAI_API_KEY",
			},
			msg: []string{"looks like a credential (41 characters, random-looking under a credential name: 5.3 bits of entropy per character)", "a URL with a password (`postgres://…`, 19 characters)", "a URL with a password", "a password (11 characters)", "an Authorization header value (`Bearer …`, 31 characters)", "an OpenAI project key"},
		},
		{
			name: "what the issue tracker saw flagged: words, hashes, modes",
			src: env(`SCIKIT_MODEL = "sk-learn-random-forest-classifier-v2"
CACHE_KEY = "3f2a9c1d5e7b8a0c4d6e2f1a9b8c7d6e5f4a3b2c"
KEY_COLUMN = "conversation_id_column"
AUTH_MODE = "oauth2-client-credentials"
`),
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
