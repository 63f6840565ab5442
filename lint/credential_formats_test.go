package lint

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"
)

// A second table of credentials and ordinary values, written from the
// providers' published token formats and from the values real workspaces
// hold (model and dataset ids, URLs, hashes, paths, ids, blobs), not from
// the detector: it measures what the detector catches and spares.

// publishedFormats are credentials in the formats their providers
// document, each under the name a workspace would give it. Values are
// generated (fake), so the source holds no key.
func publishedFormats() []envCase {
	b64 := credential.Alnum + "+/"
	lowAlnum := credential.Digits + credential.Lower
	bech32 := "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
	std := base64.StdEncoding.EncodeToString
	jwt := func(seed uint64, alg string) string {
		return b64url(`{"alg":"`+alg+`","typ":"JWT","kid":"`+fake(seed, "", credential.HexLower, 8)+`"}`) + "." +
			b64url(`{"iss":"https://auth.example.com","sub":"`+fake(seed+1, "", credential.Digits, 12)+`","exp":1893456000}`) + "." + fake(seed+2, "", credential.URLSafe, 86)
	}
	return []envCase{
		// OpenAI: project, service-account and admin keys carry the
		// T3BlbkFJ marker between two random halves; legacy user keys too
		{"OPENAI_API_KEY", fake(201, "sk-proj-", credential.URLSafe, 74) + "T3BlbkFJ" + fake(202, "", credential.URLSafe, 74)},
		{"OPENAI_API_KEY", fake(203, "sk-svcacct-", credential.URLSafe, 58) + "T3BlbkFJ" + fake(204, "", credential.URLSafe, 58)},
		{"OPENAI_ADMIN_KEY", fake(205, "sk-admin-", credential.URLSafe, 58) + "T3BlbkFJ" + fake(206, "", credential.URLSafe, 58)},
		{"LLM_KEY", fake(207, "sk-", credential.Alnum, 20) + "T3BlbkFJ" + fake(208, "", credential.Alnum, 20)},
		// Anthropic: 93 random characters and a final AA
		{"ANTHROPIC_API_KEY", fake(209, "sk-ant-api03-", credential.URLSafe, 93) + "AA"},
		{"ANTHROPIC_ADMIN_KEY", fake(210, "sk-ant-admin01-", credential.URLSafe, 93) + "AA"},
		// GitHub
		{"GH_TOKEN", fake(211, "ghp_", credential.Alnum, 36)},
		{"GITHUB_TOKEN", fake(212, "ghs_", credential.Alnum, 36)},
		{"GH_REFRESH", fake(213, "ghr_", credential.Alnum, 36)},
		{"GITHUB_PAT", fake(214, "github_pat_", credential.Alnum, 22) + "_" + fake(215, "", credential.Alnum, 59)},
		// GitLab: classic and routable personal tokens, pipeline trigger,
		// deploy and runner tokens
		{"GITLAB_TOKEN", fake(216, "glpat-", credential.URLSafe, 20)},
		{"CI_PUSH_TOKEN", fake(217, "glpat-", credential.URLSafe, 36) + "." + fake(218, "", lowAlnum, 9)},
		{"TRIGGER", fake(219, "glptt-", credential.HexLower, 40)},
		{"DEPLOY", fake(220, "gldt-", credential.URLSafe, 20)},
		// AWS: key ids (base32 after the prefix), secret keys, session
		// tokens, Bedrock API keys
		{"AWS_ACCESS_KEY_ID", fake(221, "AKIA", credential.Upper+"234567", 16)},
		{"AWS_ACCESS_KEY_ID", fake(222, "ASIA", credential.Upper+"234567", 16)},
		{"AWS_SECRET_ACCESS_KEY", fake(223, "", b64, 40)},
		{"AWS_SESSION_TOKEN", fake(224, "IQoJb3JpZ2luX2VjE", b64, 600) + "="},
		{"AWS_BEARER_TOKEN_BEDROCK", "ABSK" + std([]byte("BedrockAPIKey-"+fake(225, "", credential.Alnum, 16)+":"+fake(226, "", b64, 60)))},
		// Hugging Face: user and organization tokens are letters only
		{"HF_TOKEN", fake(227, "hf_", credential.Upper+credential.Lower, 34)},
		{"HUGGING_FACE_HUB_TOKEN", fake(228, "hf_", credential.Upper+credential.Lower, 34)},
		{"HF_ORG_TOKEN", fake(229, "api_org_", credential.Upper+credential.Lower, 34)},
		// Slack
		{"SLACK_BOT_TOKEN", "xoxb-" + fake(230, "", credential.Digits, 11) + "-" + fake(231, "", credential.Digits, 13) + "-" + fake(232, "", credential.Alnum, 24)},
		{"SLACK_USER_TOKEN", "xoxp-" + fake(233, "", credential.Digits, 11) + "-" + fake(234, "", credential.Digits, 11) + "-" + fake(235, "", credential.Digits, 13) + "-" + fake(236, "", credential.HexLower, 32)},
		{"SLACK_APP_TOKEN", "xapp-1-" + fake(237, "A", credential.Digits+credential.Upper, 10) + "-" + fake(238, "", credential.Digits, 13) + "-" + fake(239, "", credential.HexLower, 64)},
		{"SLACK_WEBHOOK_URL", "https://hooks.slack.com/services/" + fake(240, "T", credential.Digits+credential.Upper, 10) + "/" + fake(241, "B", credential.Digits+credential.Upper, 10) + "/" + fake(242, "", credential.Alnum, 24)},
		// Stripe
		{"STRIPE_API_KEY", fake(243, "sk_live_", credential.Alnum, 99)},
		{"STRIPE_WEBHOOK_SECRET", fake(244, "whsec_", credential.Alnum, 32)},
		// Google
		{"GEMINI_API_KEY", fake(245, "AIza", credential.URLSafe, 35)},
		{"GOOGLE_CLIENT_SECRET", fake(246, "GOCSPX-", credential.URLSafe, 28)},
		// model and tool providers
		{"GROQ_API_KEY", fake(247, "gsk_", credential.Alnum, 52)},
		{"XAI_API_KEY", fake(248, "xai-", credential.Alnum, 80)},
		{"OPENROUTER_API_KEY", fake(249, "sk-or-v1-", credential.HexLower, 64)},
		{"DEEPSEEK_API_KEY", fake(250, "sk-", credential.HexLower, 32)},
		{"MISTRAL_API_KEY", fake(251, "", credential.Alnum, 32)},
		{"COHERE_API_KEY", fake(252, "", credential.Alnum, 40)},
		{"TOGETHER_API_KEY", fake(253, "", credential.HexLower, 64)},
		{"WANDB_API_KEY", fake(254, "", credential.HexLower, 40)},
		{"PINECONE_API_KEY", fake(255, "pcsk_", credential.Alnum, 6) + "_" + fake(256, "", credential.Alnum, 63)},
		{"REPLICATE_API_TOKEN", fake(257, "r8_", credential.Alnum, 37)},
		{"PPLX_API_KEY", fake(258, "pplx-", credential.Alnum, 48)},
		{"TAVILY_API_KEY", fake(259, "tvly-dev-", credential.Alnum, 32)},
		{"LANGSMITH_API_KEY", fake(260, "lsv2_pt_", credential.HexLower, 32) + "_" + fake(261, "", credential.HexLower, 10)},
		{"AZURE_OPENAI_API_KEY", fake(262, "", credential.HexLower, 32)},
		{"AZURE_CLIENT_SECRET", fake(263, "", credential.Alnum, 3) + "8Q~" + fake(264, "", credential.Alnum+"_~.-", 34)},
		// package registries and developer services
		{"NPM_TOKEN", fake(265, "npm_", credential.Alnum, 36)},
		{"PYPI_TOKEN", "pypi-AgEIcHlwaS5vcmc" + fake(266, "", credential.URLSafe, 120)},
		{"SENTRY_AUTH_TOKEN", fake(267, "sntryu_", credential.HexLower, 64)},
		{"POSTMAN", fake(268, "PMAK-", credential.HexLower, 24) + "-" + fake(269, "", credential.HexLower, 34)},
		{"LINEAR_API_KEY", fake(270, "lin_api_", credential.Alnum, 40)},
		{"NOTION_TOKEN", fake(271, "ntn_", credential.Digits, 11) + fake(272, "", credential.Alnum, 35)},
		{"SENDGRID_API_KEY", fake(273, "SG.", credential.URLSafe, 22) + fake(274, ".", credential.URLSafe, 43)},
		{"DATABRICKS_TOKEN", fake(275, "dapi", credential.HexLower, 32)},
		{"DIGITALOCEAN_TOKEN", fake(276, "dop_v1_", credential.HexLower, 64)},
		{"SHOPIFY_TOKEN", fake(277, "shpat_", credential.HexLower, 32)},
		{"SOPS_AGE_KEY", fake(278, "AGE-SECRET-KEY-1", bech32, 58)},
		// forms without a provider
		{"ID_TOKEN", jwt(279, "RS256")},
		{"AUTH_HEADER", "Bearer " + fake(282, "", credential.URLSafe, 43)},
		{"PROXY_AUTHORIZATION", "Basic " + std([]byte("svc-trainer:"+fake(283, "", credential.Alnum, 20)))},
		{"TLS_KEY", "-----BEGIN EC PRIVATE KEY-----\n" + fake(284, "MHcCAQEE", b64, 56) + "\n" + fake(285, "", b64, 56) + "\n-----END EC PRIVATE KEY-----"},
		{"DEPLOY_SSH_KEY", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA" + fake(286, "", b64, 46) + "\n-----END OPENSSH PRIVATE KEY-----"},
		{"GCP_SA_KEY", `{"type":"service_account","project_id":"ml-research","private_key_id":"` + fake(287, "", credential.HexLower, 40) + `","private_key":"-----BEGIN PRIVATE KEY-----\n` + fake(288, "", b64, 64) + `\n-----END PRIVATE KEY-----\n","client_email":"trainer@ml-research.iam.gserviceaccount.com"}`},
		{"GOOGLE_CREDENTIALS_B64", std([]byte(`{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\n` + fake(289, "", b64, 64) + `\n-----END PRIVATE KEY-----\n"}`))},
		{"DATABASE_URL", "postgresql://trainer:" + fake(290, "", credential.Alnum, 18) + "@db.internal:5432/runs"},
		{"MONGO_URI", "mongodb+srv://admin:" + fake(291, "", credential.Alnum, 14) + "@cluster0.ab1cd.mongodb.net/?retryWrites=true"},
		{"REDIS_URL", "rediss://:" + fake(292, "", credential.Alnum, 24) + "@cache.example.com:6380"},
		{"HF_REMOTE", "https://user:" + fake(293, "hf_", credential.Upper+credential.Lower, 34) + "@huggingface.co/datasets/org/private"},
		{"AZURE_STORAGE_CONNECTION_STRING", "DefaultEndpointsProtocol=https;AccountName=mlruns;AccountKey=" + std([]byte(fake(294, "", credential.Alnum, 64))) + ";EndpointSuffix=core.windows.net"},
		{"DB_PASSWORD", "sunshine" + "2024!"},
		{"POSTGRES_PASSWORD", fake(295, "", credential.Alnum, 24)},
		{"REDIS_PASSWORD", " " + fake(296, "", credential.Alnum+"-_", 32) + " "},
		{"SESSION_SECRET", hex.EncodeToString([]byte(fake(297, "", credential.Alnum, 32)))},
		{"WEBHOOK_SECRET", fake(298, "", credential.URLSafe, 43)},
		{"TELEGRAM_BOT_TOKEN", fake(299, "", credential.Digits, 10) + ":" + fake(300, "AA", credential.URLSafe, 33)},
		// under a name that may also be a cache key: random tokens still are
		{"MAPBOX_KEY", fake(301, "", credential.Alnum, 32)},
		{"DD_APP_KEY", fake(303, "", credential.HexLower, 40)},
		{"SEGMENT_WRITE_KEY", fake(304, "", credential.Alnum, 32)},
		{"PUSHER_KEY", fake(302, "", credential.URLSafe, 24)},
	}
}

// workspaceValues are [env] values of real training, eval and benchmark
// workspaces that must stay quiet.
func workspaceValues() []envCase {
	std := base64.StdEncoding.EncodeToString
	sha1 := fake(401, "", credential.HexLower, 40)
	sha256 := fake(402, "", credential.HexLower, 64)
	uuid := fake(403, "", credential.HexLower, 8) + "-" + fake(404, "", credential.HexLower, 4) + "-4" + fake(405, "", credential.HexLower, 3) + "-a" + fake(406, "", credential.HexLower, 3) + "-" + fake(407, "", credential.HexLower, 12)
	return []envCase{
		{"BASE_MODEL", "Qwen/Qwen3-8B"},
		{"HF_REPO_ID", "Qwen/Qwen3.6-35B-A3B"},
		{"REWARD_MODEL", "meta-llama/Llama-3.1-8B-Instruct"},
		{"JUDGE_MODEL", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"},
		{"TEACHER", "mistralai/Mixtral-8x7B-Instruct-v0.1"},
		{"EVAL_MODEL", "anthropic/claude-sonnet-4-5-20250929"},
		{"MODEL_ID", "openai/gpt-5-mini"},
		{"DATASET", "HuggingFaceH4/ultrachat_200k"},
		{"DATASET_NAME", "gsm8k-train-v2"},
		{"HF_DATASET", "open-r1/OpenR1-Math-220k"},
		{"OPENAI_BASE_URL", "https://api.openai.com/v1"},
		{"VLLM_URL", "http://localhost:8000/v1/chat/completions"},
		{"WANDB_BASE_URL", "https://wandb.ai/my-team/qwen3-grpo/runs/3kf9x2ab"},
		{"CHECKPOINT_URI", "s3://ml-checkpoints/qwen3-8b/grpo-run-42/step_001000/"},
		{"SHARDS", "gs://ml-data/gsm8k/train-00001-of-00010.parquet"},
		{"GIT_REMOTE", "https://git@github.com/org/repo.git"},
		{"DATABASE_URL", "postgres://localhost:5432/runs"},
		{"DATABASE_URL", "postgres://trainer:${DB_PASSWORD}@db.internal:5432/runs"},
		{"SENTRY_DSN", "https://" + fake(408, "", credential.HexLower, 32) + "@o123456.ingest.sentry.io/4504000000000000"},
		{"GIT_SHA", sha1},
		{"CACHE_KEY", sha1},
		{"DATASET_SHA256", sha256},
		{"CHECKSUM", fake(409, "", credential.HexLower, 32)},
		{"MODEL_REVISION", sha1},
		{"IMAGE", "ghcr.io/org/rollout-runner@sha256:" + sha256},
		{"RUN_ID", uuid},
		{"IDEMPOTENCY_KEY", uuid},
		{"TRACE_ID", fake(410, "", credential.HexLower, 32)},
		{"WANDB_RUN_ID", fake(411, "", credential.Lower+credential.Digits, 8)},
		{"EXTRA_CONFIG_B64", std([]byte(`{"temperature":0.7,"top_p":0.95,"max_tokens":4096,"stop":["</answer>"],"seed":1234}`))},
		{"SAMPLING_PARAMS", b64url(`{"n":8,"temperature":1.0,"logprobs":true,"repetition_penalty":1.05}`)},
		{"CHAT_TEMPLATE_B64", std([]byte("{% for message in messages %}{{ message['role'] }}: {{ message['content'] }}\n{% endfor %}"))},
		{"DATA_DIR", "/mnt/data/shards/train-00000-of-00128.jsonl"},
		{"HF_HOME", "~/.cache/huggingface"},
		{"OUTPUT_DIR", "checkpoints/qwen3-8b/grpo/step_1000/model.safetensors"},
		{"PROMPT_FILE", "./prompts/system_v3.txt"},
		{"WANDB_PROJECT", "qwen3-grpo-multiply"},
		{"WANDB_ENTITY", "ml-research-team"},
		{"WANDB_RUN_GROUP", "exp-2026-05-12-lr-sweep"},
		{"WANDB_TAGS", "grpo,qwen3,baseline,lr=1e-6"},
		{"WANDB_MODE", "offline"},
		{"TOKENIZERS_PARALLELISM", "false"},
		{"MAX_TOKENS", "32768"},
		{"TOKEN_BUDGET", "128k"},
		{"HF_TOKEN_PATH", "~/.cache/huggingface/token"},
		{"HF_HUB_ENABLE_HF_TRANSFER", "1"},
		{"CUDA_VISIBLE_DEVICES", "0,1,2,3,4,5,6,7"},
		{"NCCL_DEBUG", "INFO"},
		{"PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True"},
		{"OPENAI_ORG_ID", fake(412, "org-", credential.Alnum, 24)},
		{"OPENAI_PROJECT", fake(413, "proj_", credential.Alnum, 24)},
		{"SECRET_NAME", "openai-api-key-prod"},
		{"API_KEY_ENV", "OPENAI_API_KEY"},
		{"AUTH_TOKEN_URL", "https://auth.example.com/oauth2/token"},
		{"AUTH_MODE", "oauth2-client-credentials"},
		{"KEY_COLUMN", "conversation_id"},
		{"SORT_KEY", "created_at_desc"},
		{"PARTITION_KEY", "dataset_split_train"},
		{"DEPLOY_PUBLIC_KEY", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + fake(414, "", credential.Alnum, 43) + " trainer@ci"},
		{"CA_BUNDLE", "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE" + fake(415, "", credential.Alnum, 40) + "\n-----END CERTIFICATE-----"},
		{"SYSTEM_PROMPT", "You are a careful assistant. Think step by step and put the final answer in <answer></answer>."},
		{"EXTRA_BODY", `{"reasoning_effort": "high", "verbosity": "low"}`},
		{"RAY_ADDRESS", "ray://10.0.0.5:10001"},
		{"STOP_SEQUENCES", "</answer>,<|im_end|>"},
		{"OPENAI_API_KEY", "sk-..."},
		{"OPENAI_API_KEY", "sk-your-key-here"},
		{"OPENAI_API_KEY", "${OPENAI_API_KEY}"},
		{"OPENAI_API_KEY", "<your-openai-key>"},
		{"HF_TOKEN", "hf_" + strings.Repeat("x", 34)},
		{"API_KEY", "your-api-key-here"},
		{"DB_PASSWORD", "changeme"},
		{"DB_PASSWORD", "REPLACE_ME"},
		{"GITHUB_TOKEN", "op://ci/github/token"},
		{"AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7" + "EXAMPLE"},
		{"AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY"},
		{"RUN_KEY", "grpo_qwen3_8b_lr1e-6_bs32"},
		{"DATASET_KEY", "gsm8k/main/train-v2"},
		{"S3_KEY", "checkpoints/run-42/step-1000.pt"},
		{"CACHE_KEY", "v3-20260512-a1b2c3"},
		{"OPENAI_API_KEY", "EMPTY"},
		{"OPENAI_API_KEY", "sk-no-key-required"},
		{"VLLM_API_KEY", "token-abc123"},
		{"OPENAI_API_KEY", "sk-proj-REPLACE_WITH_YOUR_KEY_" + strings.Repeat("x", 17)},
		{"ANTHROPIC_API_KEY", "sk-ant-api03-your-key-here-replace-me-please-" + strings.Repeat("x", 6)},
		{"HF_TOKEN", "hf_YOUR_TOKEN_HERE_PLEASE_REPLACE_ME_OK"},
		{"PAD_TOKEN", "<|endoftext|>"},
		{"KMS_KEY_ID", "arn:aws:kms:us-west-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"},
		{"PYTHONHASHSEED", "42"},
		{"TZ", "America/Los_Angeles"},
		{"LANG", "en_US.UTF-8"},
	}
}

// TestPublishedFormats: at least 95% of the credentials are caught, and
// no workspace value is flagged.
func TestPublishedFormats(t *testing.T) {
	creds, ordinary := publishedFormats(), workspaceValues()
	missed := 0
	for _, c := range creds {
		if _, ok := credential.Detect(c.name, c.value); !ok {
			missed++
			t.Logf("missed: %s = %.40q", c.name, c.value)
		}
	}
	if caught := len(creds) - missed; caught*100 < len(creds)*95 {
		t.Errorf("caught %d of %d credentials (%d%%), want at least 95%%", caught, len(creds), caught*100/len(creds))
	}
	for _, c := range ordinary {
		if cred, ok := credential.Detect(c.name, c.value); ok {
			t.Errorf("flagged %s = %q as %s", c.name, c.value, cred.What)
		}
	}
	if len(creds) < 40 || len(ordinary) < 40 {
		t.Fatalf("the table needs 40 of each: %d credentials, %d ordinary values", len(creds), len(ordinary))
	}
}
