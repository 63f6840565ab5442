package datafile

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

const countRow = `{"user_prompt": "1*2", "system_prompt": "s", "ground_truth": "2"}` + "\n"

// TestCounts: a count is made by validating the file once; an unchanged
// file is never read again, a changed one is read once more, and Cached
// reads no content.
func TestCounts(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "data"), 0o755)
	file := filepath.Join(root, "data", "train.jsonl")
	os.WriteFile(file, []byte(strings.Repeat(countRow, 10)), 0o644)
	ws, err := workspace.Load(root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var reads atomic.Int32
	stop := disk.Observe(func(a disk.Access) {
		if a.Op == "read" && a.Path == file {
			reads.Add(1)
		}
	})
	defer stop()
	c := NewCounts()
	if _, ok := c.Cached(ws, "data/train.jsonl"); ok || reads.Load() != 0 {
		t.Fatalf("an empty cache answered, or read the file (%d reads)", reads.Load())
	}
	for range 3 {
		n, ok := c.Count(ws, "data/train.jsonl")
		if !ok || n != (Count{Rows: 10, Valid: true}) {
			t.Fatalf("count %+v, %v", n, ok)
		}
	}
	c.Start(ws, "data/train.jsonl", func(bool) { t.Error("a cached file was counted in the background") })
	c.Wait()
	if reads.Load() != 1 {
		t.Errorf("read %d times, want once", reads.Load())
	}
	os.WriteFile(file, []byte(strings.Repeat(countRow, 3)), 0o644)
	if _, ok := c.Cached(ws, "data/train.jsonl"); ok {
		t.Error("a changed file's old count was given")
	}
	counted := make(chan bool, 1)
	c.Start(ws, "data/train.jsonl", func(ok bool) { counted <- ok })
	c.Start(ws, "data/train.jsonl", nil) // under way: not a second read
	c.Wait()
	if !<-counted {
		t.Fatal("the background count failed")
	}
	if n, ok := c.Cached(ws, "data/train.jsonl"); !ok || n != (Count{Rows: 3, Valid: false}) {
		t.Errorf("after the change: %+v, %v (3 rows are too few for the upload)", n, ok)
	}
	if reads.Load() != 2 {
		t.Errorf("read %d times, want twice (once per content)", reads.Load())
	}
	if _, ok := c.Count(ws, "data/missing.jsonl"); ok {
		t.Error("a missing file was counted")
	}
	if _, ok := c.Count(ws, "../outside.jsonl"); ok {
		t.Error("a path outside the workspace was counted")
	}
}
