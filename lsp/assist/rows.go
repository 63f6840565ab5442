package assist

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/datafile"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// RowCounts gives the row count of a data/ file (workspace-relative) as
// far as it is known now: it never waits for a file to be read.
type RowCounts func(rel string) (datafile.Count, bool)

// datasetRows is the row count of the dataset a config names, and where
// it comes from.
type datasetRows struct {
	rows int64
	// from is the saved dataset list's path, or the data/ file counted.
	from string
	// counted is set for a count of a data/ file, clear for the
	// platform's row_count.
	counted bool
}

// rows finds the row count of the config's dataset: the platform's
// row_count from the saved dataset list, else the count of the data/ file
// the dataset's name would upload from (when f.Rows knows it). The path
// it names is escaped: a file name may hold control characters.
func (f *File) rows() (datasetRows, *toml.Value, bool) {
	if f.WS == nil || (f.Kind != schema.Training && f.Kind != schema.Eval) {
		return datasetRows{}, nil, false
	}
	_, v := f.Doc.Root.Lookup("experiment", "dataset")
	if v == nil || v.Kind != toml.KindString {
		return datasetRows{}, nil, false
	}
	d, ok := f.WS.LookupDataset(v.Str)
	if !ok {
		return datasetRows{}, nil, false
	}
	if d.Source == workspace.SourceDatasetsFile && d.Rows >= 0 {
		return datasetRows{rows: d.Rows, from: escape.String(d.From)}, v, true
	}
	if d.DataFile == "" || f.Rows == nil {
		return datasetRows{}, nil, false
	}
	n, ok := f.Rows(d.DataFile)
	if !ok || !n.Valid {
		return datasetRows{}, nil, false
	}
	return datasetRows{rows: n.Rows, from: escape.String(d.DataFile), counted: true}, v, true
}

// rowsHint is the inlay hint after the dataset's value: its row count.
func (f *File) rowsHint(r toml.Range) (Hint, bool) {
	n, v, ok := f.rows()
	if !ok || v.Range.End < r.Start || v.Range.End > r.End {
		return Hint{}, false
	}
	label := "# " + lint.RowCount(n.rows)
	if n.counted {
		label += " in " + n.from
	}
	return Hint{At: v.Range.End, Label: label, Tooltip: f.rowsNote(n)}, true
}

// rowsNote says what the row count means for the run, as far as the
// platform's docs make it certain.
func (f *File) rowsNote(n datasetRows) string {
	var s string
	if n.counted {
		s = "**" + lint.RowCount(n.rows) + "** in `" + n.from + "`, the file `osmosis dataset upload` makes this dataset from (counted as the upload validates it; the uploaded dataset can differ)."
	} else {
		s = "**" + lint.RowCount(n.rows) + "** on the platform (`row_count` in " + n.from + ")."
	}
	if f.Kind != schema.Eval {
		return s
	}
	_, lim := f.Doc.Root.Lookup("evaluation", "limit")
	switch {
	case lim == nil:
		s += "\n\nNo `limit`: `osmosis eval submit` scores a random 10% sample (at least one row); local `osmosis eval run` scores every row."
	case lim.Kind == toml.KindInteger && lim.Big == nil && lim.Int > 0 && lim.Int < n.rows:
		s += "\n\n`limit = " + strconv.FormatInt(lim.Int, 10) + "`: the first " + lint.Thousands(lim.Int) + " of them are scored, in order."
	case lim.Kind == toml.KindInteger && lim.Big == nil && lim.Int >= n.rows:
		s += "\n\n`limit = " + strconv.FormatInt(lim.Int, 10) + "`: every row is scored."
	}
	return s
}
