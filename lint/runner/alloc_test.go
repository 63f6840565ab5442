package runner

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Allocation budgets of a run over ordinary configs, per config, outside
// the TOML parser (the parser's own allocations are counted apart and
// reported): the walk and workspace listing, reading, the input, the
// rules, validation and the result. A clean config costs about 10.3 to
// 10.8 allocations and 2.5 KB outside the parser (the file's bytes
// included; 9.4 before the credential walk learnt keys, table names and
// NAME=value strings and the workspace root stopped holding a descriptor
// between reads; 21.7 and 3.4 KB before the findings pipeline learnt to do
// nothing for a clean file): the file's bytes, its input and workspace
// view, one directory entry's path and one walk of its credentials are
// what is left.
const (
	allocsPerConfig = 11
	bytesPerConfig  = 5 << 9 // 2.5 KB
)

// The parser's budgets, per config: it allocates per document, not per key
// (12 allocations and 7.0 KB for a document of its own, where it once took
// 169 and 14.3 KB), and the run hands it the buffer it read, which it
// reads without a copy, and releases each document once checked: the next
// config is parsed into the same memory (1 allocation and 288 bytes when
// set, the document itself).
const (
	parseAllocsPerConfig = 2
	parseBytesPerConfig  = 1 << 10
)

// The whole run's, per config: the goal is at most 60 allocations and 6 KB
// (11.3 to 11.8 and 2.8 KB when set).
const (
	runAllocsPerConfig = 13
	runBytesPerConfig  = 3 << 10
)

// TestRunAllocations holds a run over 200 clean configs (as
// BenchmarkRun1000's) to the budgets above.
func TestRunAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	if testing.Short() {
		t.Skip("a run over 200 configs")
	}
	const n = 200
	root := benchWorkspace(t, n)
	opts := Options{Dir: root, Root: root}
	out, err := Run(nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Files) != n {
		t.Fatalf("%d files checked", len(out.Files))
	}
	var srcs [][]byte
	for _, r := range out.Files {
		for _, f := range r.Findings {
			if f.IsError() {
				t.Fatalf("%s: %s [%s]", r.Path, f.Message, f.Rule)
			}
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.Path)))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, b)
	}
	parseAllocs, parseBytes := measure(func() {
		for _, b := range srcs {
			toml.ParseOwned(b).Release() // as the run hands its buffers over
		}
	})
	runAllocs, runBytes := measure(func() {
		if _, err := Run(nil, opts); err != nil {
			t.Fatal(err)
		}
	})
	perAllocs := (runAllocs - parseAllocs) / n
	perBytes := (runBytes - parseBytes) / n
	t.Logf("per config: %.1f allocations and %.0f bytes in all; the parser's %.1f and %.0f, the rest %.1f and %.0f",
		runAllocs/n, runBytes/n, parseAllocs/n, parseBytes/n, perAllocs, perBytes)
	if a := runAllocs / n; a > runAllocsPerConfig {
		t.Errorf("%.1f allocations a config in all, budget %d", a, runAllocsPerConfig)
	}
	if b := runBytes / n; b > runBytesPerConfig {
		t.Errorf("%.0f bytes a config in all, budget %d", b, runBytesPerConfig)
	}
	if perAllocs > allocsPerConfig {
		t.Errorf("%.1f allocations a config outside the parser, budget %d", perAllocs, allocsPerConfig)
	}
	if perBytes > bytesPerConfig {
		t.Errorf("%.0f bytes a config outside the parser, budget %d", perBytes, bytesPerConfig)
	}
	if a := parseAllocs / n; a > parseAllocsPerConfig {
		t.Errorf("%.1f allocations a config in the parser, budget %d", a, parseAllocsPerConfig)
	}
	if b := parseBytes / n; b > parseBytesPerConfig {
		t.Errorf("%.0f bytes a config in the parser, budget %d", b, parseBytesPerConfig)
	}
}

// measure returns the mean allocations and bytes of fn over a few runs.
func measure(fn func()) (allocs, bytes float64) {
	const runs = 3
	fn() // warm: schemas, pools
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		fn()
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / runs, float64(after.TotalAlloc-before.TotalAlloc) / runs
}
