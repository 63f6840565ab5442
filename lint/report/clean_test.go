package report

import (
	"fmt"
	"io"
	"testing"
)

// TestCleanFilesCostNothing holds a report of clean files to no work per
// file beyond listing it (JUnit's test case, SARIF's artifact): nothing to
// mask or hash, so no parse of a file that has no finding (a parse and a
// masking cost some twenty allocations).
func TestCleanFilesCostNothing(t *testing.T) {
	src := []byte("[experiment]\nrollout = \"multiply-agent\"\n\n[env]\nAPI_KEY = \"sk-abcdefghijklmnopqrstuvwx\"\n")
	files := func(n int) []File {
		fs := make([]File, n)
		for i := range fs {
			fs[i] = File{Path: fmt.Sprintf("configs/training/run-%03d.toml", i), Src: src}
		}
		return fs
	}
	one, many := files(1), files(200)
	for _, format := range []Format{Text, Full, Concise, Grouped, SARIF, GitLab, GitHub, JUnit} {
		a1 := testing.AllocsPerRun(5, func() { Write(io.Discard, format, one, Options{}) })
		a2 := testing.AllocsPerRun(5, func() { Write(io.Discard, format, many, Options{}) })
		per := (a2 - a1) / float64(len(many)-len(one))
		t.Logf("%s: %.0f allocations for one clean file, %.2f for each more", format, a1, per)
		if per > 10 {
			t.Errorf("%s: %.1f allocations for each clean file, want at most 10 (none parsed)", format, per)
		}
	}
}
