package gitsync

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
)

// buildIdx writes a version 2 index of the objects (name, offset), with
// offsets of 2 GiB and more in the 64-bit table.
func buildIdx(objs map[plumbing.Hash]int64) []byte {
	hashes := make([]plumbing.Hash, 0, len(objs))
	for h := range objs {
		hashes = append(hashes, h)
	}
	slices.SortFunc(hashes, func(a, b plumbing.Hash) int { return bytes.Compare(a[:], b[:]) })
	var b bytes.Buffer
	b.Write(idxMagic)
	binary.Write(&b, binary.BigEndian, uint32(2))
	for i := 0; i < 256; i++ {
		n := 0
		for _, h := range hashes {
			if int(h[0]) <= i {
				n++
			}
		}
		binary.Write(&b, binary.BigEndian, uint32(n))
	}
	for _, h := range hashes {
		b.Write(h[:])
	}
	for range hashes {
		binary.Write(&b, binary.BigEndian, uint32(0))
	}
	var large []int64
	for _, h := range hashes {
		if o := objs[h]; o >= 1<<31 {
			binary.Write(&b, binary.BigEndian, uint32(0x80000000|len(large)))
			large = append(large, o)
		} else {
			binary.Write(&b, binary.BigEndian, uint32(o))
		}
	}
	for _, o := range large {
		binary.Write(&b, binary.BigEndian, uint64(o))
	}
	b.Write(make([]byte, 20)) // the pack's checksum
	sum := sha1.Sum(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// sameIdx holds parseIdx's lookups to go-git's decoded index.
func sameIdx(t *testing.T, data []byte, hashes []plumbing.Hash) {
	t.Helper()
	want := idxfile.NewMemoryIndex()
	if err := idxfile.NewDecoder(bytes.NewReader(data)).Decode(want); err != nil {
		t.Fatal(err)
	}
	got, err := parseIdx(data)
	if err != nil {
		t.Fatal(err)
	}
	missing := plumbing.NewHash("ffffffffffffffffffffffffffffffffffffffff")
	for _, h := range append(hashes, missing, plumbing.ZeroHash) {
		w, werr := want.FindOffset(h)
		g, gerr := got.FindOffset(h)
		if (werr != nil) != (gerr != nil) || w != g {
			t.Errorf("%s: ours %d %v, go-git %d %v", h, g, gerr, w, werr)
		}
		if werr != nil && !errors.Is(gerr, plumbing.ErrObjectNotFound) {
			t.Errorf("%s: %v, want not found", h, gerr)
		}
	}
}

func TestIdxAsGoGit(t *testing.T) {
	objs := map[plumbing.Hash]int64{}
	var hashes []plumbing.Hash
	for i := 0; i < 600; i++ {
		h := plumbing.Hash(sha1.Sum([]byte{byte(i), byte(i >> 8)}))
		objs[h] = int64(12 + i*97)
		if i%50 == 0 {
			objs[h] = 1<<31 + int64(i)<<20 // past 2 GiB: the 64-bit table
		}
		hashes = append(hashes, h)
	}
	sameIdx(t, buildIdx(objs), hashes)
	sameIdx(t, buildIdx(map[plumbing.Hash]int64{}), nil)

	// the index git writes for a repository
	root := repoFixture(t)
	refsFixture(t, root)
	git(t, root, "gc", "-q")
	idxs, _ := filepath.Glob(filepath.Join(root, ".git", "objects", "pack", "*.idx"))
	if len(idxs) != 1 {
		t.Fatalf("%d indexes after gc", len(idxs))
	}
	data, err := os.ReadFile(idxs[0])
	if err != nil {
		t.Fatal(err)
	}
	var listed []plumbing.Hash
	for _, line := range bytes.Split([]byte(git(t, root, "rev-list", "--objects", "--all")), []byte("\n")) {
		if len(line) >= 40 {
			listed = append(listed, plumbing.NewHash(string(line[:40])))
		}
	}
	if len(listed) < 5 {
		t.Fatalf("%d objects listed", len(listed))
	}
	sameIdx(t, data, listed)
}

func TestIdxCorrupt(t *testing.T) {
	good := buildIdx(map[plumbing.Hash]int64{plumbing.NewHash(hashA): 12, plumbing.NewHash(hashB): 1 << 40})
	decreasing := slices.Clone(good)
	binary.BigEndian.PutUint32(decreasing[8+4*200:], 0)
	huge := slices.Clone(good)
	for i := 0; i < 256; i++ {
		binary.BigEndian.PutUint32(huge[8+4*i:], 0xffffffff)
	}
	v1 := slices.Clone(good)
	binary.BigEndian.PutUint32(v1[4:], 1)
	for name, data := range map[string][]byte{
		"empty":                 nil,
		"version 1":             v1,
		"not an index":          bytes.Repeat([]byte("x"), 2000),
		"a decreasing fan-out":  decreasing,
		"a count past its size": huge,
		"truncated":             good[:len(good)-50],
	} {
		if _, err := parseIdx(data); !errors.Is(err, errCorrupt) {
			t.Errorf("%s: %v, want corrupt", name, err)
		}
	}
	// a large offset pointing past the 64-bit table
	bad := slices.Clone(good)
	x, err := parseIdx(bad)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < x.count; i++ {
		if o := binary.BigEndian.Uint32(bad[x.offsets+4*i:]); o&0x80000000 != 0 {
			binary.BigEndian.PutUint32(bad[x.offsets+4*i:], 0x80000000|1000)
		}
	}
	if _, err := x.FindOffset(plumbing.NewHash(hashB)); !errors.Is(err, errCorrupt) {
		t.Errorf("a large offset outside the index: %v", err)
	}
}

// FuzzParseIdx reads arbitrary bytes as a pack index. Invariants: no
// panic; an index read lists each of its names at the offset go-git's
// decoder reads for it, or refuses a large offset outside the index.
func FuzzParseIdx(f *testing.F) {
	f.Add(buildIdx(map[plumbing.Hash]int64{plumbing.NewHash(hashA): 12, plumbing.NewHash(hashB): 1 << 40}))
	f.Add(buildIdx(map[plumbing.Hash]int64{plumbing.NewHash(hashA): 1 << 31}))
	f.Add(buildIdx(nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := parseIdx(data)
		if err != nil {
			if !errors.Is(err, errCorrupt) {
				t.Fatalf("%v", err)
			}
			return
		}
		want := idxfile.NewMemoryIndex()
		wok := idxfile.NewDecoder(bytes.NewReader(data)).Decode(want) == nil
		for i := 0; i < x.count && i < 1000; i++ {
			var h plumbing.Hash
			copy(h[:], data[x.names+20*i:])
			got, gerr := x.FindOffset(h)
			if gerr != nil && !errors.Is(gerr, errCorrupt) && !errors.Is(gerr, plumbing.ErrObjectNotFound) {
				t.Fatalf("%s: %v", h, gerr)
			}
			if !wok || gerr != nil {
				continue
			}
			if w, werr := want.FindOffset(h); werr == nil && w != got {
				t.Fatalf("%s: offset %d, go-git %d", h, got, w)
			}
		}
	})
}
