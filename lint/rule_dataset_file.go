package lint

// dataset-file is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).datasets` (checks.go), which
// streams each data/ file through lint/datafile. Declared here, in the
// catalogue lint/doctor reports through, so that `rules`, `explain`,
// RULES.md, the settings, the LSP and MCP know it.
var (
	ruleDatasetFile = Rule{
		ID:       RuleDatasetFile,
		Severity: Error,
		Stage:    StagePlatform,
		Doctor:   true,
		Summary:  "A data/ file that the platform's upload would refuse.",
		Doc:      "`osmosis dataset upload` takes .jsonl, .csv and .parquet files of at most 5 GiB: UTF-8, a header or first object that selects prompt mode (user_prompt and ground_truth, or label) or metadata mode (a non-empty metadata object per row), rows of the same shape, at least 4 rows. doctor streams each file and reports at most 5 problems per file, with line numbers.",
	}
)

var _ = register(&ruleDatasetFile)
