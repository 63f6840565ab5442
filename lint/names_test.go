package lint

import (
	"context"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func TestNameProblem(t *testing.T) {
	tests := []struct {
		kind, name string
		ok         bool
	}{
		{"rollout", "adder", true},
		{"rollout", "rollouts/adder", false},
		{"rollout", "..", false},
		{"rollout", "", false},
		{"secret", "OPENAI_API_KEY", true},
		{"secret", "openai-key", false},
		{"secret", "KEY\n", false},
		{"env", "_DEBUG", true},
		{"env", "1DEBUG", false},
		{"env", "_OSMOSIS_X", false},
		{"dataset", "multiply", true},
		{"dataset", "data/multiply.jsonl", false},
		{"dataset", " ", false},
		{"model", "x", false},
	}
	for _, tt := range tests {
		if got := NameProblem(tt.kind, tt.name); (got == "") != tt.ok {
			t.Errorf("NameProblem(%q, %q) = %q, want ok %v", tt.kind, tt.name, got, tt.ok)
		}
	}
}

func TestCheckLimited(t *testing.T) {
	src := "[training]\nlr = 1e-6\n"
	for i := 0; i < 50; i++ {
		src += "unknown_" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + " = 1\n"
	}
	src += "# osmosis-lint: ignore[unknown-key]\nlast_unknown = 1\n# osmosis-lint: ignore[param-range]\nok_key_zz = 2\n"
	doc := toml.Parse([]byte(src))
	all := CheckDocument(doc, Input{Path: "x.toml", Kind: "training"})
	fs, omitted, _ := CheckLimited(context.Background(), doc, Input{Path: "x.toml", Kind: "training"}, 10)
	count := func(fs []Finding, rule string) int {
		n := 0
		for _, f := range fs {
			if f.Rule == rule {
				n++
			}
		}
		return n
	}
	if n := count(all, RuleUnknownKey); n < 50 {
		t.Fatalf("%d unknown keys without a limit", n)
	}
	if n := count(fs, RuleUnknownKey); n != 10 || omitted != count(all, RuleUnknownKey)-10 {
		t.Errorf("limited: %d unknown-key findings, %d omitted", n, omitted)
	}
	if count(all, RuleUnusedSuppression) == 0 || count(fs, RuleUnusedSuppression) != 0 {
		t.Errorf("unused suppressions: %d without a limit, %d with one (want none: a left-out finding may be what one is for)", count(all, RuleUnusedSuppression), count(fs, RuleUnusedSuppression))
	}
}
