package lint

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// hostileConfigs are inputs no config should be, each built at a size n (its
// natural unit: keys, levels, bytes); full is the size the product promises
// to handle with findings or a clean error, never a panic or a hang.
var hostileConfigs = []struct {
	name string
	full int
	gen  func(n int) []byte
}{
	{"random bytes", 1 << 20, func(n int) []byte {
		r := rand.New(rand.NewPCG(11, uint64(n)))
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}},
	{"random TOML tokens", 1 << 20, func(n int) []byte {
		r := rand.New(rand.NewPCG(12, uint64(n)))
		toks := []string{"[", "]", "[[", "]]", "{", "}", "=", ",", ".", "\n", " ", "a", "env", "agents", "experiment", "\"s\"", "'x'", "1", "1e400", "nan", "true", "1979-05-27", "#", "\"\"\"", "\\"}
		var b bytes.Buffer
		for b.Len() < n {
			b.WriteString(toks[r.IntN(len(toks))])
		}
		return b.Bytes()
	}},
	{"invalid UTF-8", 1 << 20, func(n int) []byte {
		return bytes.Repeat([]byte("[env]\nK = \"\xff\xfe\"\n\xe2\x82 = 1\n# \xf0\x28\x8c\xbc\n"), n/32)
	}},
	{"NUL bytes", 1 << 20, func(n int) []byte {
		return bytes.Repeat([]byte("a\x00 = \"\x00\"\n[\x00]\n# \x00\n"), n/24)
	}},
	{"BOM", 1 << 20, func(n int) []byte {
		return append([]byte("\xef\xbb\xbf[experiment]\nrollout = \"a\"\n"), bytes.Repeat([]byte("\xef\xbb\xbf"), n/3)...)
	}},
	{"10 MB single line", 10 << 20, func(n int) []byte {
		var b strings.Builder
		b.WriteString("[secrets]\nrequired = [")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "\"SECRET_%d\", ", i)
		}
		b.WriteString("]\n")
		return []byte(b.String())
	}},
	{"1 MB line of small numbers", 1 << 20, func(n int) []byte {
		return []byte("[advanced]\nx = [" + strings.Repeat("1,", n/2) + "]")
	}},
	{"100,000 keys", 100000, func(n int) []byte {
		var b strings.Builder
		b.WriteString("[env]\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "VAR_%d = \"value-%d\"\n", i, i)
		}
		return []byte(b.String())
	}},
	{"100,000 unknown keys", 100000, func(n int) []byte {
		var b strings.Builder
		b.WriteString("[training]\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "lerning_rate_%d = %d\n", i, i)
		}
		return []byte(b.String())
	}},
	{"100,000 duplicate keys", 100000, func(n int) []byte {
		return []byte("[training]\n" + strings.Repeat("lr = 1\n", n))
	}},
	{"100,000 duplicate secrets", 100000, func(n int) []byte {
		return []byte("[secrets]\nrequired = [" + strings.Repeat("\"A\",", n) + "]\n")
	}},
	{"10,000-deep dotted key", 10000, func(n int) []byte {
		return []byte("[advanced]\n" + strings.Repeat("a.", n) + "a = 1\n[env]\n" + strings.Repeat("a.", n) + "a = 1\n")
	}},
	{"10,000-deep table header", 10000, func(n int) []byte {
		return []byte("[" + strings.Repeat("a.", n) + "a]\n[env." + strings.Repeat("b.", n) + "b]\nx = 1\n")
	}},
	{"10,000 nested arrays", 10000, func(n int) []byte {
		return []byte("[advanced]\nx = " + strings.Repeat("[1e400, ", n) + strings.Repeat("]", n) + "\n[env]\nY = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n")
	}},
	{"10,000 nested inline tables", 10000, func(n int) []byte {
		return []byte("[advanced]\nx = " + strings.Repeat("{a = \"x\", b = ", n) + "1" + strings.Repeat("}", n) + "\n")
	}},
	{"10,000 table headers", 10000, func(n int) []byte {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "[section_%d]\nk = %d\n", i, i)
		}
		return []byte(b.String())
	}},
	{"10,000 agents", 10000, func(n int) []byte {
		return []byte("[experiment]\nbenchmark = \"b\"\n[env]\nMSWEA_API_KEY = \"x\"\n" + strings.Repeat("[[agents]]\nharness = \"mini-swe-agent\"\nharness_api_key_secret = \"K\"\n[agents.model]\ntype = \"provider\"\nmodel = \"m\"\napi_key_secret = \"DAYTONA_API_KEY\"\n[agents.env]\nDAYTONA_API_KEY = \"v\"\n", n))
	}},
	{"10,000 suppressions", 10000, func(n int) []byte {
		return []byte(strings.Repeat("# osmosis-lint: ignore[unknown-key, nope]\nx = 1\n", n))
	}},
	{"10,000 syntax errors", 10000, func(n int) []byte {
		return []byte(strings.Repeat("= = =\n\"unclosed\n[bad\n", n/3))
	}},
	{"5 MB string", 5 << 20, func(n int) []byte {
		return []byte("[experiment]\ndataset = \"" + strings.Repeat("<your-dataset> ", n/15) + "\"\n")
	}},
	{"5 MB key", 5 << 20, func(n int) []byte {
		return []byte("[training]\n" + strings.Repeat("k", n) + " = 1\n")
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

// TestHostileConfigs lints each hostile input as each kind: findings that
// are well formed, and no panic.
func TestHostileConfigs(t *testing.T) {
	t.Parallel()
	for _, h := range hostileConfigs {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			src := h.gen(scaled(h.full))
			for _, k := range schema.Kinds() {
				in := Input{Path: "configs/" + string(k) + "/run.toml", Kind: k}
				fs := Check(src, in)
				validFindings(t, src, in, fs)
			}
		})
	}
}

