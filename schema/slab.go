package schema

import "unsafe"

// slab hands out slices of shared backing arrays: the lists of one schema
// document (its arrays, its tables' names and slots) cost one allocation
// for many. The slices are capped at their length, so an append to one
// copies it out rather than writing over the next.
type slab[T any] struct {
	free []T
}

// slabBytes is the size of the arrays a slab allocates.
const slabBytes = 512

// take returns a slice of n zero elements (nil for none); a nil slab makes
// each slice on its own.
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return nil
	}
	var zero T
	chunk := max(slabBytes/int(unsafe.Sizeof(zero)), 16)
	if s == nil || n > chunk/4 {
		return make([]T, n) // a long list: not worth a slab's room
	}
	if len(s.free) < n {
		s.free = make([]T, chunk)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}
