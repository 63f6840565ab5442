package assist

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/datafile"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// rowsWorkspace is a workspace with a saved dataset list (row_count for
// "listed", none for "uncounted") and data/ files of both names and of
// "local", one with a control character in its name.
func rowsWorkspace(t *testing.T) *workspace.Snapshot {
	t.Helper()
	root := t.TempDir()
	for rel, text := range map[string]string{
		"pyproject.toml":             "[tool.osmosis-lint]\ndatasets = \"datasets.json\"\n",
		"datasets.json":              `{"items": [{"file_name": "listed", "row_count": 1000}, {"file_name": "uncounted"}]}`,
		"data/listed.jsonl":          "{}\n",
		"data/uncounted.jsonl":       "{}\n",
		"data/local.jsonl":           "{}\n",
		"data/odd\x1b[31mname.jsonl": "{}\n",
		"configs/training/.keep":     "",
		"configs/eval/.keep":         "",
		"rollouts/.keep":             "",
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(text), 0o644)
	}
	os.Mkdir(filepath.Join(root, ".git"), 0o755)
	snap, err := workspace.Load(root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func TestRows(t *testing.T) {
	ws := rowsWorkspace(t)
	asked := map[string]int{}
	counts := func(rel string) (datafile.Count, bool) {
		asked[rel]++
		return datafile.Count{Rows: 7, Valid: !strings.Contains(rel, "uncounted")}, true
	}
	hint := func(kind schema.Kind, text string, rows RowCounts) (Hint, bool) {
		f := NewFile(toml.Parse([]byte(text)), kind, ws, nil)
		f.Rows = rows
		return f.rowsHint(toml.Range{Start: 0, End: len(text)})
	}
	train := func(dataset string) string { return "[experiment]\ndataset = \"" + dataset + "\"\n" }
	for _, tc := range []struct {
		name, text, label string
		kind              schema.Kind
	}{
		{"the platform's row_count", train("listed"), "# 1,000 rows", schema.Training},
		{"a data/ file, counted", train("local"), "# 7 rows in data/local.jsonl", schema.Training},
		{"a listed dataset without row_count: a file the upload refuses shows none", train("uncounted"), "", schema.Training},
		{"a file name with a control character is escaped", train(`odd\u001b[31mname`), `# 7 rows in data/odd\x1b[31mname.jsonl`, schema.Training},
		{"an unknown name", train("nothing"), "", schema.Training},
		{"a benchmark config", "[experiment]\ndataset = \"listed\"\n", "", schema.Benchmark},
		{"not a string", "[experiment]\ndataset = 3\n", "", schema.Training},
	} {
		h, ok := hint(tc.kind, tc.text, counts)
		if (tc.label == "") == ok || h.Label != tc.label {
			t.Errorf("%s: hint %q (%v), want %q", tc.name, h.Label, ok, tc.label)
		}
		if ok && strings.ContainsRune(h.Tooltip, '\x1b') {
			t.Errorf("%s: tooltip holds a control character: %q", tc.name, h.Tooltip)
		}
	}
	if asked["data/listed.jsonl"] != 0 {
		t.Errorf("the data/ file was asked for although the platform's row_count was known")
	}
	// a listed dataset without row_count: its data/ file's count
	valid := func(string) (datafile.Count, bool) { return datafile.Count{Rows: 3000, Valid: true}, true }
	if h, _ := hint(schema.Training, train("uncounted"), valid); h.Label != "# 3,000 rows in data/uncounted.jsonl" {
		t.Errorf("a listed dataset without row_count: %q", h.Label)
	}
	// without counts nothing is shown from a data/ file
	if h, ok := hint(schema.Training, train("local"), nil); ok {
		t.Errorf("without counts: %q", h.Label)
	}
	// a range that leaves out the value's end: no hint
	f := NewFile(toml.Parse([]byte(train("listed"))), schema.Training, ws, nil)
	if h, ok := f.rowsHint(toml.Range{Start: 0, End: 5}); ok {
		t.Errorf("hint outside the range: %+v", h)
	}
	// an eval's limit says which rows are scored
	eval := func(extra string) string {
		f := NewFile(toml.Parse([]byte(train("listed")+extra)), schema.Eval, ws, nil)
		n, _, ok := f.rows()
		if !ok {
			t.Fatal("no rows")
		}
		return f.rowsNote(n)
	}
	for extra, want := range map[string]string{
		"":                             "No `limit`: `osmosis eval submit` scores a random 10% sample (at least one row); local `osmosis eval run` scores every row.",
		"[evaluation]\nlimit = 200\n":  "`limit = 200`: the first 200 of them are scored, in order.",
		"[evaluation]\nlimit = 5000\n": "`limit = 5000`: every row is scored.",
	} {
		if got := eval(extra); !strings.Contains(got, want) {
			t.Errorf("%q: %q, want %q", extra, got, want)
		}
	}
	if got := eval("[evaluation]\nlimit = \"many\"\n"); strings.Contains(got, "limit") {
		t.Errorf("a limit that is not a whole number: %q", got)
	}
}
