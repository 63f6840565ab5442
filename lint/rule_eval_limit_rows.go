package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

var (
	ruleEvalLimitRows = Rule{
		ID:       RuleEvalLimitRows,
		Keys:     []string{"evaluation.limit"},
		Severity: Info,
		Stage:    StageAdvice,
		Summary:  "evaluation.limit is above the dataset's row count: the run scores every row, fewer than the limit says.",
		Doc: "An eval's `limit` takes the first N rows of the dataset, in order (the platform docs, " +
			"https://docs.osmosis.ai/cli/rollout/eval: \"Set limit to evaluate a fixed number of rows — the first N rows of the dataset, in order\"; " +
			"local `osmosis eval run` selects the same way, `select_rows` in osmosis_ai/eval/local/dataset.py of the SDK, Osmosis-AI/osmosis-sdk-python). " +
			"A dataset of fewer rows than `limit` is scored whole: the run scores fewer rows than the config says, which a new user " +
			"reading the config does not expect. To score every row, the platform docs (https://docs.osmosis.ai/platform/evaluation-runs) " +
			"say to set `limit` to the dataset's row count.\n\n" +
			"The fix (unsafe: a dataset uploaded again under the same name with more rows would then be cut) sets `limit` to the row count.\n\n" +
			"The row count is the platform's own: `row_count` of the dataset in the saved `osmosis --json dataset list --all` " +
			"(`--datasets` or the `datasets` setting). A `data/` file of the same name is not used for this finding: the uploaded " +
			"dataset can differ from the local file. Without a saved list, or when it gives no `row_count`, the rule says nothing.\n\n" +
			"Hover and the inlay hint on `dataset` show the row count (from the saved list, or counted from the matching `data/` file). " +
			"They show no train/validation split and no step or checkpoint count: the platform's docs do not state how a training run " +
			"splits its dataset (https://docs.osmosis.ai/platform/monitoring says only that a validation reward is computed on held-out data) " +
			"nor how it derives its total steps, and the SDK does not compute either (it only displays the platform's `total_steps`), " +
			"so a validation size or a `checkpoint_save_freq` the run never reaches cannot be told for certain.",
		Bad:       "# ...\n[evaluation]\nlimit = 500\n",
		Good:      "# ...\n[evaluation]\nlimit = 100\n",
		Kinds:     []string{"eval"},
		Fixable:   Fixable{Always: true, As: []Applicability{Unsafe}},
		Workspace: true,
		check:     checkEvalLimitRows,
	}
)

var _ = register(&ruleEvalLimitRows)

func checkEvalLimitRows(c *Context) {
	if !c.Env.WS.HasPlatformList() {
		return
	}
	name, _, ok := c.Str("experiment", "dataset")
	if !ok {
		return
	}
	_, v := c.Get("evaluation", "limit")
	if v == nil || v.Kind != toml.KindInteger || v.Big != nil || v.Int <= 0 {
		return
	}
	d, ok := c.Env.WS.LookupDataset(name)
	if !ok || d.Source != workspace.SourceDatasetsFile || d.Rows < 1 || v.Int <= d.Rows {
		return
	}
	rows := strconv.FormatInt(d.Rows, 10)
	// unsafe: a dataset uploaded again under the name with more rows would
	// then be cut at this count
	c.Report(v.Range, "evaluation.limit", "limit = "+strconv.FormatInt(v.Int, 10)+" is above the "+RowCount(d.Rows)+
		" of dataset "+code(d.Name)+" ("+d.From+"): the run scores those "+Thousands(d.Rows)+", not "+Thousands(v.Int)+"; set limit = "+rows+" to say so",
		fix.New("Set limit = "+rows, false, fix.Replace(v.Range, rows)))
}

// RowCount words a number of dataset rows: "1 row", "1,000 rows".
func RowCount(n int64) string {
	if n == 1 {
		return "1 row"
	}
	return Thousands(n) + " rows"
}

// Thousands writes n with a comma between groups of three digits.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}
