package gitsync

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Pack object types (gitformat-pack).
const (
	packCommit   = 1
	packOFSDelta = 6
	packREFDelta = 7
)

// packObject is one entry of a crafted pack: its type, its data before
// compression (a delta for the delta types), and the base it names (an
// index of an earlier entry for an offset delta, a hash for a ref delta).
type packObject struct {
	typ     byte
	data    []byte
	ofsBase int      // offset delta: the entry it is based on
	refBase [20]byte // ref delta: the hash it is based on
	// hash the index lists the entry under (what it claims to be)
	hash [20]byte
}

func packHeader(typ byte, size int) []byte {
	b := typ<<4 | byte(size&0x0f)
	size >>= 4
	var out []byte
	for size > 0 {
		out = append(out, b|0x80)
		b = byte(size & 0x7f)
		size >>= 7
	}
	return append(out, b)
}

// ofsEncode writes the distance back to an offset delta's base.
func ofsEncode(n int64) []byte {
	out := []byte{byte(n & 0x7f)}
	for n >>= 7; n > 0; n >>= 7 {
		n--
		out = append([]byte{byte(0x80 | n&0x7f)}, out...)
	}
	return out
}

func varint(n int) []byte {
	var out []byte
	for n >= 0x80 {
		out = append(out, byte(n)|0x80)
		n >>= 7
	}
	return append(out, byte(n))
}

// copyAllThen is a delta that copies its whole base of size src and
// appends extra.
func copyAllThen(src int, extra []byte) []byte {
	d := append(varint(src), varint(src+len(extra))...)
	if src > 0 {
		d = append(d, 0x80|0x10|0x20|0x40, byte(src), byte(src>>8), byte(src>>16))
	}
	if len(extra) > 0 {
		d = append(d, byte(len(extra)))
		d = append(d, extra...)
	}
	return d
}

// writePack lays a pack and its version 2 index down in the repository's
// objects/pack, as git would name them.
func writePack(t *testing.T, root string, objs []packObject) {
	t.Helper()
	var pack bytes.Buffer
	pack.WriteString("PACK")
	binary.Write(&pack, binary.BigEndian, uint32(2))
	binary.Write(&pack, binary.BigEndian, uint32(len(objs)))
	offsets := make([]int64, len(objs))
	crcs := make([]uint32, len(objs))
	zw := zlib.NewWriter(nil)
	for i, o := range objs {
		offsets[i] = int64(pack.Len())
		var raw bytes.Buffer
		raw.Write(packHeader(o.typ, len(o.data)))
		switch o.typ {
		case packOFSDelta:
			raw.Write(ofsEncode(offsets[i] - offsets[o.ofsBase]))
		case packREFDelta:
			raw.Write(o.refBase[:])
		}
		zw.Reset(&raw)
		zw.Write(o.data)
		zw.Close()
		crcs[i] = crc32.ChecksumIEEE(raw.Bytes())
		pack.Write(raw.Bytes())
	}
	sum := sha1.Sum(pack.Bytes())
	pack.Write(sum[:])

	order := make([]int, len(objs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return bytes.Compare(objs[a].hash[:], objs[b].hash[:]) })
	var idx bytes.Buffer
	idx.Write([]byte{0xff, 't', 'O', 'c'})
	binary.Write(&idx, binary.BigEndian, uint32(2))
	for b := 0; b < 256; b++ {
		n := 0
		for _, o := range objs {
			if int(o.hash[0]) <= b {
				n++
			}
		}
		binary.Write(&idx, binary.BigEndian, uint32(n))
	}
	for _, i := range order {
		idx.Write(objs[i].hash[:])
	}
	for _, i := range order {
		binary.Write(&idx, binary.BigEndian, crcs[i])
	}
	for _, i := range order {
		binary.Write(&idx, binary.BigEndian, uint32(offsets[i]))
	}
	idx.Write(sum[:])
	isum := sha1.Sum(idx.Bytes())
	idx.Write(isum[:])

	name := filepath.Join(root, ".git", "objects", "pack", "pack-"+hex.EncodeToString(sum[:]))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name+".pack", pack.Bytes(), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name+".idx", idx.Bytes(), 0o444); err != nil {
		t.Fatal(err)
	}
}

func fakeHash(s string) [20]byte { return sha1.Sum([]byte(s)) }

// offsetChain is commit whole, then n offset deltas each based on the
// one before, each adding a line: entry i is i deltas deep.
func offsetChain(commit []byte, n int) []packObject {
	objs := []packObject{{typ: packCommit, data: commit, hash: objectHash("commit", commit)}}
	content := slices.Clone(commit)
	for i := 1; i <= n; i++ {
		objs = append(objs, packObject{typ: packOFSDelta, data: copyAllThen(len(content), []byte("\n")), ofsBase: i - 1})
		content = append(content, '\n')
		objs[i].hash = objectHash("commit", content)
	}
	return objs
}

func objectHash(typ string, content []byte) [20]byte {
	return sha1.Sum(append([]byte(fmt.Sprintf("%s %d\x00", typ, len(content))), content...))
}

