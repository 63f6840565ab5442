package schema

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

// seed is one input of a seed corpus: a config and its kind.
type seed struct {
	name string
	src  []byte
	kind Kind
}

// realSeeds collects real configs with their kinds: the example
// workspace's configs, every hand-written conformance case and one in every
// sample of the generated ones. root is the path to the module root.
func realSeeds(t *testing.T, root string, sample int) []seed {
	t.Helper()
	var out []seed
	configs, _ := filepath.Glob(filepath.Join(root, "workspace/example/configs/*/*.toml"))
	for _, p := range configs {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := ParseKind(filepath.Base(filepath.Dir(p)))
		out = append(out, seed{"example-" + strings.TrimSuffix(filepath.Base(p), ".toml"), src, k})
	}
	type conformance struct {
		ID   string `json:"id"`
		Kind string `json:"kind"`
		TOML string `json:"toml"`
		B64  string `json:"toml_b64"`
	}
	for _, file := range []string{"cases.json", "generated.json.gz"} {
		var cases []conformance
		readSeedJSON(t, filepath.Join(root, "lint/testdata/conformance", file), &cases)
		for i, c := range cases {
			if file != "cases.json" && i%sample != 0 {
				continue
			}
			src := []byte(c.TOML)
			if c.B64 != "" {
				b, err := base64.StdEncoding.DecodeString(c.B64)
				if err != nil {
					t.Fatal(err)
				}
				src = b
			}
			k, ok := ParseKind(c.Kind)
			if !ok {
				t.Fatalf("%s: kind %q", c.ID, c.Kind)
			}
			out = append(out, seed{"conformance-" + c.ID, src, k})
		}
	}
	return out
}

// writeSeeds replaces the corpus of a fuzz target with seeds encoded as a
// config and a kind byte (the index of the kind in Kinds()).
func writeSeeds(t *testing.T, target string, seeds []seed) {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", target)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range seeds {
		k := byte(0)
		for i, x := range Kinds() {
			if x == s.kind {
				k = byte(i)
			}
		}
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nbyte(%q)\n", s.src, k)
		if err := os.WriteFile(filepath.Join(dir, s.name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readSeedJSON(t *testing.T, name string, v any) {
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

// TestWriteFuzzSeeds rebuilds testdata/fuzz/FuzzValidate; run with
// -update after the example configs or conformance cases change.
func TestWriteFuzzSeeds(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the corpus")
	}
	writeSeeds(t, "FuzzValidate", realSeeds(t, "../", 26))
}
