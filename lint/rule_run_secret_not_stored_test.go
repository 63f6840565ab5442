package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestRunSecretNotStored(t *testing.T) {
	evalSrc := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\", \"HF_TOKEN\"]\n"
	runRuleCases(t, "run-secret-not-stored", []ruleCase{
		{
			name: "eval: a required name not stored",
			kind: schema.Eval,
			src:  evalSrc,
			ws:   secretListWS,
			want: []string{"8:31-8:41 run-secret-not-stored secrets.required.1"},
			msg:  []string{"secret `HF_TOKEN` is not a stored secret record in lists/secrets.json: submit asks for its value each run (`--secrets-file`, the environment, or a prompt); to store it once, `osmosis secret set HF_TOKEN`"},
		},
		{
			name: "training",
			src:  datasetConfig(`"multiply"`) + "\n[secrets]\nrequired = [\"WANDB_API_KEY\"]\n",
			ws:   secretListWS,
			want: []string{"8:13-8:28 run-secret-not-stored secrets.required.0"},
		},
		{
			name: "benchmark",
			kind: schema.Benchmark,
			src:  benchHead + providerAgent("codex", "OPENAI_API_KEY") + "\n[secrets]\nrequired = [\"RUN_ONLY\"]\n",
			ws:   secretListWS,
			want: []string{"13:13-13:23 run-secret-not-stored secrets.required.0"},
		},
		{
			name: "stored names",
			kind: schema.Eval,
			src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
			ws:   secretListWS,
		},
		{
			name: "no saved list: quiet",
			kind: schema.Eval,
			src:  evalSrc,
			ws:   rolloutWS,
		},
	})
}
