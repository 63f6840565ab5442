package assist

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// TestFeaturesLinearInDepth runs the reference index, hover, symbols and
// folds over keys as deep and as many as the parser's limits let through,
// and holds what they allocate to a small multiple of the document: a walk
// that copied the key path per level would allocate about 500 MB here.
func TestFeaturesLinearInDepth(t *testing.T) {
	var b strings.Builder
	b.WriteString("[experiment]\nrollout = \"r\"\n")
	for _, section := range []string{"advanced", "env"} {
		fmt.Fprintf(&b, "[%s]\n", section)
		for i := range 32 {
			fmt.Fprintf(&b, "k%d.%sa = \"%d\"\n", i, strings.Repeat("a.", toml.MaxDepth-3), i)
		}
	}
	src := []byte(b.String())
	doc := toml.Parse(src)
	if len(doc.Errors) > 0 {
		t.Fatalf("the document is past a limit: %v", doc.Errors[0])
	}
	f := NewFile(doc, "training", nil, nil)
	deepest := strings.LastIndex(b.String(), "= \"31\"") - 2
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	refs := f.Refs()
	f.Hover(deepest)
	f.Symbols()
	f.Folds()
	runtime.ReadMemStats(&after)
	t.Logf("%d KB allocated for a %d KB document", (after.TotalAlloc-before.TotalAlloc)>>10, len(src)>>10)
	if len(refs) != 33 { // the rollout and the env vars k0..k31
		t.Errorf("%d refs, want the rollout and 32 env vars", len(refs))
	}
	if got, bound := after.TotalAlloc-before.TotalAlloc, uint64(20*len(src)); got > bound {
		t.Errorf("the features allocate %d KB for a %d KB document, more than 20x", got>>10, len(src)>>10)
	}
}
