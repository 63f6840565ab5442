package schema

import (
	"embed"
	"io/fs"
	"testing"
)

// files is the embedded schema directory as a file system, for the tests
// that list it; the package reads its files through source.
//
//go:embed schemas/*.json
var files embed.FS

// TestSources holds source to every embedded file, byte for byte.
func TestSources(t *testing.T) {
	names, err := fs.Glob(files, "schemas/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no embedded schemas: %v", err)
	}
	for _, name := range names {
		want, _ := files.ReadFile(name)
		got, err := source(name)
		if err != nil || got != string(want) {
			t.Errorf("%s: source gives %d bytes (%v), the file has %d", name, len(got), err, len(want))
		}
	}
	if _, err := source("schemas/nothing.json"); err == nil {
		t.Error("a source for a file not embedded")
	}
}
