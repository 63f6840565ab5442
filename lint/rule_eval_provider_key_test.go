package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestEvalProviderKey(t *testing.T) {
	e := schema.Eval
	model := func(m, secrets string) string {
		return strings.Replace(evalHead, `"openai/gpt-5-mini"`, m, 1) + "\n" + secrets
	}
	runRuleCases(t, "eval-provider-key", []ruleCase{
		{
			name: "an anthropic model with only the OpenAI key",
			kind: e,
			src:  model(`"anthropic/claude-sonnet-4-6"`, "[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n"),
			want: []string{"4:14-4:43 eval-provider-key experiment.model_path"},
		},
		{
			name: "an OpenAI model and no secrets",
			kind: e,
			src:  evalHead + "\n[secrets]\nrequired = []\n",
			want: []string{"4:14-4:33 eval-provider-key experiment.model_path"},
		},
		{
			name: "google is Gemini's key, in any case",
			kind: e,
			src:  model(`"Google/gemini-2.5-pro"`, "[secrets]\nrequired = [\"GOOGLE_API_KEY\"]\n"),
			want: []string{"4:14-4:37 eval-provider-key experiment.model_path"},
		},
		{
			name: "the key listed",
			kind: e,
			src:  goodEval,
		},
		{
			name: "the key in [env] is the run's too",
			kind: e,
			src:  evalHead + "\n[env]\nOPENAI_API_KEY = \"x\"\n\n[secrets]\nrequired = []\n",
		},
		{
			name: "a provider the provider-keys setting adds",
			kind: e,
			src:  model(`"together_ai/llama"`, "[secrets]\nrequired = [\"TOGETHER_API_KEY\"]\n"),
			ws:   tree{"pyproject.toml": "[tool.osmosis-lint]\nprovider-keys = { together_ai = \"TOGETHERAI_API_KEY\" }\n", "rollouts/multiply-agent/main.py": "", "data/x": ""},
			want: []string{"4:14-4:33 eval-provider-key experiment.model_path"},
			msg:  []string{"calls together_ai with TOGETHERAI_API_KEY"},
		},
		{
			name: "the setting overrides the SDK's table",
			kind: e,
			src:  evalHead + "\n[secrets]\nrequired = [\"MY_OPENAI\"]\n",
			ws:   tree{"pyproject.toml": "[tool.osmosis-lint]\nprovider-keys = { openai = \"MY_OPENAI\" }\n", "rollouts/multiply-agent/main.py": "", "data/x": ""},
		},
		{
			name: "a provider the tables do not know",
			kind: e,
			src:  model(`"together_ai/llama"`, "[secrets]\nrequired = []\n"),
		},
		{
			name: "a base model name has no provider prefix the tables know",
			kind: e,
			src:  model(`"Qwen/Qwen3-8B"`, "[secrets]\nrequired = []\n"),
		},
		{
			name: "no [secrets] is missing-section's",
			kind: e,
			src:  evalHead,
		},
		{
			name: "a list with a wrong item is its rule's",
			kind: e,
			src:  evalHead + "\n[secrets]\nrequired = [\"lower\"]\n",
		},
		{
			name: "a training config is not judged",
			src:  goodTraining + "\n[secrets]\nrequired = []\n",
		},
	})
}
