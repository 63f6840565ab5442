package lint

import "testing"

// TestTOMLText: keys and strings a fix writes carry TOML's escapes, never
// Go's (`\x01`, `\a`, `\v` are not TOML).
func TestTOMLText(t *testing.T) {
	tests := []struct{ got, want string }{
		{keyText("lr"), "lr"},
		{keyText("a\x01\a\v"), `"a\u0001\u0007\u000b"`},
		{keyText(""), `""`},
		{tomlString("x\x7f\"\\"), `"x\u007f\"\\"`},
		{dotted([]string{"env", "A.B"}), `env."A.B"`},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %s, want %s", tt.got, tt.want)
		}
	}
	if isBare("") || isBare("a.b") || !isBare("a-b_9") {
		t.Error("isBare")
	}
}
