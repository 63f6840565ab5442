package schema

import "testing"

// TestSlab holds a slab's slices apart: each of the length asked for,
// capped there (an append copies it out), zeroed, and sharing no element
// with another.
func TestSlab(t *testing.T) {
	var s slab[int]
	var got [][]int
	for n := range 200 {
		l := s.take(n % 70)
		if len(l) != n%70 || cap(l) != len(l) {
			t.Fatalf("take(%d): len %d, cap %d", n%70, len(l), cap(l))
		}
		for i := range l {
			if l[i] != 0 {
				t.Fatalf("take(%d): element %d is %d", n%70, i, l[i])
			}
			l[i] = n
		}
		got = append(got, l)
	}
	for n, l := range got {
		for i, x := range l {
			if x != n {
				t.Fatalf("slice %d, element %d: %d, written over", n, i, x)
			}
		}
	}
	if l := (*slab[int])(nil).take(3); len(l) != 3 {
		t.Errorf("a nil slab's take(3): %d elements", len(l))
	}
}
