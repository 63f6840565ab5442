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
		Doc: "`osmosis dataset upload` (and `osmosis dataset validate`) takes .jsonl, .csv and .parquet files of at most 5 GiB: UTF-8, a header, first object or Parquet schema that selects prompt mode (user_prompt and ground_truth, or label) or metadata mode (a non-empty metadata object per row), rows of the same shape, at least 4 rows. doctor streams each file and reports at most 5 problems per file, with line numbers (Parquet: row numbers).\n\n" +
			"A link in data/ is judged by the name of the file it leads to, as the upload resolves the path first: `data/train.csv -> ../assets/train.jsonl` is JSONL, and a link named .jsonl to a .txt file is refused. A file the upload refuses that looks like a dataset gets a warning and the name to rename it to: a supported extension followed by white space (`train.jsonl `), .ndjson, .jsonlines, .pq, .parq, a .tsv, a compressed dataset (`train.jsonl.gz`), or a .txt or extensionless file whose first line is a JSON object. Other files in data/ are left alone.\n\n" +
			"Parquet is read as the CLI reads it with pyarrow (its `parquet` extra): the footer from the end of the file (the leading `PAR1` is not required), then the metadata column page by page. Refused: a file the reader cannot open (no closing `PAR1`, an encrypted footer, a footer that does not decode or holds a list of more than 1,000,000 entries, pyarrow's limit), no columns, no rows, fewer than 4 rows, missing columns, a metadata column that is neither a struct nor a string (STRING or JSON), and metadata rows as in JSONL (a null struct, an unsigned 64-bit value past the int64 range). Not checked, with a note: footers over 16 MiB, pages over 64 MiB or 4,194,304 values, Brotli, Hadoop LZ4 and LZO pages, encodings other than PLAIN, dictionary and DELTA_LENGTH_BYTE_ARRAY, a group annotated other than LIST or MAP, and the Arrow type pyarrow restores from a stored `ARROW:schema` (a dictionary or string_view column that pyarrow would refuse is taken).\n\n" +
			"Limits that depend on the CLI's Python agree with Python 3.12, the oldest the SDK supports: JSON nested more than 1,497 levels fails the CLI's json.loads (990 on 3.11, 9,998 on 3.13), and metadata nested more than 496 levels fails its recursive checks (330 on 3.11, 496 on 3.13, a few levels fewer under the CLI's own frames). Measured with the CLI's validate functions, `go test ./lint/datafile -run TestOracle -args -oracle=SDK_DIR`, which also labels the oracle corpus of lint/datafile/testdata/oracle. Past osmosis-lint's own capacity (more than 64 MiB of key names in a row, more than 1,048,576 values in one metadata object, more than 65,536 metadata key paths) a row is only partly checked, with a warning or a note: the CLI accepts such files when they are otherwise valid.",
	}
)

var _ = register(&ruleDatasetFile)
