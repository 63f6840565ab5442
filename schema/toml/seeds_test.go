package toml

import (
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated files under testdata/ (goldens, the fuzz seed corpus)")

// TestWriteFuzzSeeds rebuilds testdata/fuzz/FuzzParse from real inputs:
// the example workspace's configs, the conformance cases of the lint
// package and a sample of the tomllib agreement cases (valid and invalid).
// Run with -update after those sources change.
func TestWriteFuzzSeeds(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzParse")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, src []byte) {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", src)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	configs, _ := filepath.Glob("../../workspace/example/configs/*/*.toml")
	for _, p := range configs {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		write("example-"+strings.TrimSuffix(filepath.Base(p), ".toml"), src)
	}
	var cases []struct {
		ID   string `json:"id"`
		TOML string `json:"toml"`
	}
	readJSON(t, "../../lint/testdata/conformance/cases.json", &cases)
	for _, c := range cases {
		write("conformance-"+c.ID, []byte(c.TOML))
	}
	var lib []struct {
		ID  string `json:"id"`
		B64 string `json:"toml_b64"`
	}
	readJSON(t, "testdata/tomllib.json.gz", &lib)
	for i, c := range lib {
		if i%8 != 0 {
			continue
		}
		src, err := base64.StdEncoding.DecodeString(c.B64)
		if err != nil {
			t.Fatal(err)
		}
		write("tomllib-"+c.ID, src)
	}
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		dec = json.NewDecoder(zr)
	}
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
