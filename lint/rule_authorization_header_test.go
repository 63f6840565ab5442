package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func endpointAgent(headers string) string {
	return `[experiment]
benchmark = "terminal-bench"

[[agents]]
harness = "codex"

[agents.model]
type = "endpoint"
base_url = "https://llm.example.com/v1"
model = "my-model"
api_key_secret = "ENDPOINT_KEY"
` + headers
}

func TestAuthorizationHeader(t *testing.T) {
	runRuleCases(t, "authorization-header", []ruleCase{
		{
			name: "inline table",
			kind: schema.Benchmark,
			src:  endpointAgent("extra_headers = { Authorization = \"Bearer sk-x\" }\n"),
			want: []string{"12:19-12:32 authorization-header agents.0.model.endpoint.extra_headers"},
		},
		{
			name: "any letter case, in a sub-table",
			kind: schema.Benchmark,
			src:  endpointAgent("\n[agents.model.extra_headers]\nX-Team = \"ml\"\nauthoRIZATION = \"Bearer sk-x\"\n"),
			want: []string{"15:1-15:14 authorization-header agents.0.model.endpoint.extra_headers"},
			msg:  []string{"`authoRIZATION`"},
		},
		{
			name: "quoted key, second agent",
			kind: schema.Benchmark,
			src: goodBenchmark + `
[[agents]]
[agents.model]
type = "endpoint"
base_url = "https://x"
model = "m"
api_key_secret = "K"
extra_headers = { "AUTHORIZATION" = "x" }
`,
			want: []string{"18:19-18:34 authorization-header agents.1.model.endpoint.extra_headers"},
			msg:  []string{"agent 2"},
		},
		{
			name: "other headers are fine",
			kind: schema.Benchmark,
			src:  endpointAgent("extra_headers = { X-Authorization-Id = \"a\", Proxy-Authorization = \"b\" }\n"),
		},
		{
			name: "not an endpoint model",
			kind: schema.Benchmark,
			src:  goodBenchmark,
		},
	})
}
