package datafile

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

func TestParquet(t *testing.T) {
	good := "PAR1" + strings.Repeat("\x15\x00", 40) + "\x50\x00\x00\x00PAR1"
	tests := []struct {
		name    string
		content string
		want    string
	}{
		{"magic at both ends", good, "parquet-not-checked:0"},
		{"smallest shape", "PAR1\x00\x00\x00\x00PAR1", "parquet-not-checked:0"},
		{"not parquet", "not a parquet file at all", "parquet-invalid:0"},
		{"truncated", good[:len(good)-3], "parquet-invalid:0"},
		{"encrypted footer", "PAR1" + strings.Repeat("\x00", 20) + "PARE", "parquet-invalid:0"},
		{"too small", "PAR1PAR1", "parquet-invalid:0"},
		{"tiny", "P", "parquet-invalid:0"},
	}
	readers := map[string]func(string) io.Reader{
		"ReaderAt": func(s string) io.Reader { return bytes.NewReader([]byte(s)) },
		"stream":   func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
	}
	for _, tt := range tests {
		for rname, mk := range readers {
			for _, size := range []int64{int64(len(tt.content)), -1} {
				r := Validate(mk(tt.content), "data.parquet", size, Options{})
				if got := codes(r); len(got) != 1 || got[0] != tt.want {
					t.Errorf("%s/%s/size %d: problems %v, want %s", tt.name, rname, size, got, tt.want)
				}
				if r.Rows != -1 || r.Format != FormatParquet {
					t.Errorf("%s: rows %d format %v", tt.name, r.Rows, r.Format)
				}
			}
		}
	}
	r := Validate(strings.NewReader(""), "data.parquet", -1, Options{})
	wantCodes(t, r, "empty-file:0")
	r = check("data.parquet", good)
	if p := r.Problems[0]; p.Severity != lint.Info || !strings.Contains(p.Message, "not checked") || !r.Valid() {
		t.Errorf("got %s", p)
	}
	r = check("data.parquet", "PAR1 not really")
	if msg := r.Problems[0].Message; !strings.Contains(msg, `does not end with the Parquet magic bytes "PAR1" (found "ally")`) {
		t.Errorf("message %q", msg)
	}
}

// seekOnly is an io.ReadSeeker without ReadAt.
type seekOnly struct{ r *bytes.Reader }

func (s seekOnly) Read(p []byte) (int, error)                { return s.r.Read(p) }
func (s seekOnly) Seek(off int64, whence int) (int64, error) { return s.r.Seek(off, whence) }

func TestParquetSeeker(t *testing.T) {
	content := "PAR1" + strings.Repeat("x", 1000) + "PAR1"
	r := Validate(seekOnly{bytes.NewReader([]byte(content))}, "a.parquet", int64(len(content)), Options{})
	wantCodes(t, r, "parquet-not-checked:0")
}
