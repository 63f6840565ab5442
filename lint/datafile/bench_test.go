package datafile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// Benchmarks validate a generated ~200 MB file per iteration, streamed from
// a 4 MB block of rows repeated, so nothing big is committed or held:
//
//	go test -run '^$' -bench . -benchtime 3x ./lint/datafile/
//
// MB/s is throughput, B/op and allocs/op cover a whole 200 MB file, and
// peak-heap-MiB is the largest live heap seen (including the 4 MB block).
// BenchmarkStdlibDecoderBaseline is the design not taken: encoding/json per
// line.

// benchSize is the workload per benchmark iteration: a ~200 MB file.
const benchSize = 200 << 20

// repeatReader yields block over and over until n bytes have been read, so a
// 200 MB workload costs one small block of memory.
type repeatReader struct {
	block []byte
	off   int
	left  int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		c := copy(p[n:], r.block[r.off:])
		if int64(c) > r.left {
			c = int(r.left)
		}
		n += c
		r.left -= int64(c)
		r.off = (r.off + c) % len(r.block)
	}
	return n, nil
}

// workload returns a block of whole rows (about 4 MB) and a total size that
// is a whole number of blocks near benchSize.
func workload(kind string) (block []byte, total int64) {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	words := strings.Fields("the quick brown fox jumps over a lazy dog while seven wizards quietly judge boxing matches — naïve café résumé 東京 数学")
	text := func(n int) string {
		var s strings.Builder
		for i := 0; i < n; i++ {
			if i > 0 {
				s.WriteByte(' ')
			}
			s.WriteString(words[rng.IntN(len(words))])
		}
		return s.String()
	}
	switch kind {
	case "csv":
		b.WriteString("system_prompt,user_prompt,ground_truth,metadata\n")
	}
	for b.Len() < 4<<20 {
		switch kind {
		case "prompt":
			fmt.Fprintf(&b, `{"system_prompt": %q, "user_prompt": %q, "ground_truth": "%d"}`+"\n",
				text(12), text(40), rng.IntN(1000))
		case "cjk":
			fmt.Fprintf(&b, `{"user_prompt": %q, "ground_truth": "%d"}`+"\n", strings.Repeat("数学の問題を解いてください。", 8)+text(5), rng.IntN(1000))
		case "metadata":
			fmt.Fprintf(&b, `{"user_prompt": %q, "ground_truth": "%d", "metadata": {"task": %q, "left": %d, "right": %d, "ratio": %g, "tags": [%q, %q], "source": {"id": %d, "ok": true}}}`+"\n",
				text(30), rng.IntN(1000), text(2), rng.IntN(100000), rng.IntN(100000), rng.Float64(), text(1), text(1), rng.Int64())
		case "csv":
			fmt.Fprintf(&b, "%s,\"%s, \"\"quoted\"\"\",%d,\"{\"\"task\"\":\"\"%s\"\",\"\"n\"\":%d}\"\n",
				text(10), text(35), rng.IntN(1000), text(1), rng.IntN(1000))
		}
	}
	block = b.Bytes()
	if kind == "csv" {
		// Repeat the rows only; the header is written once by the reader.
		block = block[bytes.IndexByte(block, '\n')+1:]
	}
	n := int64(benchSize) / int64(len(block))
	return block, n * int64(len(block))
}

func benchValidate(b *testing.B, kind, name string) {
	block, total := workload(kind)
	header := ""
	if kind == "csv" {
		header = "system_prompt,user_prompt,ground_truth,metadata\n"
	}
	b.SetBytes(total + int64(len(header)))
	b.ReportAllocs()
	var peak uint64
	for b.Loop() {
		r := io.MultiReader(strings.NewReader(header), &repeatReader{block: block, left: total})
		res := Validate(r, name, total+int64(len(header)), Options{})
		if !res.Valid() {
			b.Fatalf("unexpected problems: %v", res.Problems)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapInuse)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}

func BenchmarkValidateJSONLPrompt(b *testing.B)   { benchValidate(b, "prompt", "data.jsonl") }
func BenchmarkValidateJSONLMetadata(b *testing.B) { benchValidate(b, "metadata", "data.jsonl") }
func BenchmarkValidateJSONLNonASCII(b *testing.B) { benchValidate(b, "cjk", "data.jsonl") }
func BenchmarkValidateCSV(b *testing.B)           { benchValidate(b, "csv", "data.csv") }

// BenchmarkStdlibDecoderBaseline measures the alternative design: one
// encoding/json decode per line into a map, on the same prompt workload.
func BenchmarkStdlibDecoderBaseline(b *testing.B) {
	block, total := workload("prompt")
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		sc := bufio.NewReader(&repeatReader{block: block, left: total})
		for {
			line, err := sc.ReadSlice('\n')
			if len(line) > 0 {
				var m map[string]any
				if json.Unmarshal(line, &m) != nil {
					b.Fatal("bad line")
				}
			}
			if err != nil {
				break
			}
		}
	}
}
