package toml

import (
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"
)

// TestAgreesWithTomllib replays small documents with the verdict of Python's
// tomllib (the parser of the osmosis CLI): the document has syntax errors
// exactly when tomllib rejects it.
func TestAgreesWithTomllib(t *testing.T) {
	cases := loadTomllibCases(t)
	bad := 0
	for _, c := range cases {
		src := c.src
		d := Parse(src)
		got := len(d.Errors) == 0
		if got != c.Valid {
			bad++
			if bad <= 40 {
				msg := ""
				if len(d.Errors) > 0 {
					msg = d.Errors[0].Message
				}
				t.Errorf("%s: tomllib valid=%v, we valid=%v (%s)\n%q", c.ID, c.Valid, got, msg, src)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d documents disagree with tomllib", bad, len(cases))
	}
}

type tomllibCase struct {
	ID    string `json:"id"`
	B64   string `json:"toml_b64"`
	Valid bool   `json:"valid"`
	src   []byte
}

// loadTomllibCases reads the documents of testdata/tomllib.json.gz with
// tomllib's verdict on each.
func loadTomllibCases(t *testing.T) []tomllibCase {
	t.Helper()
	f, err := os.Open("testdata/tomllib.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var cases []tomllibCase
	if err := json.NewDecoder(zr).Decode(&cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 1000 {
		t.Fatalf("only %d cases", len(cases))
	}
	for i := range cases {
		if cases[i].src, err = base64.StdEncoding.DecodeString(cases[i].B64); err != nil {
			t.Fatalf("%s: %v", cases[i].ID, err)
		}
	}
	return cases
}

// tomllibCases is the documents of loadTomllibCases alone.
func tomllibCases(t *testing.T) [][]byte {
	var out [][]byte
	for _, c := range loadTomllibCases(t) {
		out = append(out, c.src)
	}
	return out
}
