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

// TestWithinIsDistance checks that Within agrees with the full table at
// every limit: the count of runes it may stop on first never cuts a pair
// that is within the limit.
func TestWithinIsDistance(t *testing.T) {
	words := []string{"", "a", "ab", "ba", "abc", "cab", "lr", "lerning_rate", "learning_rate", "unknown_key_000123",
		"total_epochs", "epochs_total", "rollout_batch_size", "batch_size", "max_prompt_length", "max_response_length",
		"aab", "abb", "é", "e", "xyzzy", strings.Repeat("a", 64), strings.Repeat("a", 63) + "b"}
	for _, a := range words {
		for _, b := range words {
			full := fullDistance(a, b)
			for limit := 0; limit <= 5; limit++ {
				got := Within(a, b, limit)
				if full <= limit && got != full || full > limit && got <= limit {
					t.Errorf("Within(%q, %q, %d) = %d, distance %d", a, b, limit, got, full)
				}
			}
		}
	}
}

// fullDistance is the optimal string alignment distance without stopping
// early, the reference for Within.
func fullDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		if a == b {
			return 0
		}
		return 99
	}
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