// TestHostileDeltas: packs whose deltas name each other or chain deeper
// than git ever writes. HEAD names the object at the end of the chain;
// reading it gives "not checked" with a reason, or a safe answer, never a
// crash (a recursion without end overflows the stack, which no recover
// catches) or a hang, and the memory stays bounded.
func TestHostileDeltas(t *testing.T) {
	cases := []struct {
		name   string
		reason string
		objs   func(commit []byte) ([]packObject, [20]byte)
	}{
		{"a delta based on itself", "form a loop", func(commit []byte) ([]packObject, [20]byte) {
			h := fakeHash("self")
			return []packObject{{typ: packREFDelta, data: copyAllThen(len(commit), nil), refBase: h, hash: h}}, h
		}},
		{"two deltas based on each other", "form a loop", func(commit []byte) ([]packObject, [20]byte) {
			a, b := fakeHash("a"), fakeHash("b")
			return []packObject{
				{typ: packREFDelta, data: copyAllThen(len(commit), nil), refBase: b, hash: a},
				{typ: packREFDelta, data: copyAllThen(len(commit), nil), refBase: a, hash: b},
			}, a
		}},
		{"a chain of 10,000 offset deltas", "deeper than git writes", func(commit []byte) ([]packObject, [20]byte) {
			objs := offsetChain(commit, 10000)
			return objs, objs[len(objs)-1].hash
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := repoFixture(t)
			commit := []byte(git(t, root, "cat-file", "commit", "HEAD") + "\n")
			objs, tip := c.objs(commit)
			writePack(t, root, objs)
			write(t, root, ".git/refs/heads/main", hex.EncodeToString(tip[:])+"\n")
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			done := make(chan struct{})
			var r *Repo
			var st RolloutState
			go func() {
				defer close(done)
				r, st, _ = observed(t, root)
			}()
			select {
			case <-done:
			case <-time.After(60 * time.Second):
				t.Fatal("no answer within a minute")
			}
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("unchecked %q / %q; %d KB allocated", r.Unchecked, st.Unchecked, alloc>>10)
			if alloc > 64<<20 {
				t.Errorf("%d MB allocated: the chain is not cut short", alloc>>20)
			}
			why := r.Unchecked + st.Unchecked
			if !strings.Contains(why, c.reason) {
				t.Errorf("unchecked %q, want it to say %q", why, c.reason)
			}
			if strings.Contains(why, root) {
				t.Errorf("the reason names a path: %q", why)
			}
		})
	}
}

// TestPackedRepository: a repository git packed with deltas (gc
// --aggressive) reads as it did loose, its chains walked and accepted.
func TestPackedRepository(t *testing.T) {
	root := repoFixture(t)
	git(t, root, "branch", "-q", "--set-upstream-to=origin/main")
	for i := 0; i < 30; i++ {
		write(t, root, "rollouts/calc/main.py", strings.Repeat("print(1)\n", 50)+strings.Repeat("x", i)+"\n")
		git(t, root, "commit", "-q", "-am", "step")
	}
	git(t, root, "gc", "-q", "--aggressive")
	packs, _ := filepath.Glob(filepath.Join(root, ".git", "objects", "pack", "*.idx"))
	if len(packs) != 1 {
		t.Fatalf("%d packs after gc, want 1", len(packs))
	}
	if out := git(t, root, "verify-pack", "-v", packs[0]); !strings.Contains(out, "chain length = ") {
		t.Fatalf("git wrote no deltas:\n%s", out)
	}
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	r := Open(ws, ".git", Limits{}, mainFollowsOrigin)
	st := r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
	if r.Unchecked != "" || st.Unchecked != "" || len(st.Unpushed) != 30 {
		t.Errorf("want 30 unpushed commits, got %d (%q %q)", len(st.Unpushed), r.Unchecked, st.Unchecked)
	}
	if len(r.deltas.packs) == 0 {
		t.Error("the packs' indexes were not read")
	}
}

// TestDeltaDepthRemembered: the guard remembers the depth of the chains it
// walked, so that a chain through a remembered one is cut at git's depth
// too, whatever order the objects are asked in.
func TestDeltaDepthRemembered(t *testing.T) {
	root := repoFixture(t)
	commit := []byte(git(t, root, "cat-file", "commit", "HEAD") + "\n")
	objs := offsetChain(commit, 6000)
	writePack(t, root, objs)
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	g := &deltaGuard{fs: doorFS{root: ws, base: ".git"}, maxSize: 1 << 30}
	defer g.release()
	for _, c := range []struct {
		depth int
		want  error
	}{
		{3000, nil}, {6000, errDeltaDepth}, {4095, nil}, {4096, errDeltaDepth}, {5000, errDeltaDepth}, {10, nil}, {0, nil},
	} {
		if err := g.check(objs[c.depth].hash); err != c.want {
			t.Errorf("an object %d deltas deep: %v, want %v", c.depth, err, c.want)
		}
	}
	for _, depth := range []int{0, 10, 3000, 4095} {
		off, err := g.packs[0].idx.FindOffset(objs[depth].hash)
		if err != nil {
			t.Fatal(err)
		}
		if d, ok := g.packs[0].good[off]; !ok || d != depth {
			t.Errorf("the depth remembered of an object %d deltas deep: %d %v", depth, d, ok)
		}
	}
}
