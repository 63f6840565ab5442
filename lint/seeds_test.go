package lint

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// TestWriteFuzzSeeds rebuilds testdata/fuzz/FuzzCheck from real configs:
// the example workspace's (checked inside it), every hand-written
// conformance case and a sample of the generated ones. Run with
// -update after those sources change.
func TestWriteFuzzSeeds(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzCheck")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	kindIndex := func(k schema.Kind) int {
		for i, x := range schema.Kinds() {
			if x == k {
				return i
			}
		}
		t.Fatalf("kind %q", k)
		return 0
	}
	write := func(name string, src []byte, sel int) {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nbyte(%q)\n", src, byte(sel))
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	configs, _ := filepath.Glob("../workspace/example/configs/*/*.toml")
	for _, p := range configs {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := schema.ParseKind(filepath.Base(filepath.Dir(p)))
		write("example-"+strings.TrimSuffix(filepath.Base(p), ".toml"), src, kindIndex(k)+3)
	}
	for _, file := range []string{"cases.json", "generated.json.gz"} {
		var cases []conformanceCase
		f, err := os.Open(filepath.Join("testdata", "conformance", file))
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(f)
		if strings.HasSuffix(file, ".gz") {
			zr, err := gzip.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			dec = json.NewDecoder(zr)
		}
		err = dec.Decode(&cases)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			if file != "cases.json" && i%26 != 0 {
				continue
			}
			k, ok := schema.ParseKind(c.Kind)
			if !ok {
				t.Fatalf("%s: kind %q", c.ID, c.Kind)
			}
			// every other case inside the example workspace
			write("conformance-"+c.ID, c.source(t), kindIndex(k)+3*(i%2))
		}
	}
}

// TestWriteFixerSeeds rebuilds the seed-* files of
// testdata/fuzz/FuzzFixer: conformance cases with fixes whose edits
// overlap, touch and leave the file. Inputs the fuzzer found (found-*)
// stay. Run with -update.
func TestWriteFixerSeeds(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzFixer")
	old, _ := filepath.Glob(filepath.Join(dir, "seed-*"))
	for _, p := range old {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, file := range conformanceFiles {
		for i, c := range loadCases(t, filepath.Join("testdata", "conformance", file)) {
			if i%40 != 0 {
				continue
			}
			src := c.source(t)
			// a run of edits close together: overlapping and adjacent
			at := r.IntN(256)
			var plan []byte
			for j := 0; j < 2+r.IntN(4); j++ {
				plan = append(plan, byte(r.IntN(3)), byte(r.IntN(7)))
				for k := 0; k < 3; k++ {
					reach := byte(r.IntN(6))
					if r.IntN(3) == 0 {
						reach |= 0x80
					}
					plan = append(plan, byte(min(at+r.IntN(3), 255)), reach, byte(r.IntN(len(planTexts))))
				}
			}
			k, _ := schema.ParseKind(c.Kind)
			sel := byte(slices.Index(schema.Kinds(), k) + 3*r.IntN(2))
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n[]byte(%q)\nbyte(%q)\n", src, plan, sel)
			if err := os.WriteFile(filepath.Join(dir, "seed-"+c.ID), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
