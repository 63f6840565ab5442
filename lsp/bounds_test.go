package lsp

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The configs that once crashed the server or grew its memory without
// bound (a 40 KB deep dotted key took it past 2 GiB), opened in the editor
// and written on disk (so that the workspace lint and the index at start
// read them too): the server's peak resident memory stays under 10 times
// the document plus a constant, and it answers after.
func TestHostileDocumentMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	if raceEnabled {
		t.Skip("the race detector multiplies memory use")
	}
	keys := func(section string) func(n int) string {
		return func(n int) string {
			var b bytes.Buffer
			b.WriteString(section)
			for i := range n {
				fmt.Fprintf(&b, "key_%d = %d\n", i, i)
			}
			return b.String()
		}
	}
	shapes := []struct {
		name string
		full int
		gen  func(n int) string
	}{
		{"deep dotted key", 4_000_000, func(n int) string { return strings.Repeat("a.", n) + "a = 1\n" }},
		{"deep dotted key, 40 KB", 20_000, func(n int) string { return "[experiment]\n" + strings.Repeat("a.", n) + "rollout = \"x\"\n" }},
		// as many keys as deep as the limits let through: a walk that
		// copies the path at each level is quadratic here
		{"deep keys within the limits", 64, func(n int) string {
			var b strings.Builder
			b.WriteString("[advanced]\n")
			for i := range n {
				fmt.Fprintf(&b, "k%d.%sa = 1\n", i, strings.Repeat("a.", 997))
			}
			return b.String()
		}},
		{"deep table header", 4_000_000, func(n int) string { return "[" + strings.Repeat("a.", n) + "a]\nx = 1\n" }},
		{"huge array", 8_000_000, func(n int) string { return "[advanced]\nx = [" + strings.Repeat("1,", n) + "]\n" }},
		{"many keys", 1_000_000, keys("[advanced]\n")},
		{"many unknown keys", 1_000_000, keys("[training]\n")},
		{"many tables", 500_000, func(n int) string {
			var b bytes.Buffer
			for i := range n {
				fmt.Fprintf(&b, "[t%d]\n", i)
			}
			return b.String()
		}},
		{"long string", 16_000_000, func(n int) string { return "[advanced]\nx = \"" + strings.Repeat("a", n) + "\"\n" }},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			n := s.full
			if testing.Short() {
				// a sample of the large shapes; the ones that once
				// crashed the server (up to the 40 KB dotted key) stay
				// whole
				n = max(n/32, min(n, 20_000))
			}
			root := newWorkspace(t, nil)
			file := filepath.Join(root, "configs", "training", "big.toml")
			doc := s.gen(n)
			size := int64(len(doc))
			if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			c, cmd := startServerProcess(t, root, caps{})
			pid := cmd.Process.Pid
			base := procStatus(t, pid, "VmRSS")
			c.open(file, doc)
			doc = ""
			c.waitVersion(file, 1)
			td := map[string]any{"textDocument": textDoc(file)}
			c.mustCall("textDocument/documentSymbol", td, nil)
			c.mustCall("textDocument/foldingRange", td, nil)
			c.mustCall("workspace/symbol", map[string]any{"query": "a"}, nil)
			peak := procStatus(t, pid, "VmHWM") - base
			bound := 10*size + 256<<20
			t.Logf("document %d KB: peak %d MB over the start", size>>10, peak>>20)
			if peak > bound {
				t.Errorf("peak resident memory %d MB over the start, over 10x the document plus 256 MB (%d MB)", peak>>20, bound>>20)
			}
			c.mustCall("shutdown", nil, nil)
			c.notify("exit", nil)
			if err := cmd.Wait(); err != nil {
				t.Errorf("server exit: %v", err)
			}
		})
	}
}