// TestHostileConfigsFix runs --fix on each hostile input at a smaller size:
// the fixes apply and a second run changes nothing.
func TestHostileConfigsFix(t *testing.T) {
	t.Parallel()
	for _, h := range hostileConfigs {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			src := h.gen(scaled(h.full) / 64)
			for _, k := range schema.Kinds() {
				checkFindings(t, src, Input{Path: "configs/" + string(k) + "/run.toml", Kind: k})
			}
		})
	}
}

// TestHostileConfigsGrowLinearly lints each hostile input at two sizes and
// requires the allocations (count and bytes) to grow about as the input:
// quadratic work on deep or long inputs shows up as a 16-fold growth for a
// 4-fold input.
func TestHostileConfigsGrowLinearly(t *testing.T) {
	for _, h := range hostileConfigs {
		t.Run(h.name, func(t *testing.T) {
			// large enough that fixed costs do not decide (an empty file
			// against a few lines is no measure of growth)
			small := max(scaled(h.full)/64, 150)
			large := 4 * small
			// made outside the measure: fmt boxes the numbers of a
			// generator from 256 on, which is no cost of the check
			srcSmall, srcLarge := h.gen(small), h.gen(large)
			for _, k := range schema.Kinds() {
				in := Input{Path: "configs/" + string(k) + "/run.toml", Kind: k}
				a1, b1 := allocs(func() { Check(srcSmall, in) })
				a2, b2 := allocs(func() { Check(srcLarge, in) })
				checkGrowth(t, string(k)+" allocations", a1, a2)
				checkGrowth(t, string(k)+" bytes", b1, b2)
			}
		})
	}
}

// allocs measures the heap allocations of one call of f: how many and how
// many bytes. f runs once first, so that what is made once per process
// (lazily compiled patterns, schemas) is not counted, then the least of
// three calls is kept: other goroutines only add to the counters.
func allocs(f func()) (count, size uint64) {
	f()
	count, size = ^uint64(0), ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		count = min(count, after.Mallocs-before.Mallocs)
		size = min(size, after.TotalAlloc-before.TotalAlloc)
	}
	return count, size
}

// checkGrowth fails when a cost grows more than 6-fold for a 4-fold input
// (linear growth is 4-fold; fixed costs only make it less).
func checkGrowth(t *testing.T, what string, small, large uint64) {
	t.Helper()
	if large > 6*max(small, 256) {
		t.Errorf("%s grow from %d to %d for a 4 times larger input: more than linear", what, small, large)
	}
}
