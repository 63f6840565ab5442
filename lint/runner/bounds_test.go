package runner

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// boundedShapes are the configs that once crashed the run or grew its
// memory without bound, at the size they were found at (full; built at n).
var boundedShapes = []struct {
	name string
	full int
	gen  func(n int) []byte
}{
	{"deep dotted key", 4_000_000, func(n int) []byte { return []byte(strings.Repeat("a.", n) + "a = 1\n") }},
	{"deep table header", 4_000_000, func(n int) []byte { return []byte("[" + strings.Repeat("a.", n) + "a]\nx = 1\n") }},
	{"deep dotted key in an inline table", 4_000_000, func(n int) []byte { return []byte("x = {" + strings.Repeat("a.", n) + "a = 1}\n") }},
	{"huge array", 25_000_000, func(n int) []byte { return []byte("[advanced]\nx = [" + strings.Repeat("1,", n) + "]\n") }},
	{"many keys", 1_000_000, func(n int) []byte {
		var b bytes.Buffer
		b.WriteString("[advanced]\n")
		for i := range n {
			fmt.Fprintf(&b, "key_%d = %d\n", i, i)
		}
		return b.Bytes()
	}},
	{"many unknown keys", 1_000_000, func(n int) []byte {
		var b bytes.Buffer
		b.WriteString("[training]\n")
		for i := range n {
			fmt.Fprintf(&b, "key_%d = %d\n", i, i)
		}
		return b.Bytes()
	}},
	{"many tables", 500_000, func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "[t%d]\n", i)
		}
		return b.Bytes()
	}},
	{"long string", 50_000_000, func(n int) []byte { return []byte("[advanced]\nx = \"" + strings.Repeat("a", n) + "\"\n") }},
}

// TestRunMemoryBounded checks each shape as `check` does, through Run: the
// path the command line, the coding-agent hook and the MCP server share.
// The heap it needs, sampled while it runs, stays under 10 times the file
// plus a constant, and a file past a limit gets the one finding that says
// where reading stopped.
func TestRunMemoryBounded(t *testing.T) {
	for _, s := range boundedShapes {
		t.Run(s.name, func(t *testing.T) {
			n := s.full
			switch {
			case raceEnabled:
				n /= 64
			case testing.Short():
				n /= 8
			}
			ws := t.TempDir()
			tree(t, ws, map[string]string{".git/HEAD": "", "data/.gitkeep": "", "configs/eval/.gitkeep": ""})
			file := filepath.Join(ws, "configs", "training", "big.toml")
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			src := s.gen(n)
			size := uint64(len(src))
			if err := os.WriteFile(file, src, 0o644); err != nil {
				t.Fatal(err)
			}
			src = nil
			var res *Result
			peak := peakHeap(func() {
				var err error
				if res, err = Run([]string{file}, Options{Dir: ws, Home: t.TempDir()}); err != nil {
					t.Fatal(err)
				}
			})
			bound := 10*size + 256<<20
			t.Logf("%d MB: peak heap %d MB", size>>20, peak>>20)
			if peak > bound {
				t.Errorf("%d bytes: peak heap %d MB, over 10x the file plus 256 MB (%d MB)", size, peak>>20, bound>>20)
			}
			if len(res.Files) != 1 {
				t.Fatalf("%d file results", len(res.Files))
			}
			stops := 0
			for _, f := range res.Files[0].Findings {
				if f.Rule == lint.RuleTOMLSyntax && strings.Contains(f.Message, "stops reading the file here") {
					stops++
				}
			}
			if stops > 1 {
				t.Errorf("%d findings say where reading stopped, want at most one", stops)
			}
		})
	}
}

// peakHeap runs f and returns the peak of the heap in use above what it
// was before, sampled every millisecond and at the end.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var mu sync.Mutex
	var peak uint64
	sample := func() {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		mu.Lock()
		if m.HeapInuse > before.HeapInuse {
			peak = max(peak, m.HeapInuse-before.HeapInuse)
		}
		mu.Unlock()
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				sample()
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	sample()
	return peak
}
