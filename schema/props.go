package schema

import (
	"maps"
	"slices"
)

// propTable holds the declared properties of an object schema, looked up
// without a map: a hash of a key's length and three of its bytes, free of
// collisions for the table's names (its seed is searched for when the
// schema is compiled), then one string comparison. Names that no seed
// separates (the same length and the same bytes at those places) keep a
// map.
type propTable struct {
	names []string
	nodes []*node
	slots []uint8 // 1 + the index of the name hashed there, 0 for none
	seed  uint32
	mask  uint32
	byMap map[string]*node // when no seed separates the names
}

func propHash(key string, seed uint32) uint32 {
	h := seed ^ uint32(len(key))*0x9e3779b1
	if n := len(key); n > 0 {
		h ^= uint32(key[0]) | uint32(key[n/2])<<8 | uint32(key[n-1])<<16
	}
	h *= 0x85ebca6b
	return h ^ h>>15
}

func newPropTable(props map[string]*node) propTable {
	names := slices.Sorted(maps.Keys(props))
	nodes := make([]*node, len(names))
	for i, name := range names {
		nodes[i] = props[name]
	}
	return newPropTableOf(names, nodes, nil)
}

// newPropTableOf makes the table of the properties names (sorted, each
// once), whose schemas are nodes; it keeps both lists, and takes its slots
// from room (nil: its own).
func newPropTableOf(names []string, nodes []*node, room *slab[uint8]) propTable {
	t := propTable{names: names, nodes: nodes}
	if len(t.names) == 0 {
		return t
	}
	if len(t.names) < 255 {
		size := 1
		for size < 2*len(t.names) {
			size <<= 1
		}
		var try [256]uint8 // the slots being tried: kept once they take every name
		for ; size <= 8*len(t.names) || size <= 16; size <<= 1 {
			slots := try[:]
			if size > len(try) {
				slots = make([]uint8, size)
			}
			slots = slots[:size]
			for seed := uint32(1); seed <= 512; seed++ {
				if t.place(slots, seed, uint32(size-1)) {
					t.slots, t.seed, t.mask = room.take(size), seed, uint32(size-1)
					copy(t.slots, slots)
					return t
				}
			}
		}
	}
	t.byMap = make(map[string]*node, len(names))
	for i, name := range names {
		t.byMap[name] = nodes[i]
	}
	return t
}

// place hashes every name into slots with seed, and reports whether no
// two fell on one slot.
func (t *propTable) place(slots []uint8, seed, mask uint32) bool {
	clear(slots)
	for i, name := range t.names {
		h := propHash(name, seed) & mask
		if slots[h] != 0 {
			return false
		}
		slots[h] = uint8(i + 1)
	}
	return true
}

// get returns the schema of a declared property.
func (t *propTable) get(key string) (*node, bool) {
	if t.byMap != nil {
		n, ok := t.byMap[key]
		return n, ok
	}
	if len(t.slots) == 0 {
		return nil, false
	}
	i := t.slots[propHash(key, t.seed)&t.mask]
	if i == 0 || t.names[i-1] != key {
		return nil, false
	}
	return t.nodes[i-1], true
}
