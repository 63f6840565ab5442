package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func modelConfig(kind schema.Kind, model string) string {
	src := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = " + model + "\ndataset = \"multiply\"\n"
	if kind == schema.Eval {
		src += "\n[secrets]\nrequired = []\n"
	}
	return src
}

func TestModelUnknown(t *testing.T) {
	settingsWS := withWS(tree{"pyproject.toml": "[project]\nname = \"w\"\n\n[tool.osmosis-lint]\nmodels = [\"Qwen/Qwen3-8B\", \"meta-llama/Llama-3.1-8B\"]\n"})
	runRuleCases(t, "model-unknown", []ruleCase{
		{
			name: "a typo of a built-in model",
			src:  modelConfig(schema.Training, `"qwen/qwen3.6-35b-a3b"`),
			want: []string{"4:14-4:36 model-unknown experiment.model_path"},
			msg:  []string{"did you mean `Qwen/Qwen3.6-35B-A3B`?"},
		},
		{
			name: "nothing close: the known models are listed",
			src:  modelConfig(schema.Training, `"mistral/Mistral-7B"`),
			want: []string{"4:14-4:34 model-unknown experiment.model_path"},
			msg:  []string{"(known: `Qwen/Qwen3.6-35B-A3B` and `Qwen/Qwen3.5-122B-A10B`)"},
		},
		{
			name: "empty is empty-value's: one finding for one problem",
			src:  modelConfig(schema.Training, `""`),
		},
		{
			name: "a model of the settings, misspelled",
			src:  modelConfig(schema.Training, `"Qwen/Qwen3-8b"`),
			ws:   settingsWS,
			want: []string{"4:14-4:29 model-unknown experiment.model_path"},
			msg:  []string{"did you mean `Qwen/Qwen3-8B`?"},
		},
		{
			name: "settings models are known only in their workspace",
			src:  modelConfig(schema.Training, `"meta-llama/Llama-3.1-8B"`),
			ws:   rolloutWS,
			want: []string{"4:14-4:39 model-unknown experiment.model_path"},
		},
		{
			name: "eval: no provider",
			kind: schema.Eval,
			src:  modelConfig(schema.Eval, `"gpt-5-mini"`),
			want: []string{"4:14-4:26 model-unknown experiment.model_path"},
			msg:  []string{"has no provider"},
		},
		{
			name: "a built-in model",
			src:  modelConfig(schema.Training, `"Qwen/Qwen3.5-122B-A10B"`),
		},
		{
			name: "a model of the settings",
			src:  modelConfig(schema.Training, `"meta-llama/Llama-3.1-8B"`),
			ws:   settingsWS,
		},
		{
			name: "eval: any provider/model id",
			kind: schema.Eval,
			src:  modelConfig(schema.Eval, `"anthropic/claude-sonnet-4"`),
		},
		{
			name: "eval: empty is not reported as a missing provider",
			kind: schema.Eval,
			src:  modelConfig(schema.Eval, `""`),
		},
		{
			name: "a placeholder is placeholder's",
			src:  modelConfig(schema.Training, `"<your-model>"`),
		},
		{
			name: "a saved model list: a typo of a listed base model",
			src:  modelConfig(schema.Training, `"Org/Base-7b"`),
			ws:   modelListWS,
			want: []string{"4:14-4:27 model-unknown experiment.model_path"},
			msg:  []string{"is not a base model of the saved model list models.json; did you mean `Org/Base-7B`?"},
		},
		{
			name: "a saved model list stands for the built-in one",
			src:  modelConfig(schema.Training, `"Qwen/Qwen3.5-122B-A10B"`),
			ws:   modelListWS,
			want: []string{"4:14-4:38 model-unknown experiment.model_path"},
			msg:  []string{"save the list again with `osmosis --json model list --all`"},
		},
		{
			name: "a LoRA model of the list is not a base model",
			src:  modelConfig(schema.Training, `"my-lora-run"`),
			ws:   modelListWS,
			want: []string{"4:14-4:27 model-unknown experiment.model_path"},
		},
		{
			name: "a listed base model",
			src:  modelConfig(schema.Training, `"Org/Base-7B"`),
			ws:   modelListWS,
		},
		{
			name: "the models setting adds to the list",
			src:  modelConfig(schema.Training, `"Org/Extra-1B"`),
			ws:   modelListWS,
		},
	})
}

// modelListWS names a saved `osmosis --json model list --all` in the
// settings.
var modelListWS = withWS(tree{
	"pyproject.toml": "[tool.osmosis-lint]\nmodel-list = \"models.json\"\nmodels = [\"Org/Extra-1B\"]\n",
	"models.json": `{"schema_version": 1,
		"base_models": {"items": [{"id": "b1", "model_name": "Org/Base-7B", "base_model": "Org/Base-7B"}], "total_count": 1, "has_more": false},
		"lora_models": {"items": [{"id": "l1", "model_name": "my-lora-run", "base_model": "Org/Base-7B", "training_run_name": "run-1"}]}}`,
})
