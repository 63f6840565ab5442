package gitsync

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
)

// packIdx is a pack's version 2 index (gitformat-pack), kept as read:
// the fan-out table, the sorted object names, their CRCs, their 31-bit
// offsets, then the 64-bit offsets those point to. A lookup is a binary
// search in the names the fan-out gives, and nothing is decoded ahead of
// it (go-git's decoder reads the file 4 bytes a system call and copies
// every table).
type packIdx struct {
	data  []byte
	count int
	// where each table begins in data
	names, offsets, large int
}

var idxMagic = []byte{0xff, 't', 'O', 'c'}

// parseIdx checks the layout of a version 2 index: the header, a fan-out
// that never decreases, and room for every table of the count it gives.
func parseIdx(data []byte) (*packIdx, error) {
	const header = 8
	const fanout = 256 * 4
	if len(data) < header+fanout+40 || !bytes.Equal(data[:4], idxMagic) {
		return nil, fmt.Errorf("%w: a pack index is not version 2", errCorrupt)
	}
	if v := binary.BigEndian.Uint32(data[4:]); v != 2 {
		return nil, fmt.Errorf("%w: a pack index of version %d", errCorrupt, v)
	}
	prev := uint32(0)
	for i := 0; i < 256; i++ {
		n := binary.BigEndian.Uint32(data[header+4*i:])
		if n < prev {
			return nil, fmt.Errorf("%w: a pack index's fan-out decreases", errCorrupt)
		}
		prev = n
	}
	count := int64(prev)
	x := &packIdx{data: data, count: int(prev), names: header + fanout}
	x.offsets = x.names + int(count)*(20+4)
	x.large = x.offsets + int(count)*4
	if int64(x.large)+40 > int64(len(data)) || count > int64(len(data))/28 {
		return nil, fmt.Errorf("%w: a pack index is shorter than its tables", errCorrupt)
	}
	return x, nil
}

// FindOffset returns where the object h begins in the pack
// (plumbing.ErrObjectNotFound when the index does not list it).
func (x *packIdx) FindOffset(h plumbing.Hash) (int64, error) {
	lo := 0
	if h[0] > 0 {
		lo = int(binary.BigEndian.Uint32(x.data[8+4*(int(h[0])-1):]))
	}
	hi := int(binary.BigEndian.Uint32(x.data[8+4*int(h[0]):]))
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		switch c := bytes.Compare(x.data[x.names+20*mid:x.names+20*mid+20], h[:]); {
		case c == 0:
			return x.offset(mid)
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, plumbing.ErrObjectNotFound
}

// offset reads the i-th object's offset, from the 64-bit table when its
// high bit says so.
func (x *packIdx) offset(i int) (int64, error) {
	o := binary.BigEndian.Uint32(x.data[x.offsets+4*i:])
	if o&0x80000000 == 0 {
		return int64(o), nil
	}
	at := x.large + 8*int(o&0x7fffffff)
	if at+8 > len(x.data)-40 {
		return 0, fmt.Errorf("%w: a pack index's large offset is outside it", errCorrupt)
	}
	v := binary.BigEndian.Uint64(x.data[at:])
	if v > 1<<62 {
		return 0, fmt.Errorf("%w: a pack index's large offset is unreadable", errCorrupt)
	}
	return int64(v), nil
}
