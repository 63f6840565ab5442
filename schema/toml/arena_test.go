package toml

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/pelletier/go-toml/v2/unstable"
)

// TestParserFirstBuffer holds a parser's first node buffer to firstNodes
// nodes, which putParser clears: a statement of firstNodes nodes (a pair,
// its key, an array and its items) fits it, one node more grows it.
func TestParserFirstBuffer(t *testing.T) {
	grows := func(items int) bool {
		var p unstable.Parser
		p.KeepComments = true
		p.Reset(parserProbe)
		p.NextExpression()
		buf := p.Expression()
		p.Reset([]byte("a = [" + strings.Repeat("0,", items) + "]\n"))
		if !p.NextExpression() {
			t.Fatalf("an array of %d items: %v", items, p.Error())
		}
		return p.Expression() != buf
	}
	if grows(firstNodes - 3) {
		t.Errorf("a statement of %d nodes grows the first buffer", firstNodes)
	}
	if !grows(firstNodes - 2) {
		t.Errorf("a statement of %d nodes still fits the first buffer: it holds more than firstNodes", firstNodes+1)
	}
}

// TestSpareParserHoldsNothing holds a parser put away to no node that
// refers to the document it read.
func TestSpareParserHoldsNothing(t *testing.T) {
	sp := getParser()
	src := []byte("[t]\na = [1, 2, {b = 'c'}] # note\n")
	sp.p.Reset(src)
	for sp.p.NextExpression() {
	}
	putParser(sp)
	for i, n := range unsafe.Slice(sp.buf, firstNodes) {
		if n.Data != nil || n.Kind != 0 {
			t.Fatalf("node %d kept %v %q", i, n.Kind, n.Data)
		}
	}
	getParser() // take it back out
}

// Allocation budgets of Parse for the benchmark's 20-line config: when set,
// it cost 13 allocations and 7.4 KB (the slabs of its nodes, the document,
// the copy of the source, the comments and statement lists); the budget
// leaves room for one spill, not for a cost per key.
const (
	parseAllocs = 14
	parseBytes  = 8 << 10
)

// TestParseAllocations holds the parse of an ordinary config to the
// budgets above.
func TestParseAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	src := []byte(benchConfig)
	allocs := testing.AllocsPerRun(50, func() { Parse(src) })
	bytes := bytesPerRun(50, func() { Parse(src) })
	t.Logf("a %d-line config: %.0f allocations, %.0f bytes", strings.Count(benchConfig, "\n"), allocs, bytes)
	if allocs > parseAllocs {
		t.Errorf("%.0f allocations, budget %d", allocs, parseAllocs)
	}
	if bytes > parseBytes {
		t.Errorf("%.0f bytes, budget %d", bytes, parseBytes)
	}
}

// TestParseAllocationsPerDocument holds the allocations of a document to a
// constant however many keys, tables and values it holds: a config of 8
// tables of 40 keys, with strings, arrays and comments, costs what one of
// 2 tables of 5 keys costs, give or take a spill and the two indexes of a
// large table (its keys, and the flags of its arrays).
func TestParseAllocationsPerDocument(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	gen := func(tables, keys int) []byte {
		var sb strings.Builder
		for i := range tables {
			fmt.Fprintf(&sb, "# table %d\n[t%d]\n", i, i)
			for k := range keys {
				switch k % 4 {
				case 0:
					fmt.Fprintf(&sb, "k%d = %d\n", k, k)
				case 1:
					fmt.Fprintf(&sb, "k%d = \"v%d\" # why\n", k, k)
				case 2:
					fmt.Fprintf(&sb, "k%d = [%d, %d]\n", k, k, k)
				default:
					fmt.Fprintf(&sb, "k%d = 1.5\n", k)
				}
			}
		}
		return []byte(sb.String())
	}
	small, large := gen(2, 5), gen(8, 40)
	a1 := testing.AllocsPerRun(20, func() { Parse(small) })
	a2 := testing.AllocsPerRun(20, func() { Parse(large) })
	t.Logf("%d bytes: %.0f allocations; %d bytes: %.0f allocations", len(small), a1, len(large), a2)
	if a2 > a1+2*8+2 {
		t.Errorf("%.0f allocations for 8 tables of 40 keys, %.0f for 2 of 5: a cost per key", a2, a1)
	}
}

