package toml

import (
	"math/rand/v2"
	"testing"
)

// TestFirstFlaggedAgreesWithIs compares the one-walk prefix search with
// is called on every prefix, on random tries.
func TestFirstFlaggedAgreesWithIs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "b", "c"}
	for round := 0; round < 20000; round++ {
		var root flagNode
		for j := 0; j < r.IntN(6); j++ {
			k := make([]string, 1+r.IntN(4))
			for i := range k {
				k[i] = names[r.IntN(len(names))]
			}
			root.set(nil, k, uint8(1+r.IntN(2)), r.IntN(2) == 0)
		}
		key := make([]string, 1+r.IntN(5))
		for i := range key {
			key[i] = names[r.IntN(len(names))]
		}
		from := 1 + r.IntN(len(key))
		flag := uint8(1 + r.IntN(2))
		want := 0
		for l := from; l <= len(key); l++ {
			if root.is(key[:l], flag) {
				want = l
				break
			}
		}
		if got := root.firstFlagged(key, from, flag); got != want {
			t.Fatalf("firstFlagged(%v, %d, %d) = %d, is says %d", key, from, flag, got, want)
		}
	}
}
