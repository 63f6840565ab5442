package toml

import (
	"hash/maphash"
	"unsafe"
)

// A large table finds its keys, and a flag node its children, through an
// open-addressing hash index: one slice of slots, grown by doubling, where
// a Go map costs a directory, tables and groups (four allocations at 40
// keys). Slots hold 1-based positions (0 is empty) and probe linearly; the
// seed is random per process, so that keys chosen to collide cannot make
// a document slow.

var indexSeed = maphash.MakeSeed()

// entryIndex maps the keys of a table's entries to their positions. It is
// one pointer, to a count of slots followed by the slots, so that every
// table (most never need an index) holds 8 bytes for it, not a slice.
type entryIndex struct{ p *int32 }

func (x entryIndex) slots() []int32 {
	if x.p == nil {
		return nil
	}
	return unsafe.Slice(x.p, 1+int(*x.p))[1:]
}

// len is the number of slots.
func (x entryIndex) len() int {
	if x.p == nil {
		return 0
	}
	return int(*x.p)
}

// get returns the position of key in entries, or -1.
func (x entryIndex) get(entries []*Entry, key string) int {
	s := x.slots()
	mask := uint64(len(s) - 1)
	for i := maphash.String(indexSeed, key) & mask; ; i = (i + 1) & mask {
		p := s[i]
		if p == 0 {
			return -1
		}
		if entries[p-1].Key == key {
			return int(p - 1)
		}
	}
}

// indexEntries indexes entries, with room for as many again or for hint.
func indexEntries(entries []*Entry, hint int) entryIndex {
	n := 16
	for n < 2*max(len(entries), hint) {
		n *= 2
	}
	s := make([]int32, 1+n)
	s[0] = int32(n)
	x := entryIndex{&s[0]}
	for i := range entries {
		x.put(entries, i)
	}
	return x
}

// put indexes entries[i]; the index has room (at most half full).
func (x entryIndex) put(entries []*Entry, i int) {
	s := x.slots()
	mask := uint64(len(s) - 1)
	j := maphash.String(indexSeed, entries[i].Key) & mask
	for s[j] != 0 {
		j = (j + 1) & mask
	}
	s[j] = int32(i + 1)
}

// add indexes the last of entries, growing the index when it is half full.
func (x entryIndex) add(entries []*Entry) entryIndex {
	if 2*len(entries) > x.len() {
		return indexEntries(entries, 0)
	}
	x.put(entries, len(entries)-1)
	return x
}

// nodeIndex maps the names of a flag node's children to them.
type nodeIndex []*flagNode

func (x nodeIndex) get(name string) *flagNode {
	mask := uint64(len(x) - 1)
	for i := maphash.String(indexSeed, name) & mask; ; i = (i + 1) & mask {
		c := x[i]
		if c == nil || c.name == name {
			return c
		}
	}
}

func (x nodeIndex) put(c *flagNode) {
	mask := uint64(len(x) - 1)
	j := maphash.String(indexSeed, c.name) & mask
	for x[j] != nil {
		j = (j + 1) & mask
	}
	x[j] = c
}

// indexNodes indexes the children of n (count of them), with room for as
// many again.
func indexNodes(first *flagNode, count int) nodeIndex {
	size := 16
	for size < 2*count {
		size *= 2
	}
	x := make(nodeIndex, size)
	for c := first; c != nil; c = c.next {
		x.put(c)
	}
	return x
}