// bytesPerRun is the mean bytes f allocates, over runs after a first.
func bytesPerRun(runs int, f func()) float64 {
	f()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(runs)
}

// TestTableIndex finds every key of tables on both sides of the size where
// a table starts to be indexed, and reports each key defined again (the
// lookup of a key that is there) and no other (of a key that is not).
func TestTableIndex(t *testing.T) {
	for n := 1; n <= 3*tableListMax*8; n++ {
		var sb strings.Builder
		sb.WriteString("[t]\n")
		for i := range n {
			fmt.Fprintf(&sb, "k%d = %d\n", i, i)
		}
		for i := 0; i < n; i += 3 {
			fmt.Fprintf(&sb, "k%d = 0\n", i)
		}
		d := Parse([]byte(sb.String()))
		tab := d.Root.Value("t").Table
		if len(tab.Entries) != n {
			t.Fatalf("%d keys: %d entries", n, len(tab.Entries))
		}
		for i, e := range tab.Entries {
			if got := tab.Get(fmt.Sprintf("k%d", i)); got != e {
				t.Fatalf("%d keys: Get(k%d) = %v", n, i, got)
			}
		}
		if tab.Get("absent") != nil || tab.Get(fmt.Sprintf("k%d", n)) != nil {
			t.Fatalf("%d keys: a key that is not there is found", n)
		}
		if want := (n + 2) / 3; len(d.Errors) != want {
			t.Fatalf("%d keys: %d errors, want %d duplicates", n, len(d.Errors), want)
		}
	}
}

// TestParseOwned holds a source handed over to no copy of it (one
// allocation and its bytes fewer than Parse), and a handed-over source
// that needs blanking (a BOM, invalid UTF-8) to a copy: the caller's
// bytes are never written.
func TestParseOwned(t *testing.T) {
	if !raceEnabled {
		src := []byte(benchConfig)
		a, ao := testing.AllocsPerRun(50, func() { Parse(src) }), testing.AllocsPerRun(50, func() { ParseOwned(src) })
		b, bo := bytesPerRun(50, func() { Parse(src) }), bytesPerRun(50, func() { ParseOwned(src) })
		t.Logf("Parse: %.0f allocations, %.0f bytes; ParseOwned: %.0f, %.0f", a, b, ao, bo)
		// a copy of the source costs len(src) bytes more; half of that is
		// the margin for what else the runtime allocates meanwhile
		if ao > a-1 || bo > b-float64(len(src))/2 {
			t.Errorf("ParseOwned: %.0f allocations and %.0f bytes, Parse %.0f and %.0f: the source was copied", ao, bo, a, b)
		}
	}
	for _, src := range []string{
		"\xEF\xBB\xBFa = \"x\"\n",
		"a = \"\xff\xfe\"\nb = 1\n",
		"[t]\nk = 'v' # \xc3\n",
	} {
		buf := []byte(src)
		d := ParseOwned(buf)
		if string(buf) != src {
			t.Errorf("%q: ParseOwned wrote to the source: %q", src, buf)
		}
		if got, want := summary(d)+text(d), summary(Parse([]byte(src)))+text(Parse([]byte(src))); got != want {
			t.Errorf("%q: ParseOwned:\n%s\nParse:\n%s", src, got, want)
		}
	}
}

// TestParseReleased holds a parse into the memory of a released document
// (one config after another, as a run parses them) to the document alone:
// its nodes, statement list and comments are the released one's.
func TestParseReleased(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	src := []byte(benchConfig)
	f := func() { ParseOwned(src).Release() }
	allocs, bytes := testing.AllocsPerRun(50, f), bytesPerRun(50, f)
	t.Logf("parse and release: %.0f allocations, %.0f bytes", allocs, bytes)
	if allocs > 2 || bytes > 1<<10 {
		t.Errorf("parse and release: %.0f allocations and %.0f bytes, budget 2 and 1 KiB", allocs, bytes)
	}
	// a large document's chunks are not kept
	var sb strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&sb, "k%d = %d\n", i, i)
	}
	ParseOwned([]byte(sb.String())).Release()
	for i := range spareArenas {
		if a := spareArenas[i].Load(); a != nil && (cap(a.values.buf) > keptChunk || cap(a.stmtList) > keptChunk) {
			t.Errorf("a spare arena keeps %d values and %d statements", cap(a.values.buf), cap(a.stmtList))
		}
	}
}
