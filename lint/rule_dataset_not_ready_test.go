package lint

import "testing"

func TestDatasetNotReady(t *testing.T) {
	runRuleCases(t, "dataset-not-ready", []ruleCase{
		{
			name: "processing",
			src:  datasetConfig(`"fresh"`),
			ws:   datasetsWS,
			want: []string{"5:11-5:18 dataset-not-ready experiment.dataset"},
			msg:  []string{"`processing`"},
		},
		{
			name: "failed",
			src:  datasetConfig(`"broken"`),
			ws:   datasetsWS,
			want: []string{"5:11-5:19 dataset-not-ready experiment.dataset"},
			msg:  []string{"`failed`"},
		},
		{
			name: "uploaded",
			src:  datasetConfig(`"multiply"`),
			ws:   datasetsWS,
		},
		{
			name: "no status in the list",
			src:  datasetConfig(`"legacy"`),
			ws:   datasetsWS,
		},
		{
			name: "unknown is dataset-unknown's",
			src:  datasetConfig(`"nope"`),
			ws:   datasetsWS,
		},
	})
}
