package datafile

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/parquet-go/parquet-go"
)

func parquetCodes(t *testing.T, b []byte) []string {
	t.Helper()
	return codes(Validate(bytes.NewReader(b), "d.parquet", int64(len(b)), Options{}))
}

func TestParquetContent(t *testing.T) {
	prompt := func(n int) []pqPrompt {
		r := make([]pqPrompt, n)
		for i := range r {
			r[i] = pqPrompt{"u", "g"}
		}
		return r
	}
	metas := func(vals ...*string) []pqMetaString {
		r := make([]pqMetaString, len(vals))
		for i, v := range vals {
			r[i].Metadata = v
		}
		return r
	}
	good := strp(`{"k": 1}`)
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"prompt mode", writeParquet(t, prompt(5)), ""},
		{"too few rows", writeParquet(t, prompt(3)), "too-few-rows:0"},
		{"no rows", writeParquet(t, prompt(0)), "parquet-no-rows:0"},
		{"missing columns", writeParquet(t, []struct {
			A string `parquet:"a"`
		}{{"x"}, {"x"}, {"x"}, {"x"}}), "missing-columns:0"},
		{"metadata strings", writeParquet(t, metas(good, good, good, good)), ""},
		{"metadata null", writeParquet(t, metas(good, nil, good, good)), "metadata-missing:0"},
		{"metadata not json", writeParquet(t, metas(good, good, strp("{x"), good)), "metadata-invalid-json:0"},
		{"metadata empty", writeParquet(t, metas(good, good, good, strp("{}"))), "metadata-empty:0"},
		{"metadata type change", writeParquet(t, metas(good, strp(`{"k": "s"}`), good, good)), "metadata-type-mismatch:0"},
		{"metadata int", writeParquet(t, []pqMetaInt{{1}, {2}, {3}, {4}}), "metadata-column-type:0"},
		{"dictionary, snappy, pages v2, small pages and groups", writeParquet(t, []pqMetaDict{{good}, {good}, {nil}, {good}, {strp("[]")}, {good}},
			parquet.Compression(&parquet.Snappy), parquet.DataPageVersion(2), parquet.PageBufferSize(16), parquet.MaxRowsPerRowGroup(2)), "metadata-missing:0 metadata-not-object:0"},
		{"gzip", writeParquet(t, metas(good, good, good, nil), parquet.Compression(&parquet.Gzip)), "metadata-missing:0"},
		{"zstd", writeParquet(t, metas(good, good, good, nil), parquet.Compression(&parquet.Zstd)), "metadata-missing:0"},
		{"lz4 raw", writeParquet(t, metas(good, good, good, nil), parquet.Compression(&parquet.Lz4Raw)), "metadata-missing:0"},
	}
	st := []pqMetaStruct{{}, {}, {}, {}, {}}
	for i := range st {
		st[i].Metadata = &struct {
			K string `parquet:"k"`
			N uint64 `parquet:"n"`
		}{"v", uint64(i)}
	}
	tests = append(tests, struct {
		name string
		file []byte
		want string
	}{"metadata struct", writeParquet(t, st), ""})
	st[1].Metadata = nil
	st[3].Metadata.N = 1 << 63
	tests = append(tests, struct {
		name string
		file []byte
		want string
	}{"metadata struct null and uint64", writeParquet(t, st, parquet.DataPageVersion(1)), "metadata-missing:0 metadata-int-range:0"})
	for _, tt := range tests {
		got := strings.Join(parquetCodes(t, tt.file), " ")
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestParquetMagic(t *testing.T) {
	good := writeParquet(t, []pqPrompt{{"u", "g"}, {"u", "g"}, {"u", "g"}, {"u", "g"}})
	// The upload's reader never looks at the first four bytes.
	noHead := append([]byte("XXXX"), good[4:]...)
	if got := parquetCodes(t, noHead); len(got) != 0 {
		t.Errorf("no leading magic: %v", got)
	}
	tests := []struct {
		name    string
		content string
	}{
		{"not parquet", "not a parquet file at all"},
		{"truncated", string(good[:len(good)-3])},
		{"encrypted footer", "PAR1" + strings.Repeat("\x00", 20) + "PARE"},
		{"too small", "PAR1PAR1"},
		{"footer too long", "PAR1\x00\x00\x00\x00\xff\x00\x00\x00PAR1"},
		{"footer not thrift", "PAR1\xff\xff\xff\xff\x04\x00\x00\x00PAR1"},
	}
	for _, tt := range tests {
		if got := parquetCodes(t, []byte(tt.content)); len(got) != 1 || got[0] != "parquet-invalid:0" {
			t.Errorf("%s: %v", tt.name, got)
		}
	}
	// A stream: only the closing magic.
	for _, s := range []string{string(good), string(noHead)} {
		r := Validate(iotest.HalfReader(strings.NewReader(s)), "d.parquet", -1, Options{})
		wantCodes(t, r, "parquet-not-checked:0")
	}
	r := Validate(iotest.HalfReader(strings.NewReader("PAR1 not really")), "d.parquet", -1, Options{})
	wantCodes(t, r, "parquet-invalid:0")
	r = Validate(strings.NewReader(""), "data.parquet", -1, Options{})
	wantCodes(t, r, "empty-file:0")
}

// seekOnly is an io.ReadSeeker without ReadAt.
type seekOnly struct{ r *bytes.Reader }

func (s seekOnly) Read(p []byte) (int, error)                { return s.r.Read(p) }
func (s seekOnly) Seek(off int64, whence int) (int64, error) { return s.r.Seek(off, whence) }

func TestParquetSeeker(t *testing.T) {
	content := "XXXX" + strings.Repeat("x", 1000) + "PAR1"
	r := Validate(seekOnly{bytes.NewReader([]byte(content))}, "a.parquet", int64(len(content)), Options{})
	wantCodes(t, r, "parquet-not-checked:0")
	var _ io.Reader = seekOnly{}
}
