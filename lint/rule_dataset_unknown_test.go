package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// datasetsWS is a workspace with a saved platform dataset list named in the
// settings.
var datasetsWS = withWS(tree{
	"pyproject.toml": "[tool.osmosis-lint]\ndatasets = \"datasets.json\"\n",
	"datasets.json": `{"items": [
		{"file_name": "multiply", "status": "uploaded"},
		{"file_name": "gsm8k.jsonl", "status": "uploaded"},
		{"file_name": "fresh", "status": "processing"},
		{"file_name": "broken", "status": "failed"},
		{"file_name": "legacy"}
	]}`,
	"data/local-only.jsonl": "{}\n",
})

func TestDatasetUnknown(t *testing.T) {
	runRuleCases(t, "dataset-unknown", []ruleCase{
		{
			name: "a typo of a listed name",
			src:  datasetConfig(`"multiplly"`),
			ws:   datasetsWS,
			want: []string{"5:11-5:22 dataset-unknown experiment.dataset"},
			msg:  []string{"is named `multiplly` in datasets.json; did you mean `multiply`?"},
		},
		{
			name: "a data/ file not uploaded yet",
			src:  datasetConfig(`"local-only"`),
			ws:   datasetsWS,
			want: []string{"5:11-5:23 dataset-unknown experiment.dataset"},
			msg:  []string{"upload data/local-only.jsonl"},
		},
		{
			name: "eval config",
			kind: schema.Eval,
			src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"nothing-like-it\"\n\n[secrets]\nrequired = []\n",
			ws:   datasetsWS,
			want: []string{"5:11-5:28 dataset-unknown experiment.dataset"},
		},
		{
			name: "a listed name",
			src:  datasetConfig(`"multiply"`),
			ws:   datasetsWS,
		},
		{
			name: "a listed name given with its extension in the list",
			src:  datasetConfig(`"gsm8k"`),
			ws:   datasetsWS,
		},
		{
			name: "a listed name not uploaded yet is dataset-not-ready's",
			src:  datasetConfig(`"fresh"`),
			ws:   datasetsWS,
		},
		{
			name: "without a platform list, data/ stems are only hints",
			src:  datasetConfig(`"anything"`),
			ws:   rolloutWS,
		},
		{
			name: "a path is dataset-is-path's",
			src:  datasetConfig(`"data/nothing.jsonl"`),
			ws:   datasetsWS,
		},
		{
			name: "a placeholder is placeholder's",
			src:  datasetConfig(`"<your-dataset>"`),
			ws:   datasetsWS,
		},
	})
}
