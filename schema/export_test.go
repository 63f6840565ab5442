package schema

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestExportGolden holds the exported schema of every kind (what
// `osmosis-lint schema KIND` prints and editors load) to its golden file,
// byte for byte: a change of the decoder, the bundling or the sources
// shows here. -update rewrites the files; there is one per kind and no
// other.
func TestExportGolden(t *testing.T) {
	dir := filepath.Join("testdata", "export")
	var want []string
	for _, k := range Kinds() {
		name := string(k) + ".json"
		want = append(want, name)
		path := filepath.Join(dir, name)
		got := For(k).JSON()
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		golden, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v (run with -update)", k, err)
		}
		if !bytes.Equal(got, golden) {
			t.Errorf("%s: the exported schema (%d bytes) differs from %s (%d bytes); go test ./schema -run TestExportGolden -update rewrites it", k, len(got), path, len(golden))
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, e := range entries {
		have = append(have, e.Name())
	}
	sort.Strings(want)
	if strings.Join(have, ",") != strings.Join(want, ",") {
		t.Errorf("%s holds %v, want one file a kind: %v", dir, have, want)
	}
}
