package lint

import "testing"

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
