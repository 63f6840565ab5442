package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func datasetConfig(name string) string {
	return "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = " + name + "\n"
}

func TestDatasetIsPath(t *testing.T) {
	runRuleCases(t, "dataset-is-path", []ruleCase{
		{
			name: "a path under data/ with the file in the workspace",
			src:  datasetConfig(`"data/multiply.jsonl"`),
			ws:   rolloutWS,
			want: []string{"5:11-5:32 dataset-is-path experiment.dataset"},
			msg:  []string{"use its name (`multiply`)"},
		},
		{
			name: "a path without a workspace",
			src:  datasetConfig(`"data/train.jsonl"`),
			want: []string{"5:11-5:29 dataset-is-path experiment.dataset"},
			msg:  []string{"(`train`)"},
		},
		{
			name: "only an extension",
			kind: schema.Eval,
			src:  "[experiment]\ndataset = \"train.csv\"\nrollout = \"a\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5\"\n\n[secrets]\nrequired = []\n",
			want: []string{"2:11-2:22 dataset-is-path experiment.dataset"},
		},
		{
			name: "extension in upper case",
			src:  datasetConfig(`"TRAIN.PARQUET"`),
			want: []string{"5:11-5:26 dataset-is-path experiment.dataset"},
		},
		{
			name: "a .json file",
			src:  datasetConfig(`"train.json"`),
			want: []string{"5:11-5:23 dataset-is-path experiment.dataset"},
		},
		{
			name: "a Windows path in a literal string",
			src:  datasetConfig(`'C:\data\train.jsonl'`),
			want: []string{"5:11-5:32 dataset-is-path experiment.dataset"},
			msg:  []string{"(`train`)"},
		},
		{
			name: "a directory has no stem to suggest",
			src:  datasetConfig(`"data/"`),
			want: []string{"5:11-5:18 dataset-is-path experiment.dataset"},
		},
		{
			name: "a plain name",
			src:  datasetConfig(`"multiply"`),
		},
		{
			name: "a name with dots and dashes",
			src:  datasetConfig(`"gsm8k.v2-clean"`),
		},
		{
			name: "a name ending like an extension without the dot",
			src:  datasetConfig(`"results_jsonl"`),
		},
		{
			name: "benchmark configs have no dataset",
			kind: schema.Benchmark,
			src:  goodBenchmark,
		},
	})
}

// TestDatasetIsPathMessages checks what the message promises: a stem only
// for a file.
func TestDatasetIsPathMessages(t *testing.T) {
	for _, c := range []struct{ value, stem string }{
		{"data/multiply.jsonl", "multiply"},
		{"a/b/train.v2.csv", "train.v2"},
		{`data\x.parquet`, "x"},
		{"data/", ""},
		{"/", ""},
		{".jsonl", ""},
	} {
		fs := Check([]byte(datasetConfig(tomlString(c.value))), Input{Path: "configs/training/run.toml", Kind: schema.Training})
		var msg string
		for _, f := range fs {
			if f.Rule == "dataset-is-path" {
				msg = f.Message
			}
		}
		if msg == "" {
			t.Errorf("%q: no dataset-is-path finding", c.value)
			continue
		}
		hasStem := c.stem != "" && strings.Contains(msg, "use its name (`"+c.stem+"`)")
		if (c.stem != "") != hasStem || (c.stem == "" && strings.Contains(msg, "use its name")) {
			t.Errorf("%q: message %q; want stem %q", c.value, msg, c.stem)
		}
	}
}
