package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// rowsWS is a workspace whose saved dataset list gives row counts, and a
// data/ file of a dataset the list has no count for.
var rowsWS = withWS(tree{
	"pyproject.toml": "[tool.osmosis-lint]\ndatasets = \"datasets.json\"\n",
	"datasets.json": `{"items": [
		{"file_name": "small", "status": "uploaded", "row_count": 120},
		{"file_name": "big", "status": "uploaded", "row_count": 5000},
		{"file_name": "uncounted", "status": "uploaded"}
	]}`,
	"data/uncounted.jsonl": "{}\n{}\n",
})

func evalLimitConfig(dataset, limit string) string {
	return "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = " + dataset +
		"\n\n[evaluation]\nlimit = " + limit + "\n\n[secrets]\nrequired = []\n"
}

func TestEvalLimitRows(t *testing.T) {
	runRuleCases(t, "eval-limit-rows", []ruleCase{
		{
			name: "a limit above the platform's row count",
			kind: schema.Eval,
			src:  evalLimitConfig(`"small"`, "500"),
			ws:   rowsWS,
			want: []string{"8:9-8:12 eval-limit-rows evaluation.limit"},
			msg:  []string{"limit = 500 is above the 120 rows of dataset `small` (datasets.json): the run scores those 120, not 500; set limit = 120"},
		},
		{
			name: "a limit of exactly the rows",
			kind: schema.Eval,
			src:  evalLimitConfig(`"small"`, "120"),
			ws:   rowsWS,
		},
		{
			name: "a limit below the rows",
			kind: schema.Eval,
			src:  evalLimitConfig(`"big"`, "200"),
			ws:   rowsWS,
		},
		{
			name: "no row count in the list: a data/ file is not the platform's dataset",
			kind: schema.Eval,
			src:  evalLimitConfig(`"uncounted"`, "500"),
			ws:   rowsWS,
		},
		{
			name: "a name the list does not hold is dataset-unknown's",
			kind: schema.Eval,
			src:  evalLimitConfig(`"nothing"`, "500"),
			ws:   rowsWS,
		},
		{
			name: "no saved list",
			kind: schema.Eval,
			src:  evalLimitConfig(`"small"`, "500"),
			ws:   rolloutWS,
		},
		{
			name: "a limit the platform judges (not a whole number) is another rule's",
			kind: schema.Eval,
			src:  evalLimitConfig(`"small"`, `"many"`),
			ws:   rowsWS,
		},
		{
			name: "limit 0 or below is another rule's",
			kind: schema.Eval,
			src:  evalLimitConfig(`"small"`, "-1"),
			ws:   rowsWS,
		},
	})
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 1: "1", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1000: "-1,000"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if RowCount(1) != "1 row" || RowCount(2000) != "2,000 rows" {
		t.Errorf("RowCount: %q, %q", RowCount(1), RowCount(2000))
	}
}
