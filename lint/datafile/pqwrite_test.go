package datafile

import (
	"bytes"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// writeParquet writes rows with parquet-go's writer (a test-only use of the
// library's full package, which the binary does not link).
func writeParquet[T any](t testing.TB, rows []T, opts ...parquet.WriterOption) []byte {
	t.Helper()
	var b bytes.Buffer
	w := parquet.NewGenericWriter[T](&b, opts...)
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type pqPrompt struct {
	UserPrompt  string `parquet:"user_prompt"`
	GroundTruth string `parquet:"ground_truth"`
}

type pqMetaString struct {
	Metadata *string `parquet:"metadata,optional"`
}

type pqMetaDict struct {
	Metadata *string `parquet:"metadata,optional,dict"`
}

type pqMetaStruct struct {
	Metadata *struct {
		K string `parquet:"k"`
		N uint64 `parquet:"n"`
	} `parquet:"metadata,optional"`
}

type pqMetaInt struct {
	Metadata int64 `parquet:"metadata"`
}

func strp(s string) *string { return &s }
