package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// rowsHint returns the dataset's row-count hint of a config, "" for none.
func rowsHint(c *client, path string, e rng) (inlayHint, bool) {
	var hints []inlayHint
	c.mustCall("textDocument/inlayHint", map[string]any{"textDocument": textDoc(path), "range": e}, &hints)
	for _, h := range hints {
		if strings.Contains(h.label(), " row") {
			return h, true
		}
	}
	return inlayHint{}, false
}

// TestRowsFromDataFile: the example workspace has data/multiply.jsonl (12
// rows) and no saved dataset list. The first hover asks for the count in
// the background and shows none; once counted, the client is asked to
// refresh its inlay hints, and hover and the inlay hint after the
// dataset's value show the rows, read once for every request.
func TestRowsFromDataFile(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{encodings: []string{"utf-8"}, inlayRefresh: true})
	path := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	text := readFile(t, path)
	c.open(path, text)
	valueAt := posOf(t, text, `"multiply"`, 2, false)
	all := span(0, 0, uint32(strings.Count(text, "\n")+1), 0)

	var reads atomic.Int32
	stop := disk.Observe(func(a disk.Access) {
		if a.Op == "read" && strings.HasSuffix(a.Path, filepath.Join("data", "multiply.jsonl")) {
			reads.Add(1)
		}
	})
	defer stop()

	var h hover
	c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(path), "position": valueAt}, &h)
	c.srv.rows.Wait()
	deadline := time.Now().Add(waitFor)
	for {
		c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(path), "position": valueAt}, &h)
		if strings.Contains(h.Contents.Value, "12 rows") || time.Now().After(deadline) {
			break
		}
		c.srv.rows.Wait()
	}
	waitCall(t, c, "workspace/inlayHint/refresh")
	for _, want := range []string{"**12 rows** in `data/multiply.jsonl`", "No `limit`: `osmosis eval submit` scores a random 10% sample"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover lacks %q:\n%s", want, h.Contents.Value)
		}
	}
	hint, ok := rowsHint(c, path, all)
	if !ok || hint.label() != "# 12 rows in data/multiply.jsonl" {
		t.Fatalf("hint %+v, %v", hint, ok)
	}
	if want := posOf(t, text, `"multiply"`, len(`"multiply"`), false); hint.Position != want {
		t.Errorf("hint at %+v, want after the value at %+v", hint.Position, want)
	}
	if !strings.Contains(string(hint.Tooltip), "the uploaded dataset can differ") {
		t.Errorf("tooltip %s", hint.Tooltip)
	}
	for range 5 {
		rowsHint(c, path, all)
	}
	c.srv.rows.Wait()
	if reads.Load() != 1 {
		t.Errorf("data/multiply.jsonl read %d times for 7 requests, want once", reads.Load())
	}

	// a changed file is counted anew
	writeFile(t, filepath.Join(root, "data", "multiply.jsonl"), strings.Repeat(`{"user_prompt": "1*2", "system_prompt": "s", "ground_truth": "2"}`+"\n", 1000))
	rowsHint(c, path, all)
	c.srv.rows.Wait()
	if hint, _ := rowsHint(c, path, all); hint.label() != "# 1,000 rows in data/multiply.jsonl" {
		t.Errorf("after the change: %q", hint.label())
	}
	if reads.Load() != 2 {
		t.Errorf("read %d times, want twice (once per content)", reads.Load())
	}
}

// TestRowsFromDatasetList: with a saved dataset list, the platform's
// row_count is shown at once, nothing is read, and an eval's limit says
// how many rows it scores.
func TestRowsFromDatasetList(t *testing.T) {
	root := newWorkspace(t, map[string]string{
		"datasets.json": `{"items": [{"file_name": "multiply", "status": "uploaded", "row_count": 1000}]}`,
	})
	writeFile(t, filepath.Join(root, "pyproject.toml"), readFile(t, filepath.Join(root, "pyproject.toml"))+"datasets = \"datasets.json\"\n")
	c := start(t, root, caps{encodings: []string{"utf-8"}})
	path := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	text := strings.Replace(readFile(t, path), "n = 4", "n = 4\nlimit = 200", 1)
	c.open(path, text)
	var reads atomic.Int32
	stop := disk.Observe(func(a disk.Access) {
		if a.Op == "read" && strings.Contains(a.Path, string(filepath.Separator)+"data"+string(filepath.Separator)) {
			reads.Add(1)
		}
	})
	defer stop()
	hint, ok := rowsHint(c, path, span(0, 0, 40, 0))
	if !ok || hint.label() != "# 1,000 rows" {
		t.Fatalf("hint %+v, %v", hint, ok)
	}
	var h hover
	c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(path), "position": posOf(t, text, "dataset", 1, false)}, &h)
	for _, want := range []string{"**1,000 rows** on the platform (`row_count` in datasets.json)", "`limit = 200`: the first 200 of them are scored"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover lacks %q:\n%s", want, h.Contents.Value)
		}
	}
	for _, no := range []string{"validation", "train /"} {
		if strings.Contains(h.Contents.Value, no) {
			t.Errorf("hover says %q, which the platform's docs do not make certain:\n%s", no, h.Contents.Value)
		}
	}
	c.srv.rows.Wait()
	if reads.Load() != 0 {
		t.Errorf("data/ read %d times with the platform's row_count at hand", reads.Load())
	}
}

// waitCall waits for the server to send the client a request.
func waitCall(t *testing.T, c *client, method string) {
	t.Helper()
	deadline := time.After(waitFor)
	for {
		c.mu.Lock()
		sent := slices.Contains(c.calls, method)
		c.mu.Unlock()
		if sent {
			return
		}
		select {
		case <-c.changed:
		case <-deadline:
			c.mu.Lock()
			calls := slices.Clone(c.calls)
			c.mu.Unlock()
			t.Fatalf("no %s request; the server asked %v", method, calls)
		}
	}
}
