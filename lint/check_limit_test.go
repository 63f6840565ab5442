package lint

import (
	"fmt"
	"strings"
	"testing"

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
	limited, omitted := CheckLimited(toml.Parse(src), Input{Path: "configs/training/x.toml", Kind: "training"}, 100)
	if n := countRule(limited, RuleUnknownKey); n != 100 || omitted != MaxIssuesPerRule+extra-100 {
		t.Fatalf("limited: %d findings, %d omitted", n, omitted)
	}
}
