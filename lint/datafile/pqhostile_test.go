package datafile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// withFooter rewrites the footer of a Parquet file through edit.
func withFooter(t *testing.T, file []byte, edit func(*format.FileMetaData)) []byte {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(file[len(file)-8:]))
	body := file[:len(file)-8-n]
	var md format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), file[len(file)-8-n:len(file)-8], &md); err != nil {
		t.Fatal(err)
	}
	edit(&md)
	footer, err := thrift.Marshal(new(thrift.CompactProtocol), &md)
	if err != nil {
		t.Fatal(err)
	}
	out := append(append([]byte{}, body...), footer...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(footer)))
	return append(out, "PAR1"...)
}

func TestParquetHostileFooter(t *testing.T) {
	ok := writeParquet(t, []pqMetaString{{strp(`{"k": 1}`)}, {strp(`{"k": 1}`)}, {strp(`{"k": 1}`)}, {strp(`{"k": 1}`)}})
	tests := []struct {
		name string
		edit func(*format.FileMetaData)
		want string
	}{
		{"negative rows", func(md *format.FileMetaData) { md.NumRows = -5 }, "too-few-rows:0"},
		{"more rows than the pages hold", func(md *format.FileMetaData) {
			md.NumRows = 40
			md.RowGroups[0].NumRows = 40
		}, "parquet-invalid:0"},
		{"chunk outside the file", func(md *format.FileMetaData) { md.RowGroups[0].Columns[0].MetaData.DataPageOffset = 1 << 40 }, "parquet-invalid:0"},
		{"no row group chunks", func(md *format.FileMetaData) { md.RowGroups[0].Columns = nil }, "parquet-invalid:0"},
		{"schema short of children", func(md *format.FileMetaData) { md.Schema[0].NumChildren.Set(3) }, "parquet-invalid:0"},
		{"schema with more elements", func(md *format.FileMetaData) { md.Schema = append(md.Schema, md.Schema[1]) }, "parquet-invalid:0"},
		{"no schema", func(md *format.FileMetaData) { md.Schema = nil }, "parquet-invalid:0"},
	}
	for _, tt := range tests {
		b := withFooter(t, ok, tt.edit)
		r := Validate(bytes.NewReader(b), "f.parquet", int64(len(b)), Options{})
		if got := strings.Join(codes(r), " "); got != tt.want {
			t.Errorf("%s: %s, want %s\n%s", tt.name, got, tt.want, problemList(r))
		}
		checkInvariants(t, "f.parquet", b)
	}
}

func TestParquetNotRead(t *testing.T) {
	vals := []pqMetaString{{strp(`{"k": 1}`)}, {strp(`{"k": 1}`)}, {strp(`{"k": 1}`)}, {nil}}
	b := writeParquet(t, vals, parquet.Compression(&parquet.Brotli))
	r := Validate(bytes.NewReader(b), "f.parquet", int64(len(b)), Options{})
	if got := strings.Join(codes(r), " "); got != "parquet-not-checked:0" || !r.Valid() || r.Problems[0].Severity != lint.Warning {
		t.Errorf("brotli pages: %s", problemList(r))
	}
}

func TestWalkThrift(t *testing.T) {
	deep := append(bytes.Repeat([]byte{0x1c}, 40), bytes.Repeat([]byte{0}, 41)...) // struct fields in structs
	huge := []byte{0x19, 0xfc, 0xff, 0xff, 0xff, 0x07}                             // a list of 2^31-1 structs
	many := []byte{0x19, 0xfc, 0xc1, 0x84, 0x3d}                                   // 1,000,001 entries
	tests := []struct {
		name string
		b    []byte
		want error
	}{
		{"empty struct", []byte{0}, nil},
		{"nested too deep", deep, errThriftDeep},
		{"list longer than the bytes", huge, errThriftLarge},
		{"list past the reader's limit", many, errThriftLarge},
		{"cut short", []byte{0x15}, errThriftShort},
		{"bad type", []byte{0x1f, 0}, errThriftCorrupt},
	}
	for _, tt := range tests {
		_, _, err := walkThrift(tt.b)
		if !errors.Is(err, tt.want) && (err != nil || tt.want != nil) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
	if _, _, err := walkThrift([]byte{0x19, 0x3c, 0, 0, 0, 0}); err != nil {
		t.Errorf("a list of three empty structs: %v", err)
	}
}
