package gitsync

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// fuzzHash is the name the crafted index gives the i-th listed entry.
func fuzzHash(i int) plumbing.Hash {
	var h plumbing.Hash
	h[0], h[1] = byte(i), 0xaa
	return h
}

// seedPack is a pack's body of a blob, an offset delta and a reference
// delta on it, the offsets of the three, and the two deltas' entries.
func seedPack() (body, offs, ofs, ref []byte) {
	blob := []byte("hello, pack\n")
	whole := append(packHeader(3, len(blob)), looseFile(blob)...)
	delta := copyAllThen(len(blob), []byte("more\n"))
	ofs = append(append(packHeader(packOFSDelta, len(delta)), ofsEncode(int64(len(whole)))...), looseFile(delta)...)
	h0 := fuzzHash(0)
	ref = append(append(packHeader(packREFDelta, len(delta)), h0[:]...), looseFile(delta)...)
	body = append(append(append([]byte{}, whole...), ofs...), ref...)
	offs = []byte{0, 12, 0, byte(12 + len(whole)), 0, byte(12 + len(whole) + len(ofs))}
	return body, offs, ofs, ref
}

// FuzzPackObjects reads the objects of a crafted pack (body after the
// 12-byte header; offs lists, two bytes each, where its entries begin,
// named fuzzHash(0), fuzzHash(1)...). Invariants: no panic; no object over
// the bound; the same answers on a second read (through the cache of
// bases) and from a fresh reader asked in the reverse order.
func FuzzPackObjects(f *testing.F) {
	body, offs, ofs, ref := seedPack()
	f.Add(body, offs)
	f.Add(ofs, []byte{0, 12})                                             // a base before the pack's start
	f.Add(append(ref[:len(ref)-2:len(ref)-2], 0, 0), []byte{0, 12})       // a delta based on itself, cut short
	f.Add(append(packHeader(1, 1<<20), looseFile(nil)...), []byte{0, 12}) // a size over the bound
	f.Fuzz(func(t *testing.T, body, offs []byte) {
		if len(offs) > 64 || len(body) > 1<<16 {
			return
		}
		ws, n := fuzzPack(t, body, offs)
		const max = 4 << 10
		type answer struct {
			data     string
			ok, none bool
		}
		read := func(g *deltaGuard, h plumbing.Hash, want plumbing.ObjectType) answer {
			if err := g.check(h); err != nil {
				return answer{}
			}
			p := g.packs[0]
			off, err := p.idx.FindOffset(h)
			if err != nil {
				t.Fatalf("%v is listed but not found: %v", h, err)
			}
			b, err := g.object(p, off, want, max)
			if len(b) > max {
				t.Fatalf("an object of %d bytes, over the bound of %d", len(b), max)
			}
			return answer{string(b), err == nil, errors.Is(err, plumbing.ErrObjectNotFound)}
		}
		types := []plumbing.ObjectType{plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject}
		first := &deltaGuard{fs: doorFS{root: ws, base: ".git"}, maxSize: 1 << 20}
		defer first.release()
		if err := first.load(); err != nil {
			t.Fatal(err)
		}
		got := map[[2]int]answer{}
		for i := 0; i < n; i++ {
			for j, want := range types {
				got[[2]int{i, j}] = read(first, fuzzHash(i), want)
			}
		}
		fresh := &deltaGuard{fs: doorFS{root: ws, base: ".git"}, maxSize: 1 << 20}
		defer fresh.release()
		if err := fresh.load(); err != nil {
			t.Fatal(err)
		}
		for i := n - 1; i >= 0; i-- {
			for j := len(types) - 1; j >= 0; j-- {
				k := [2]int{i, j}
				if again := read(first, fuzzHash(i), types[j]); again != got[k] {
					t.Fatalf("object %d as %v read again: %+v, first %+v", i, types[j], again, got[k])
				}
				if other := read(fresh, fuzzHash(i), types[j]); other != got[k] {
					t.Fatalf("object %d as %v read in reverse order: %+v, in order %+v", i, types[j], other, got[k])
				}
			}
		}
	})
}

// fuzzPack lays down a pack of body with an index of the entries at offs,
// and returns the workspace and how many entries the index lists.
func fuzzPack(t *testing.T, body, offs []byte) (*disk.Root, int) {
	t.Helper()
	objs := map[plumbing.Hash]int64{}
	for i := 0; i+1 < len(offs); i += 2 {
		objs[fuzzHash(i/2)] = int64(binary.BigEndian.Uint16(offs[i:]))
	}
	root := t.TempDir()
	dir := filepath.Join(root, ".git", "objects", "pack")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pack := append([]byte("PACK\x00\x00\x00\x02"), binary.BigEndian.AppendUint32(nil, uint32(len(objs)))...)
	pack = append(pack, body...)
	if err := os.WriteFile(filepath.Join(dir, "pack-f.pack"), pack, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pack-f.idx"), buildIdx(objs), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	return ws, len(objs)
}

// TestFuzzPackSeed: the harness of FuzzPackObjects reaches the reader: its
// first seed's blob and the two deltas on it read as written.
func TestFuzzPackSeed(t *testing.T) {
	body, offs, _, _ := seedPack()
	ws, n := fuzzPack(t, body, offs)
	g := &deltaGuard{fs: doorFS{root: ws, base: ".git"}, maxSize: 1 << 20}
	defer g.release()
	if err := g.load(); err != nil || n != 3 {
		t.Fatal(err, n)
	}
	for i, want := range []string{"hello, pack\n", "hello, pack\nmore\n", "hello, pack\nmore\n"} {
		off, err := g.packs[0].idx.FindOffset(fuzzHash(i))
		if err != nil {
			t.Fatal(err)
		}
		if b, err := g.object(g.packs[0], off, plumbing.BlobObject, 1<<10); err != nil || string(b) != want {
			t.Errorf("object %d: %q %v, want %q", i, b, err, want)
		}
	}
}
