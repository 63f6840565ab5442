package editdist

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	long := strings.Repeat("a", 65)
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"ignore", "ignore", 0},
		{"ignore", "ingore", 1}, // a transposition is one edit
		{"tool", "tools", 1},
		{"osmosis_lint", "osmosis-lint", 1},
		{"kitten", "sitting", 3},
		{"é", "e", 1}, // runes, not bytes
		{long, long, 0},
		{long, long + "b", 99}, // beyond the stack arrays
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
	// Within stops early with a number above the limit
	if got := Within("abcdefgh", "stuvwxyz", 2); got != 3 {
		t.Errorf("Within over the limit = %d, want 3", got)
	}
	if got := Within("abcd", "abdc", 2); got != 1 {
		t.Errorf("Within under the limit = %d, want 1", got)
	}
}
