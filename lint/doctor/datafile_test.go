package doctor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// DataFile gives for one file what doctor's dataset-file check gives for
// it, and nothing for files the upload does not take.
func TestDataFile(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	full(t, ws)
	row := `{"user_prompt": "2*3?", "ground_truth": "6"}` + "\n"
	write(t, filepath.Join(ws, "data", "small.jsonl"), strings.Repeat(row, 3))
	write(t, filepath.Join(ws, "data", "ok.jsonl"), strings.Repeat(row, 4))
	write(t, filepath.Join(ws, "data", "notes.txt"), "not a dataset\n")
	outside := filepath.Join(t.TempDir(), "x.jsonl")
	write(t, outside, strings.Repeat(row, 3))
	if err := os.Symlink(outside, filepath.Join(ws, "data", "linked.jsonl")); err != nil {
		t.Skip("no symlinks:", err)
	}

	got, err := DataFile(filepath.Join(ws, "data", "small.jsonl"), Options{Dir: ws})
	if err != nil {
		t.Fatal(err)
	}
	var want []lint.Finding
	for _, f := range doctor(t, ws, Options{}).Findings {
		if f.Path == "data/small.jsonl" {
			want = append(want, f)
		}
	}
	if len(got) == 0 || len(got) != len(want) || got[0].Rule != lint.RuleDatasetFile || got[0].Message != want[0].Message {
		t.Fatalf("DataFile = %+v\ndoctor says %+v", got, want)
	}
	for _, name := range []string{"ok.jsonl", "notes.txt", "linked.jsonl", "missing.jsonl"} {
		got, err := DataFile(filepath.Join(ws, "data", name), Options{Dir: ws})
		if err != nil || len(got) != 0 {
			t.Errorf("%s: %+v, %v; want nothing", name, got, err)
		}
	}
}

// A link is judged by its target's name, as the upload resolves the path
// first; files the upload refuses that look like datasets get advice.
func TestDataFileNames(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	full(t, ws)
	row := `{"user_prompt": "2*3?", "ground_truth": "6"}` + "\n"
	rows := strings.Repeat(row, 4)
	write(t, filepath.Join(ws, "assets", "train.jsonl"), rows)
	write(t, filepath.Join(ws, "data", "notes.txt"), "not a dataset\n")
	write(t, filepath.Join(ws, "data", "rows.txt"), rows)
	write(t, filepath.Join(ws, "data", "b.ndjson"), rows)
	write(t, filepath.Join(ws, "data", "c.jsonl "), rows)
	write(t, filepath.Join(ws, "data", "d.jsonl.gz"), "\x1f\x8b")
	write(t, filepath.Join(ws, "data", "e.pq"), "PAR1")
	write(t, filepath.Join(ws, "data", "e.parquet"), "x")
	write(t, filepath.Join(ws, "data", "train.txt"), "plain words\n")
	if err := os.Symlink("../assets/train.jsonl", filepath.Join(ws, "data", "train.csv")); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := os.Symlink("train.txt", filepath.Join(ws, "data", "t.jsonl")); err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, f := range doctor(t, ws, Options{}).Findings {
		if f.Rule == lint.RuleDatasetFile {
			got[f.Path] = append(got[f.Path], string(f.Severity)+": "+f.Message)
		}
	}
	want := map[string]string{
		"data/rows.txt":   "warning: data/rows.txt: the file holds JSON Lines (its first line is a JSON object) but `osmosis dataset upload` takes only .jsonl, .csv and .parquet files; rename it to data/rows.jsonl",
		"data/b.ndjson":   "warning: data/b.ndjson: .ndjson is JSON Lines under another name; `osmosis dataset upload` takes only .jsonl, .csv and .parquet files; rename it to data/b.jsonl",
		"data/c.jsonl ":   "warning: data/c.jsonl : the name ends with white space after .jsonl, so the upload reads the extension as \".jsonl \" and refuses the file; `osmosis dataset upload` takes only .jsonl, .csv and .parquet files; rename it to data/c.jsonl",
		"data/d.jsonl.gz": "warning: data/d.jsonl.gz: a compressed dataset; `osmosis dataset upload` takes only .jsonl, .csv and .parquet files, uncompressed: decompress it before uploading",
		"data/e.pq":       "warning: data/e.pq: .pq is Parquet under another name; `osmosis dataset upload` takes only .jsonl, .csv and .parquet files",
		"data/e.parquet":  "error: not a Parquet file the upload can read: the file is 1 bytes, too small for Parquet (at least 12: magic, footer, footer length, magic)",
		"data/t.jsonl":    "error: data/t.jsonl is a link to data/train.txt: the upload resolves the link and refuses a \".txt\" file; it takes .jsonl, .csv and .parquet",
		"data/train.csv":  "",
		"data/notes.txt":  "",
		"data/train.txt":  "",
	}
	for p, w := range want {
		g := strings.Join(got[p], "\n")
		if g != w {
			t.Errorf("%s:\n got %q\nwant %q", p, g, w)
		}
	}
}
