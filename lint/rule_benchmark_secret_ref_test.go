package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// providerAgent is an [[agents]] entry with a provider model: a blank
// line, the header, the harness line, the agent lines, a blank line and the
// four lines of [agents.model].
func providerAgent(harness, secret string, agentLines ...string) string {
	h := "# official scaffold\n"
	if harness != "" {
		h = "harness = \"" + harness + "\"\n"
	}
	for _, l := range agentLines {
		h += l + "\n"
	}
	return "\n[[agents]]\n" + h + "\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"" + secret + "\"\n"
}

const benchHead = "[experiment]\nbenchmark = \"terminal-bench\"\n"

func TestBenchmarkSecretRef(t *testing.T) {
	b := schema.Benchmark
	runRuleCases(t, "benchmark-secret-ref", []ruleCase{
		{
			name: "reserved runner name as api_key_secret",
			kind: b,
			src:  benchHead + providerAgent("codex", "DAYTONA_API_KEY"),
			want: []string{"10:18-10:35 benchmark-secret-ref agents.0.model.api_key_secret"},
			msg:  []string{"reserves"},
		},
		{
			name: "every reserved name, endpoint model",
			kind: b,
			src: benchHead + `
[[agents]]
[agents.model]
type = "endpoint"
base_url = "https://x"
model = "m"
api_key_secret = "SKYPILOT_API_SERVER_ENDPOINT"
`,
			want: []string{"9:18-9:48 benchmark-secret-ref agents.0.model.api_key_secret"},
		},
		{
			name: "api_key_secret also in [env]",
			kind: b,
			src:  benchHead + "\n[env]\nOPENAI_API_KEY = \"x\"\n" + providerAgent("codex", "OPENAI_API_KEY"),
			want: []string{"5:1-5:15 benchmark-secret-ref env.OPENAI_API_KEY"},
			msg:  []string{"in [env] and the api_key_secret of agent 1"},
		},
		{
			name: "api_key_secret also in the agent's env, which wins over [env]",
			kind: b,
			src:  benchHead + "\n[env]\nOPENAI_API_KEY = \"x\"\n" + providerAgent("codex", "OPENAI_API_KEY") + "\n[agents.env]\nOPENAI_API_KEY = \"y\"\n",
			want: []string{"16:1-16:15 benchmark-secret-ref agents.0.env.OPENAI_API_KEY"},
			msg:  []string{"[agents.env] of agent 1"},
		},
		{
			name: "collisions are per agent: agent 2 may use agent 1's secret name as a literal env var",
			kind: b,
			src:  benchHead + providerAgent("codex", "OPENAI_API_KEY") + providerAgent("claude-code", "ANTHROPIC_API_KEY") + "\n[agents.env]\nOPENAI_API_KEY = \"literal\"\n",
		},
		{
			name: "judge key in [env]",
			kind: b,
			src:  goodBenchmark + "\n[execution]\njudge_api_key_secret = \"JUDGE_KEY\"\n\n[env]\nJUDGE_KEY = \"x\"\n",
			want: []string{"16:1-16:10 benchmark-secret-ref env.JUDGE_KEY"},
			msg:  []string{"judge_api_key_secret"},
		},
		{
			name: "judge key in one agent's env, reported once",
			kind: b,
			src:  goodBenchmark + "\n[agents.env]\nJUDGE_KEY = \"x\"\n" + providerAgent("codex", "OPENAI_API_KEY") + "\n[execution]\njudge_api_key_secret = \"JUDGE_KEY\"\n",
			want: []string{"13:1-13:10 benchmark-secret-ref agents.0.env.JUDGE_KEY"},
		},
		{
			name: "verifier secret in [env], two agents, reported once",
			kind: b,
			src:  goodBenchmark + providerAgent("codex", "OPENAI_API_KEY") + "\n[verifier]\nrequired = [\"A\", \"GRADER_KEY\"]\n\n[env]\nGRADER_KEY = \"x\"\n",
			want: []string{"24:1-24:11 benchmark-secret-ref env.GRADER_KEY"},
			msg:  []string{"[verifier] required"},
		},
		{
			name: "cursor-cli without harness_api_key_secret",
			kind: b,
			src:  benchHead + providerAgent("cursor-cli", "OPENAI_API_KEY"),
			want: []string{"5:11-5:23 benchmark-secret-ref agents.0.harness_api_key_secret"},
			msg:  []string{`needs harness_api_key_secret = "CURSOR_API_KEY"`},
		},
		{
			name: "cursor-cli with another secret name",
			kind: b,
			src:  benchHead + providerAgent("cursor-cli", "OPENAI_API_KEY", `harness_api_key_secret = "CURSOR"`),
			want: []string{"6:26-6:34 benchmark-secret-ref agents.0.harness_api_key_secret"},
		},
		{
			name: "cursor-cli with CURSOR_API_KEY as an env var",
			kind: b,
			src:  benchHead + "\n[env]\nCURSOR_API_KEY = \"x\"\n" + providerAgent("cursor-cli", "OPENAI_API_KEY", `harness_api_key_secret = "CURSOR_API_KEY"`),
			want: []string{"5:1-5:15 benchmark-secret-ref env.CURSOR_API_KEY"},
			msg:  []string{"managed by the cursor-cli harness"},
		},
		{
			name: "cursor-cli done right",
			kind: b,
			src:  benchHead + providerAgent("cursor-cli", "OPENAI_API_KEY", `harness_api_key_secret = "CURSOR_API_KEY"`),
		},
		{
			name: "another harness with harness_api_key_secret",
			kind: b,
			src:  benchHead + providerAgent("codex", "OPENAI_API_KEY", `harness_api_key_secret = "CODEX_KEY"`),
			want: []string{"6:1-6:23 benchmark-secret-ref agents.0.harness_api_key_secret"},
			msg:  []string{"the `codex` harness of agent 1 does not use"},
		},
		{
			name: "the official scaffold with harness_api_key_secret",
			kind: b,
			src:  benchHead + providerAgent("", "OPENAI_API_KEY", `harness_api_key_secret = "X_KEY"`),
			want: []string{"6:1-6:23 benchmark-secret-ref agents.0.harness_api_key_secret"},
			msg:  []string{"the official scaffold of agent 1"},
		},
		{
			name: "mini-swe-agent with a provider model and MSWEA_API_KEY",
			kind: b,
			src:  benchHead + providerAgent("mini-swe-agent", "OPENAI_API_KEY") + "\n[agents.env]\nMSWEA_API_KEY = \"x\"\n",
			want: []string{"13:1-13:14 benchmark-secret-ref agents.0.env.MSWEA_API_KEY"},
		},
		{
			name: "mini-swe-agent with a hosted model may set MSWEA_API_KEY",
			kind: b,
			src: benchHead + `
[[agents]]
harness = "mini-swe-agent"

[agents.model]
type = "hosted"
base_model = "Qwen/Qwen3.6-35B-A3B"
lora_model_name = "my-lora"

[agents.env]
MSWEA_API_KEY = "x"
`,
		},
		{
			name: "benchmark [secrets] is lenient: repeats and env overlap pass",
			kind: b,
			src:  goodBenchmark + "\n[secrets]\nrequired = [\"HF_TOKEN\", \"HF_TOKEN\"]\n\n[env]\nHF_TOKEN = \"x\"\n",
		},
		{
			name: "reserved names are checked only for api_key_secret",
			kind: b,
			src:  goodBenchmark + "\n[secrets]\nrequired = [\"DAYTONA_API_KEY\"]\n",
		},
		{
			name: "empty judge key is not an env collision",
			kind: b,
			src:  goodBenchmark + "\n[execution]\njudge_api_key_secret = \"\"\n",
		},
		{
			name: "good config",
			kind: b,
			src:  goodBenchmark,
		},
	})
}
