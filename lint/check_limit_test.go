package lint

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// TestIssuesPerRuleLimit: past MaxIssuesPerRule issues of a rule, one
// more finding of the rule sits on the first one left out and says how
// many were; a limit asked for (the editor's) has no such finding.
func TestIssuesPerRuleLimit(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("[training]\n")
	extra := 5
	for i := range MaxIssuesPerRule + extra {
		fmt.Fprintf(&b, "nope_%d = 1\n", i)
	}
	src := []byte(b.String())
	fs := Check(src, Input{Path: "configs/training/x.toml", Kind: "training"})
	var unknown []Finding
	for _, f := range fs {
		if f.Rule == RuleUnknownKey {
			unknown = append(unknown, f)
		}
	}
	if len(unknown) != MaxIssuesPerRule+1 {
		t.Fatalf("%d unknown-key findings, want %d and the notice", len(unknown), MaxIssuesPerRule)
	}
	last := unknown[len(unknown)-1]
	first := fmt.Sprintf("nope_%d", MaxIssuesPerRule)
	if got := string(src[last.Range.Start:last.Range.End]); got != first || !strings.HasPrefix(last.Message, fmt.Sprintf("%d more unknown-key findings", extra)) {
		t.Fatalf("notice on %q: %q", got, last.Message)
	}
	limited, omitted, _ := CheckLimited(context.Background(), toml.Parse(src), Input{Path: "configs/training/x.toml", Kind: "training"}, 100)
	if n := countRule(limited, RuleUnknownKey); n != 100 || omitted != MaxIssuesPerRule+extra-100 {
		t.Fatalf("limited: %d findings, %d omitted", n, omitted)
	}
}

// stopAfter is a context that is done from its n+1th look on: a check
// looks once before the schema validation and once before each rule it
// runs, so the looks count the rules.
type stopAfter struct {
	context.Context
	n, looks int
}

func (c *stopAfter) Err() error {
	c.looks++
	if c.looks > c.n {
		return context.Canceled
	}
	return nil
}

// TestCheckStopsWhenCancelled: a check whose context is done stops before
// the next rule, and gives no findings (never a part of them), only the
// context's error.
func TestCheckStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	doc := toml.Parse([]byte("[training]\nnope = 1\nlr = \"fast\"\n"))
	in := Input{Path: "configs/training/x.toml", Kind: "training"}
	all := &stopAfter{Context: context.Background(), n: 1 << 30}
	full, _, err := CheckLimited(all, doc, in, 0)
	if err != nil || len(full) == 0 {
		t.Fatalf("full check: %d findings, %v", len(full), err)
	}
	rules := all.looks - 1
	if rules < 10 {
		t.Fatalf("the check looked at its context %d times, want once and once a rule", all.looks)
	}
	// cancelled before the validation (-1), before the first rule, after
	// one, after half of them
	for _, n := range []int{-1, 0, 1, rules / 2} {
		c := &stopAfter{Context: context.Background(), n: n + 1}
		fs, omitted, err := CheckLimited(c, doc, in, 0)
		if err != context.Canceled || fs != nil || omitted != 0 {
			t.Errorf("cancelled after %d rules: %d findings, %d omitted, %v; want none and context.Canceled", n, len(fs), omitted, err)
		}
		if want := n + 2; c.looks != want {
			t.Errorf("cancelled after %d rules: %d looks, want %d (no rule after the cancel)", n, c.looks, want)
		}
	}
}

// TestPositionsAtTheEdge: the editor's check gives byte ranges alone (the
// editor converts them to its encoding); the check of the reports gives
// the same findings with 1-based lines and rune columns.
func TestPositionsAtTheEdge(t *testing.T) {
	t.Parallel()
	doc := toml.Parse([]byte("[training]\n\"é\" = 1\n"))
	in := Input{Path: "configs/training/x.toml", Kind: "training"}
	edge, _, err := CheckLimited(context.Background(), doc, in, 0)
	if err != nil || len(edge) == 0 {
		t.Fatalf("%d findings, %v", len(edge), err)
	}
	located := CheckDocument(doc, in)
	if len(located) != len(edge) {
		t.Fatalf("%d findings located, %d at the edge", len(located), len(edge))
	}
	for i, f := range edge {
		if f.Line != 0 || f.Column != 0 || f.EndLine != 0 || f.EndColumn != 0 {
			t.Errorf("%s at the edge has a position %d:%d", f.Rule, f.Line, f.Column)
		}
		g := located[i]
		if g.Range != f.Range || g.Line == 0 || g.Column == 0 {
			t.Errorf("%s located at %d:%d for %v", g.Rule, g.Line, g.Column, g.Range)
		}
	}
	if f := located[0]; f.Rule == RuleUnknownKey && (f.Line != 2 || f.Column != 1 || f.EndColumn != 4) {
		t.Errorf("unknown key at %d:%d-%d, want 2:1-4", f.Line, f.Column, f.EndColumn)
	}
}

// TestCheckLimitedReusesIssues checks that an editor's check of a file of
// many unknown keys, again after a keystroke, keeps its schema issues in
// the storage of the last check's: it allocates at least their size less
// than the first check, for the same findings.
func TestCheckLimitedReusesIssues(t *testing.T) {
	var b strings.Builder
	b.WriteString("[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n\n[training]\nlr = 1e-6\n")
	const n = 10000
	for i := range n {
		fmt.Fprintf(&b, "unknown_key_%06d = %d\n", i, i)
	}
	doc := toml.Parse([]byte(b.String()))
	in := Input{Path: "configs/training/huge.toml", Kind: schema.Training}
	var fs []Finding
	var omitted int
	check := func() { fs, omitted, _ = CheckLimited(context.Background(), doc, in, 1000) }
	check() // what is made once (the schema's tables)
	issueBuf.Store(nil)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	check()
	runtime.ReadMemStats(&after)
	first := after.TotalAlloc - before.TotalAlloc
	_, again := allocs(check)
	unknown := 0
	for _, f := range fs {
		if f.Rule == RuleUnknownKey {
			unknown++
		}
	}
	if unknown != 1000 || omitted != n-1000 {
		t.Fatalf("%d findings of %s, %d left out; want 1000 and %d", unknown, RuleUnknownKey, omitted, n-1000)
	}
	issues := uint64(n * unsafe.Sizeof(schema.Issue{}))
	t.Logf("first check %d bytes, again %d, issues %d", first, again, issues)
	if again+issues*9/10 > first {
		t.Errorf("a check again allocates %d bytes, the first %d: not %d less, the size of its %d issues", again, first, issues, n)
	}
}
