package toml

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// hostile inputs by name, each built at a size n (its natural unit: keys,
// levels, bytes). full is the size the product promises to handle.
var hostile = []struct {
	name string
	full int
	gen  func(n int) []byte
}{
	{"random bytes", 1 << 20, func(n int) []byte {
		r := rand.New(rand.NewPCG(7, uint64(n)))
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}},
	{"invalid UTF-8", 1 << 20, func(n int) []byte {
		return bytes.Repeat([]byte("k = \"\xff\xfe\xc3\x28\"\n\xe2\x82 = 1\n# \xf0\x28\x8c\xbc\n"), n/32)
	}},
	{"NUL bytes", 1 << 20, func(n int) []byte {
		return bytes.Repeat([]byte("a\x00 = \"\x00\"\n[\x00]\n# \x00\n"), n/24)
	}},
	{"BOM", 100000, func(n int) []byte {
		return append([]byte("\xef\xbb\xbf[experiment]\n"), bytes.Repeat([]byte("\xef\xbb\xbfk = 1\n"), n/10)...)
	}},
	{"10 MB single line", 10 << 20, func(n int) []byte {
		return []byte("x = [" + strings.Repeat("\"abcdefghijklmnop\", ", n/20) + "]")
	}},
	{"1 MB line of small numbers", 1 << 20, func(n int) []byte {
		return []byte("x = [" + strings.Repeat("1,", n/2) + "]")
	}},
	{"10 MB line of garbage", 10 << 20, func(n int) []byte {
		return []byte(strings.Repeat("a=b=", n/4))
	}},
	{"100,000 keys", 100000, func(n int) []byte {
		var b strings.Builder
		b.WriteString("[advanced]\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "key_%d = %d\n", i, i)
		}
		return []byte(b.String())
	}},
	{"100,000 duplicate keys", 100000, func(n int) []byte {
		return []byte(strings.Repeat("k = 1\n", n))
	}},
	{"10,000-deep dotted key", 10000, func(n int) []byte {
		return []byte(strings.Repeat("a.", n) + "a = 1\n")
	}},
	{"10,000-deep dotted key under a header", 10000, func(n int) []byte {
		return []byte("[t]\n" + strings.Repeat("a.", n) + "a = 1\n" + strings.Repeat("a.", n) + "b = 2\n[t." + strings.Repeat("a.", n) + "a]\n")
	}},
	{"10,000-deep table header", 10000, func(n int) []byte {
		return []byte("[" + strings.Repeat("a.", n) + "a]\n[" + strings.Repeat("a.", n) + "b]\nx = 1\n")
	}},
	{"10,000 nested arrays", 10000, func(n int) []byte {
		return []byte("x = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n")
	}},
	{"10,000 unclosed arrays", 10000, func(n int) []byte {
		return []byte("x = " + strings.Repeat("[", n) + "\n")
	}},
	{"10,000 nested inline tables", 10000, func(n int) []byte {
		return []byte("x = " + strings.Repeat("{a = ", n) + "1" + strings.Repeat("}", n) + "\n")
	}},
	{"10,000 table headers", 10000, func(n int) []byte {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "[t%d]\nk = %d\n", i, i)
		}
		return []byte(b.String())
	}},
	{"10,000 arrays of tables", 10000, func(n int) []byte {
		return []byte(strings.Repeat("[[agents]]\nharness = \"codex\"\n", n))
	}},
	{"10,000 dotted keys", 10000, func(n int) []byte {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "a.b%d.c = %d\n", i, i)
		}
		return []byte(b.String())
	}},
	{"10,000 syntax errors", 10000, func(n int) []byte {
		return []byte(strings.Repeat("= = =\n\"unclosed\n[bad\n", n/3))
	}},
	{"5 MB string", 5 << 20, func(n int) []byte {
		return []byte("x = \"" + strings.Repeat("a\\n", n/3) + "\"\n")
	}},
	{"5 MB multi-line string", 5 << 20, func(n int) []byte {
		return []byte("x = '''\n" + strings.Repeat("abc\r\n", n/5) + "'''\n")
	}},
	{"5 MB comment", 5 << 20, func(n int) []byte {
		return []byte("# " + strings.Repeat("c", n) + "\nx = 1\n")
	}},
}

// scaled is the size a hostile input is checked at: full in a normal run,
// less in -short runs and under the race detector.
func scaled(full int) int {
	switch {
	case raceEnabled:
		return full / 64
	case testing.Short():
		return full / 8
	}
	return full
}

// TestHostileInputs parses each hostile input at full size: the document
// must be well formed, with findings or a clean error, and no panic.
func TestHostileInputs(t *testing.T) {
	t.Parallel()
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			src := h.gen(scaled(h.full))
			checkDocument(t, src, Parse(src))
		})
	}
}

// TestHostileInputsGrowLinearly parses each hostile input at two sizes and
// requires the allocations (count and bytes) to grow about as the input:
// quadratic work on deep or long inputs shows up as a 16-fold growth for a
// 4-fold input.
func TestHostileInputsGrowLinearly(t *testing.T) {
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			// under the race detector as in -short runs: at a sixty-fourth
			// the inputs are so small that the parser's fixed costs and a
			// pooled buffer the detector drops decide the growth
			size := scaled(h.full)
			if raceEnabled {
				size = h.full / 8
			}
			small, large := size/16, size/4
			a1, b1 := allocs(func() { Parse(h.gen(small)) })
			a2, b2 := allocs(func() { Parse(h.gen(large)) })
			checkGrowth(t, "allocations", a1, a2)
			checkGrowth(t, "bytes", b1, b2)
		})
	}
}

// allocs measures the heap allocations of one call of f: how many and how
// many bytes.
func allocs(f func()) (count, size uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// checkGrowth fails when a cost grows more than 6-fold for a 4-fold input
// (linear growth is 4-fold; fixed costs only make it less).
func checkGrowth(t *testing.T, what string, small, large uint64) {
	t.Helper()
	if large > 6*max(small, 64) {
		t.Errorf("%s grow from %d to %d for a 4 times larger input: more than linear", what, small, large)
	}
}
