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
