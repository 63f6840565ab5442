package textdiff

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"a", []string{"a"}},
		{"a\n", []string{"a\n"}},
		{"a\r\nb", []string{"a\r\n", "b"}},
		{"\n\n", []string{"\n", "\n"}},
	}
	for _, tt := range tests {
		if got := Lines(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Lines(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// sides rebuilds both sides of a script.
func sides(ops []Op) (a, b []string) {
	for _, o := range ops {
		if o.Kind != Insert {
			a = append(a, o.Line)
		}
		if o.Kind != Delete {
			b = append(b, o.Line)
		}
	}
	return a, b
}

// lcs is the length of a longest common subsequence, by the table.
func lcs(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// TestScriptShortest: for random lists, the script rebuilds both sides
// and keeps a longest common subsequence (the shortest edit script).
func TestScriptShortest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"a", "b", "c", "[t]", ""}
	gen := func() []string {
		var out []string
		for i := r.IntN(25); i > 0; i-- {
			out = append(out, words[r.IntN(len(words))])
		}
		return out
	}
	for n := 0; n < 2000; n++ {
		a, b := gen(), gen()
		ops := Script(a, b)
		ga, gb := sides(ops)
		if !slices.Equal(ga, a) || !slices.Equal(gb, b) {
			t.Fatalf("%q -> %q: script %v rebuilds %q, %q", a, b, ops, ga, gb)
		}
		kept := 0
		for _, o := range ops {
			if o.Kind == Keep {
				kept++
			}
		}
		if want := lcs(a, b); kept != want {
			t.Fatalf("%q -> %q: keeps %d lines, a longest common subsequence has %d", a, b, kept, want)
		}
	}
}

// TestScriptBounded: lists that differ everywhere get a correct script
// within a bounded number of allocations, past the edit distance bound.
func TestScriptBounded(t *testing.T) {
	var a, b []string
	for i := range 50000 {
		a = append(a, "a"+strings.Repeat("x", i%7))
		b = append(b, "b"+strings.Repeat("x", i%7))
	}
	var ops []Op
	allocs := testing.AllocsPerRun(1, func() { ops = Script(a, b) })
	if ga, gb := sides(ops); !slices.Equal(ga, a) || !slices.Equal(gb, b) {
		t.Fatal("the script does not rebuild the lists")
	}
	// the script, two frontiers and the scratch of deletesFirst
	if allocs > 5 {
		t.Errorf("%.0f allocations", allocs)
	}
	// linear memory: the script's cells and a scratch run, not the
	// MaxEditDistance² cells of a saved trace
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ops = Script(a, b)
	runtime.ReadMemStats(&after)
	if lines, bytes := len(a)+len(b), after.TotalAlloc-before.TotalAlloc; bytes > uint64(48*lines+64<<10) {
		t.Errorf("%d bytes for %d lines", bytes, lines)
	}
}

// TestScriptDeletesFirst: in a run of changes the deleted lines come first.
func TestScriptDeletesFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := 0; n < 500; n++ {
		var a, b []string
		for i := r.IntN(30); i > 0; i-- {
			a = append(a, string(rune('a'+r.IntN(4))))
		}
		for i := r.IntN(30); i > 0; i-- {
			b = append(b, string(rune('a'+r.IntN(4))))
		}
		ops := Script(a, b)
		for i := 1; i < len(ops); i++ {
			if ops[i-1].Kind == Insert && ops[i].Kind == Delete {
				t.Fatalf("%q -> %q: an insert before a delete: %v", a, b, ops)
			}
		}
	}
}
