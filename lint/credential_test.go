package lint

import (
	"encoding/base64"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"
)

// fake builds a credential-shaped value at run time: a prefix and a body of
// n characters drawn from alphabet by a seeded generator. No real key is
// written in the source, and each run sees the same values.
func fake(seed uint64, prefix, alphabet string, n int) string {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	b := []byte(prefix)
	for range n {
		b = append(b, alphabet[r.IntN(len(alphabet))])
	}
	return string(b)
}

func b64url(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

type envCase struct{ name, value string }

// credentialCases are values that must be reported.
func credentialCases() []envCase {
	jwt := b64url(`{"alg":"HS256","typ":"JWT"}`) + "." + b64url(`{"sub":"1234567890","name":"worker","iat":1516239022}`) + "." + fake(1, "", credential.URLSafe, 43)
	pem := "-----BEGIN RSA PRIVATE KEY-----\n" + fake(2, "MIIEow", credential.Base64Chars, 64) + "\n-----END RSA PRIVATE KEY-----\n"
	sa := `{"type": "service_account", "project_id": "research", "private_key_id": "` + fake(3, "", credential.HexLower, 40) + `", "private_key": "-----BEGIN PRIVATE KEY-----\n` + fake(4, "", credential.Base64Chars, 48) + `\n-----END PRIVATE KEY-----\n", "client_email": "worker@research.iam.gserviceaccount.com"}`
	return []envCase{
		{"OPENAI_API_KEY", fake(10, "sk-proj-", credential.URLSafe, 120)},
		{"OPENAI_API_KEY", fake(11, "sk-", credential.Alnum, 48)},
		{"OPENAI_ADMIN_KEY", fake(12, "sk-admin-", credential.URLSafe, 60)},
		{"OPENAI_SVC", fake(13, "sk-svcacct-", credential.URLSafe, 80)},
		{"ANTHROPIC_API_KEY", fake(14, "sk-ant-api03-", credential.URLSafe, 93) + "AA"},
		{"CLAUDE", fake(15, "sk-ant-admin01-", credential.URLSafe, 93)},
		{"GITHUB_TOKEN", fake(16, "ghp_", credential.Alnum, 36)},
		{"GH_OAUTH", fake(17, "gho_", credential.Alnum, 36)},
		{"GH_APP", fake(18, "ghs_", credential.Alnum, 36)},
		{"GITHUB_PAT", fake(19, "github_pat_", credential.Alnum, 22) + fake(20, "_", credential.Alnum, 59)},
		{"GITLAB_TOKEN", fake(21, "glpat-", credential.URLSafe, 20)},
		{"AWS_ACCESS_KEY_ID", fake(22, "AKIA", credential.Digits+credential.Upper, 16)},
		{"AWS_ACCESS_KEY_ID", fake(23, "ASIA", credential.Digits+credential.Upper, 16)},
		{"AWS_SECRET_ACCESS_KEY", fake(24, "", credential.Base64Chars[:64], 40)},
		{"AWS_SESSION_TOKEN", fake(25, "IQoJb3JpZ2luX2VjE", credential.Base64Chars, 300)},
		{"AWS_SESSION_TOKEN", fake(26, "FwoGZXIvYXdzE", credential.Base64Chars, 200)},
		{"HF_TOKEN", fake(27, "hf_", credential.Alnum, 34)},
		{"SLACK_BOT_TOKEN", "xoxb-" + fake(28, "", credential.Digits, 12) + "-" + fake(29, "", credential.Digits, 13) + "-" + fake(30, "", credential.Alnum, 24)},
		{"SLACK_HOOK", "https://hooks.slack.com/services/" + fake(31, "T", credential.Digits+credential.Upper, 8) + "/" + fake(32, "B", credential.Digits+credential.Upper, 10) + "/" + fake(33, "", credential.Alnum, 24)},
		{"STRIPE_SECRET_KEY", fake(34, "sk_live_", credential.Alnum, 99)},
		{"STRIPE", fake(35, "rk_test_", credential.Alnum, 99)},
		{"GOOGLE_API_KEY", fake(36, "AIza", credential.URLSafe, 35)},
		{"GROQ_API_KEY", fake(37, "gsk_", credential.Alnum, 52)},
		{"XAI_API_KEY", fake(38, "xai-", credential.Alnum, 80)},
		{"OPENROUTER_API_KEY", fake(39, "sk-or-v1-", credential.HexLower, 64)},
		{"NPM_TOKEN", fake(40, "npm_", credential.Alnum, 36)},
		{"PINECONE_API_KEY", fake(41, "pcsk_", credential.URLSafe, 70)},
		{"REPLICATE_API_TOKEN", fake(42, "r8_", credential.Alnum, 37)},
		{"PERPLEXITY", fake(43, "pplx-", credential.Alnum, 48)},
		{"LANGSMITH_API_KEY", fake(44, "lsv2_pt_", credential.HexLower, 32) + fake(45, "_", credential.HexLower, 10)},
		{"TAVILY", fake(46, "tvly-", credential.Alnum, 32)},
		{"SENDGRID", fake(47, "SG.", credential.URLSafe, 22) + fake(48, ".", credential.URLSafe, 43)},
		{"DATABRICKS_HOST_TOKEN", fake(49, "dapi", credential.HexLower, 32)},
		{"TELEGRAM_BOT", fake(50, "", credential.Digits, 10) + ":" + fake(51, "AA", credential.URLSafe, 33)},
		{"SESSION", jwt},
		{"AUTHORIZATION", "Bearer " + fake(52, "", credential.URLSafe, 40)},
		{"PROXY_AUTH", "Basic " + base64.StdEncoding.EncodeToString([]byte("worker:"+fake(53, "", credential.Alnum, 12)))},
		{"SIGNING", pem},
		{"GOOGLE_APPLICATION_CREDENTIALS_JSON", sa},
		{"DATABASE_URL", "postgres://u:p@h/db"},
		{"REDIS_URL", "redis://:" + fake(54, "", credential.Alnum, 16) + "@cache.internal:6379/0"},
		{"BROKER", "amqp://guest:s3cr3t-Pa55@rabbit:5672/"},
		{"DB_PASSWORD", "Tr0ub4dor&3"},
		{"ADMIN_PASSWD", fake(55, "", credential.Alnum+"!#%&*", 16)},
		{"JWT_SECRET", fake(56, "", credential.Alnum, 32)},
		{"OAUTH_CLIENT_SECRET", fake(57, "", credential.URLSafe, 40)},
		{"MY_SERVICE_TOKEN", "q8Zr2LxV9mWc4Tn7Kp1Y"},
		{"WANDB_API_KEY", fake(58, "", credential.HexLower, 40)},
		{"MISTRAL_API_KEY", fake(59, "", credential.Alnum, 32)},
		{"AZURE_OPENAI_API_KEY", fake(60, "", credential.HexLower, 32)},
		{"DEEPSEEK", fake(61, "sk-", credential.HexLower, 32)},
		{"MODAL_TOKEN_SECRET", fake(62, "as-", credential.Alnum, 22)},
		{"SERVICE_PAT", fake(63, "", credential.Alnum, 40)},
		{"OPENAI_API_KEY", "  " + fake(64, "sk-proj-", credential.URLSafe, 100)},
		{"API_KEY", fake(65, "", credential.Alnum, 40) + "\n"},
		{"BLOB", fake(66, "", credential.Base64Chars, 60)},
		{"FIREWORKS_API_KEY", fake(67, "fw_", credential.Alnum, 24)},
		{"DO_TOKEN", fake(68, "dop_v1_", credential.HexLower, 64)},
	}
}

// ordinaryCases are values that must stay quiet.
func ordinaryCases() []envCase {
	return []envCase{
		{"LOG_LEVEL", "INFO"},
		{"API_BASE", "https://api.openai.com/v1"},
		{"OPENAI_BASE_URL", "https://api.openai.com/v1"},
		{"MODEL_KEY", "openai/gpt-5-mini"},
		{"TOKENIZERS_PARALLELISM", "false"},
		{"SK", "sk-short"},
		{"SCIKIT_MODEL", "sk-learn-random-forest-classifier-v2"},
		{"RUN_ID", "2026-05-12T10:30:00Z"},
		{"CACHE_DIR", "/tmp/cache/huggingface/datasets/abc123"},
		{"CACHE_KEY", fake(100, "", credential.HexLower, 40)},
		{"BUILD_KEY", fake(101, "", credential.HexLower, 12)},
		{"GIT_COMMIT", fake(102, "", credential.HexLower, 40)},
		{"DATASET_CHECKSUM", fake(103, "", credential.HexLower, 32)},
		{"IMAGE_DIGEST", fake(104, "sha256:", credential.HexLower, 64)},
		{"KEY_COLUMN", "conversation_id_column"},
		{"AUTH_MODE", "oauth2-client-credentials"},
		{"AUTH_SCHEME", "bearer"},
		{"OPENAI_API_KEY_NAME", "production-openai-key"},
		{"API_KEY", "{api_key}"},
		{"OPENAI_API_KEY", "${OPENAI_API_KEY}"},
		{"OPENAI_API_KEY", "<your-openai-key>"},
		{"HF_TOKEN", "$HF_TOKEN"},
		{"OPENAI_API_KEY", "op://research/openai/credential"},
		{"AUTH_HEADER", "Bearer ${API_TOKEN}"},
		{"BEARER_PREFIX", "Bearer"},
		{"DATABASE_URL", "postgres://db.internal:5432/app"},
		{"DATABASE_URL", "postgres://worker@db.internal/app"},
		{"REDIS_URL", "redis://localhost:6379/0"},
		{"DSN", "postgres://worker:${DB_PASSWORD}@db/app"},
		{"PASSWORD_FILE", "/run/secrets/db_password"},
		{"DB_PASSWORD", "${DB_PASSWORD}"},
		{"ADMIN_PASSWORD", "********"},
		{"API_TOKEN", "changeme"},
		{"ACCESS_TOKEN", "xxxxxxxxxxxxxxxxxxxx"},
		{"SECRET_KEY", "django-insecure-please-change-me"},
		{"SECRET_NAME", "OPENAI_API_KEY"},
		{"TOKEN_LIMIT", "4096"},
		{"MAX_TOKENS", "8192"},
		{"REQUEST_ID", "550e8400-e29b-41d4-a716-446655440000"},
		{"PROMPT", "You are a helpful assistant. Answer briefly."},
		{"GREETING", "Hello {name}, welcome"},
		{"HF_HOME", "/data/hf"},
		{"WANDB_PROJECT", "multiply-grpo-experiments"},
		{"WANDB_RUN_GROUP", "2026-05-12-lr-sweep"},
		{"SORT_KEY", "created_at"},
		{"PARTITION_KEY", "customer_id"},
		{"S3_PREFIX", "s3://my-bucket/datasets/v2"},
		{"PYTHONPATH", "src:lib"},
		{"PASSWORD_POLICY", "strict"},
		{"AWS_REGION", "us-east-1"},
		{"AWS_PROFILE", "research"},
		{"GITHUB_REPOSITORY", "Osmosis-AI/workspace-template"},
		{"NODE_OPTIONS", "--max-old-space-size=4096"},
		{"CUDA_VISIBLE_DEVICES", "0,1,2,3"},
		{"API_KEY_HEADER", "X-Api-Key"},
		{"JWT_ALGORITHM", "HS256"},
		{"RUN_NAME", "multiply_agent_grpo_experiment_with_long_descriptive_name_v2"},
		{"EXPERIMENT_TAG", "QwenQwen3.6-35B-A3B-multiply-lr1e-6-bs32"},
		{"TIMEZONE", "America/Los_Angeles"},
		{"OPENAI_ORG", "org-research"},
		{"GITHUB_TOKEN", "ghp_" + strings.Repeat("x", 36)},
		{"OPENAI_API_KEY", "sk-proj-" + strings.Repeat("X", 48)},
		{"AWS_ACCESS_KEY_ID", "AKIA" + strings.Repeat("X", 16)},
		{"HF_TOKEN", "hf_" + strings.Repeat("0", 34)},
	}
}

// TestCredentialTable measures the detector on the two tables: at least
// 95% of the credentials caught, no ordinary value flagged.
func TestCredentialTable(t *testing.T) {
	creds, plain := credentialCases(), ordinaryCases()
	if len(creds) < 40 || len(plain) < 40 {
		t.Fatalf("%d credentials and %d ordinary values: the tables need 40 each", len(creds), len(plain))
	}
	caught := 0
	for _, c := range creds {
		if got, ok := credential.Detect(c.name, c.value); ok {
			caught++
			// what is shown is a known prefix: at least 8 bytes stay hidden
			if got.Lead > len(strings.TrimSpace(c.value))-8 {
				t.Errorf("%s: shows %d of %d bytes", c.name, got.Lead, len(c.value))
			}
		} else {
			t.Logf("missed: %s = %.24q... (entropy %.2f)", c.name, c.value, credential.Entropy(strings.TrimSpace(c.value)))
		}
	}
	for _, c := range plain {
		if got, ok := credential.Detect(c.name, c.value); ok {
			t.Errorf("false alarm: %s = %q taken for %s", c.name, c.value, got.What)
		}
	}
	t.Logf("caught %d of %d credentials (%.1f%%); %d ordinary values quiet", caught, len(creds), 100*float64(caught)/float64(len(creds)), len(plain))
	if caught*100 < 95*len(creds) {
		t.Errorf("caught %d of %d credentials, below 95%%", caught, len(creds))
	}
}

// TestEntropy pins the measure the name rules rely on.
func TestEntropy(t *testing.T) {
	for _, c := range []struct {
		s    string
		want float64
	}{
		{"aaaaaaaa", 0},
		{"abab", 1},
		{"abcd", 2},
		{"0123456789abcdef", 4},
	} {
		if got := credential.Entropy(c.s); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("entropy(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	// random values of the alphabets keys use, against words and hashes
	if h := credential.Entropy(fake(7, "", credential.Alnum, 40)); h < 4.5 {
		t.Errorf("a random 40-character token has entropy %.2f", h)
	}
	if h := credential.Entropy(fake(8, "", credential.HexLower, 40)); h < credential.RandomEntropy("0f") || h > 4 {
		t.Errorf("a random 40-digit hex string has entropy %.2f", h)
	}
	if h := credential.Entropy("production-openai-key"); h > 3.7 {
		t.Errorf("a few words have entropy %.2f", h)
	}
}
