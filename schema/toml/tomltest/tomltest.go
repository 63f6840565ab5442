// Package tomltest holds what the memory-bound tests of the parser and of
// the run over files share: the inputs that once grew memory past any
// bound, and the sampling of the heap while a function runs. Only tests
// use it.
package tomltest

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Shape is an input that once grew memory past any bound, at the size it
// was found at (Full), built at n by Gen.
type Shape struct {
	Name string
	Full int
	Gen  func(n int) []byte
}

// Shapes are the inputs every layer holds to its memory bound.
var Shapes = []Shape{
	{"deep dotted key", 4_000_000, func(n int) []byte { return []byte(strings.Repeat("a.", n) + "a = 1\n") }},
	{"deep table header", 4_000_000, func(n int) []byte { return []byte("[" + strings.Repeat("a.", n) + "a]\nx = 1\n") }},
	{"huge array", 25_000_000, func(n int) []byte { return []byte("[advanced]\nx = [" + strings.Repeat("1,", n) + "]\n") }},
	{"many keys", 1_000_000, func(n int) []byte { return Keys("advanced", n) }},
	{"many tables", 500_000, func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "[t%d]\n", i)
		}
		return b.Bytes()
	}},
	{"long string", 50_000_000, func(n int) []byte { return []byte("[advanced]\nx = \"" + strings.Repeat("a", n) + "\"\n") }},
}

// Keys is a table of n integer keys, key_0 = 0 and on.
func Keys(table string, n int) []byte {
	var b bytes.Buffer
	b.WriteString("[" + table + "]\n")
	for i := range n {
		fmt.Fprintf(&b, "key_%d = %d\n", i, i)
	}
	return b.Bytes()
}

// PeakHeap runs f and returns the peak of the heap in use above what it
// was before (sampled every millisecond and at the end) and the bytes f
// allocated.
func PeakHeap(f func()) (peak, total uint64) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var mu sync.Mutex
	sample := func() {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		mu.Lock()
		if m.HeapInuse > before.HeapInuse {
			peak = max(peak, m.HeapInuse-before.HeapInuse)
		}
		mu.Unlock()
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				sample()
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	sample()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return peak, after.TotalAlloc - before.TotalAlloc
}
