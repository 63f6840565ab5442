package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// secretListWS names a saved `osmosis --json secret list --all` in the
// settings: OPENAI_API_KEY and JUDGE_KEY are stored.
var secretListWS = withWS(tree{
	"pyproject.toml": "[tool.osmosis-lint]\nsecret-list = \"lists/secrets.json\"\n",
	"lists/secrets.json": `{"schema_version": 1, "items": [
		{"id": "s1", "name": "OPENAI_API_KEY", "scope": "workspace"},
		{"id": "s2", "name": "JUDGE_KEY", "scope": "personal"}
	], "total_count": 2, "has_more": false}`,
})

func TestSecretNotStored(t *testing.T) {
	b := schema.Benchmark
	runRuleCases(t, "secret-not-stored", []ruleCase{
		{
			name: "an agent model key not stored",
			kind: b,
			src:  benchHead + providerAgent("codex", "ANTHROPIC_API_KEY"),
			ws:   secretListWS,
			want: []string{"10:18-10:37 secret-not-stored agents.0.model.api_key_secret"},
			msg:  []string{"secret `ANTHROPIC_API_KEY` (api_key_secret of agent 1) is not a stored secret record in lists/secrets.json: `osmosis benchmark submit` refuses", "`osmosis secret set ANTHROPIC_API_KEY`"},
		},
		{
			name: "judge and verifier secrets not stored, once a name",
			kind: b,
			src: benchHead + providerAgent("codex", "OPENAI_API_KEY") +
				"\n[execution]\njudge_api_key_secret = \"JUDGE_OTHER\"\n\n[verifier]\nrequired = [\"VERIFY_KEY\", \"VERIFY_KEY\", \"JUDGE_KEY\"]\n",
			ws: secretListWS,
			want: []string{
				"13:24-13:37 secret-not-stored execution.judge_api_key_secret",
				"16:13-16:25 secret-not-stored verifier.required.0",
			},
		},
		{
			name: "stored references",
			kind: b,
			src:  benchHead + providerAgent("codex", "OPENAI_API_KEY") + "\n[execution]\njudge_api_key_secret = \"JUDGE_KEY\"\n",
			ws:   secretListWS,
		},
		{
			name: "[secrets] required is run-secret-not-stored's",
			kind: b,
			src:  benchHead + providerAgent("codex", "OPENAI_API_KEY") + "\n[secrets]\nrequired = [\"RUN_ONLY\"]\n",
			ws:   secretListWS,
		},
		{
			name: "an invalid name is secret-name's",
			kind: b,
			src:  benchHead + providerAgent("codex", "openai-key"),
			ws:   secretListWS,
		},
		{
			name: "no saved list: quiet",
			kind: b,
			src:  benchHead + providerAgent("codex", "ANTHROPIC_API_KEY"),
			ws:   rolloutWS,
		},
	})
}
