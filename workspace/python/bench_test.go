package python

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRead reads the realistic rollout module of testdata/mutate.
func BenchmarkRead(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "mutate", "rollout.py"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if m := Read(src); m.Result.Status != Clean {
			b.Fatalf("status %d", m.Result.Status)
		}
	}
}
