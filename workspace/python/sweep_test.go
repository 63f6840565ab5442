package python

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/python/pythontest"
)

// stdlibFiles lists the .py files of the standard libraries installed
// here: pyenv's 3.12 and 3.13 and Debian's python3.x.
func stdlibFiles(t testing.TB) []string {
	var roots []string
	for _, v := range pythontest.Versions {
		if py := pythontest.Find(v); py != "" {
			lib := filepath.Join(filepath.Dir(filepath.Dir(py)), "lib", "python"+v)
			roots = append(roots, lib)
		}
	}
	debian, _ := filepath.Glob("/usr/lib/python3.*")
	roots = append(roots, debian...)
	var files []string
	for _, root := range roots {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && (d.Name() == "site-packages" || d.Name() == "dist-packages") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, ".py") && d.Type().IsRegular() {
				files = append(files, path)
			}
			return nil
		})
	}
	return files
}

// TestStdlibSweep: compile() and the reader on every .py file of the
// standard libraries installed here; no file that compiles is reported.
func TestStdlibSweep(t *testing.T) {
	files := stdlibFiles(t)
	if len(files) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("no Python standard library is installed, and CI is set")
		}
		t.Skip("no Python standard library is installed here")
	}
	if testing.Short() || raceEnabled {
		// Every 20th file keeps -short quick; the full sweep runs without it.
		var some []string
		for i := 0; i < len(files); i += 20 {
			some = append(some, files[i])
		}
		files = some
	}
	samples := make([]sample, 0, len(files))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, sample{f, src})
	}
	compare(t, samples).report(t, "files", true)
}
