package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema/toml/tomltest"
)

// boundedShapes are the configs that once crashed the run or grew its
// memory without bound: the parser's, and two that reach the rules.
var boundedShapes = append(slices.Clip(tomltest.Shapes),
	tomltest.Shape{Name: "deep dotted key in an inline table", Full: 4_000_000, Gen: func(n int) []byte { return []byte("x = {" + strings.Repeat("a.", n) + "a = 1}\n") }},
	tomltest.Shape{Name: "many unknown keys", Full: 1_000_000, Gen: func(n int) []byte { return tomltest.Keys("training", n) }},
)

// TestRunMemoryBounded checks each shape as `check` does, through Run: the
// path the command line, the coding-agent hook and the MCP server share.
// The heap it needs, sampled while it runs, stays under 10 times the file
// plus a constant, and a file past a limit gets the one finding that says
// where reading stopped.
func TestRunMemoryBounded(t *testing.T) {
	for _, s := range boundedShapes {
		t.Run(s.Name, func(t *testing.T) {
			n := s.Full
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
			src := s.Gen(n)
			size := uint64(len(src))
			if err := os.WriteFile(file, src, 0o644); err != nil {
				t.Fatal(err)
			}
			src = nil
			var res *Result
			peak, _ := tomltest.PeakHeap(func() {
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
