package gitsync

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

func TestParsePackedRefs(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string // ref.String() of each
		err  error
	}{
		{"as git writes", "# pack-refs with: peeled fully-peeled sorted \n" +
			hashA + " refs/heads/main\n" +
			hashB + " refs/tags/v1\n^" + hashA + "\n" +
			hashA + " refs/remotes/origin/main\n",
			[]string{hashA + " refs/heads/main", hashB + " refs/tags/v1", hashA + " refs/remotes/origin/main"}, nil},
		{"CRLF, blank lines, no final newline", "\r\n" + hashA + " refs/heads/a\r\n\n" + hashB + " refs/heads/b",
			[]string{hashA + " refs/heads/a", hashB + " refs/heads/b"}, nil},
		{"a comment anywhere", hashA + " refs/heads/a\n# late\n", []string{hashA + " refs/heads/a"}, nil},
		{"two spaces", hashA + " refs/heads/a extra\n", nil, errPackedRefs},
		{"no space", hashA + "\n", nil, errPackedRefs},
		{"empty", "", nil, nil},
	}
	for _, c := range cases {
		refs, err := parsePackedRefs([]byte(c.in), 10)
		if !errors.Is(err, c.err) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.err)
			continue
		}
		var got []string
		for _, r := range refs {
			got = append(got, r.String())
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	many := strings.Repeat(hashA+" refs/heads/x\n", 11)
	if _, err := parsePackedRefs([]byte(many), 10); !errors.Is(err, errLimit) {
		t.Errorf("11 refs with a bound of 10: %v", err)
	}
}

// refsRepo lays down a bare git directory of the given files.
func refsRepo(t *testing.T, files map[string]string) *refStore {
	t.Helper()
	root := t.TempDir()
	for rel, data := range files {
		write(t, root, ".git/"+rel, data)
	}
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	return &refStore{ws: ws, gitRel: ".git", maxPacked: 1 << 20}
}

func TestLooseAndPackedRefs(t *testing.T) {
	s := refsRepo(t, map[string]string{
		"packed-refs":          "# pack-refs with: peeled\n" + hashA + " refs/heads/main\n" + hashA + " refs/heads/old\n" + hashB + " refs/tags/v1\n^" + hashA + "\n",
		"refs/heads/main":      hashB + "\n",
		"refs/heads/empty":     "",
		"refs/heads/alias":     "ref: refs/heads/main\n",
		"refs/heads/to-packed": "ref:  refs/heads/old",
	})
	for name, want := range map[string]string{
		"refs/heads/main":  hashB + " refs/heads/main", // the loose file wins
		"refs/heads/old":   hashA + " refs/heads/old",
		"refs/tags/v1":     hashB + " refs/tags/v1",
		"refs/heads/empty": "",                     // an empty file, and no packed line
		"refs/heads/alias": "ref: refs/heads/main", // not followed by reference
	} {
		ref, err := s.reference(plumbing.ReferenceName(name))
		got := ""
		if err == nil {
			got = ref.String()
			if ref.Type() == plumbing.SymbolicReference {
				got = "ref: " + ref.Target().String()
			}
		}
		if got != want {
			t.Errorf("%s: %q (%v), want %q", name, got, err, want)
		}
	}
	if ref, err := s.resolve("refs/heads/alias"); err != nil || ref.Hash().String() != hashB {
		t.Errorf("alias resolved: %v %v", ref, err)
	}
	// a symbolic ref's target is what follows "ref: ", spaces kept (go-git)
	if _, err := s.resolve("refs/heads/to-packed"); !errors.Is(err, errUnsafeRefName) && !errors.Is(err, plumbing.ErrReferenceNotFound) {
		t.Errorf("a target with a leading space: %v", err)
	}
	for _, bad := range []plumbing.ReferenceName{"config", "refs/../config", "refs/heads/\x01", "", "refs/"} {
		if _, err := s.reference(bad); !errors.Is(err, errUnsafeRefName) {
			t.Errorf("%q: %v, want it refused", bad, err)
		}
	}
	var listed []string
	err := s.each([]string{"refs/heads/"}, func(r *plumbing.Reference) error {
		listed = append(listed, r.Name().String())
		return nil
	})
	// the empty loose file stops the listing, as it stops go-git's
	if !errors.Is(err, errEmptyRef) {
		t.Errorf("listing with an empty ref file: %v %v", listed, err)
	}
}

// TestListingSkipsLocks: git lists no loose ref whose name ends in ".lock"
// (an update's lock file, empty while it is written) or starts with ".";
// nor does the listing, which an empty lock file stopped.
func TestListingSkipsLocks(t *testing.T) {
	s := refsRepo(t, map[string]string{
		"refs/remotes/origin/main":      hashA + "\n",
		"refs/remotes/origin/main.lock": "",
		"refs/remotes/origin/x.lock":    hashB + "\n",
		"refs/remotes/origin/.hidden":   hashB + "\n",
		"refs/remotes/origin/d/.tmp":    "",
		"refs/remotes/origin/d/e":       hashB + "\n",
	})
	var listed []string
	err := s.each([]string{"refs/remotes/origin/"}, func(r *plumbing.Reference) error {
		listed = append(listed, r.String())
		return nil
	})
	want := hashA + " refs/remotes/origin/main," + hashB + " refs/remotes/origin/d/e"
	if err != nil || strings.Join(listed, ",") != want {
		t.Errorf("listed %q (%v), want %q", listed, err, want)
	}
}

func TestSymbolicChains(t *testing.T) {
	files := map[string]string{"refs/heads/end": hashA + "\n"}
	for i := 0; i < 10; i++ {
		files[fmt.Sprintf("refs/heads/c%d", i)] = fmt.Sprintf("ref: refs/heads/c%d\n", i+1)
	}
	files["refs/heads/c10"] = "ref: refs/heads/end\n"
	files["refs/heads/a"] = "ref: refs/heads/b\n"
	files["refs/heads/b"] = "ref: refs/heads/a\n"
	files["refs/heads/self"] = "ref: refs/heads/self\n"
	files["refs/heads/dangling"] = "ref: refs/heads/nowhere\n"
	s := refsRepo(t, files)
	if ref, err := s.resolve("refs/heads/c0"); err != nil || ref.Hash().String() != hashA {
		t.Errorf("a chain of 11: %v %v", ref, err)
	}
	for _, loop := range []plumbing.ReferenceName{"refs/heads/a", "refs/heads/self"} {
		_, err := s.resolve(loop)
		if !errors.Is(err, errRefLoop) {
			t.Errorf("%s: %v, want a loop", loop, err)
		}
		if !strings.Contains(describe(err), "loop") {
			t.Errorf("%s described %q", loop, describe(err))
		}
	}
	if _, err := s.resolve("refs/heads/dangling"); !errors.Is(err, plumbing.ErrReferenceNotFound) {
		t.Errorf("dangling: %v", err)
	}
}

// looseFile is the zlib stream of a loose object file.
func looseFile(raw []byte) []byte {
	var b bytes.Buffer
	zw := zlib.NewWriter(&b)
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}

func TestLooseObjects(t *testing.T) {
	commit := "tree " + hashA + "\n\nmsg\n"
	header := func(typ string, n int) string { return typ + " " + strconv.Itoa(n) + "\x00" }
	good := looseFile([]byte(header("commit", len(commit)) + commit))
	cases := []struct {
		name string
		file []byte
		want plumbing.ObjectType
		max  int64
		err  error // nil: the content is commit
	}{
		{"a commit", good, plumbing.CommitObject, 1 << 20, nil},
		{"asked as a tree", good, plumbing.TreeObject, 1 << 20, plumbing.ErrObjectNotFound},
		{"over the bound", good, plumbing.CommitObject, int64(len(commit) - 1), errHuge},
		{"truncated zlib", good[:len(good)-6], plumbing.CommitObject, 1 << 20, errCorrupt},
		{"corrupt zlib", append(append([]byte{}, good[:4]...), bytes.Repeat([]byte{0xff}, 20)...), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"not zlib", []byte("tree " + hashA), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"empty", nil, plumbing.CommitObject, 1 << 20, errCorrupt},
		{"a header claiming more", looseFile([]byte(header("commit", len(commit)+5) + commit)), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"a header claiming less", looseFile([]byte(header("commit", len(commit)-5) + commit)), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"a header claiming a huge size", looseFile([]byte(header("commit", 1<<40) + commit)), plumbing.CommitObject, 1 << 20, errHuge},
		{"a negative size", looseFile([]byte("commit -1\x00" + commit)), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"an unknown type", looseFile([]byte(header("blurb", len(commit)) + commit)), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"a delta type", looseFile([]byte(header("ofs-delta", len(commit)) + commit)), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"no size", looseFile([]byte("commit\x00" + commit)), plumbing.CommitObject, 1 << 20, errCorrupt},
		{"no end of header", looseFile([]byte("commit " + strings.Repeat("1", 100))), plumbing.CommitObject, 1 << 20, errCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			h := plumbing.NewHash(hashB)
			p := filepath.Join(root, ".git", "objects", hashB[:2], hashB[2:])
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, c.file, 0o444); err != nil {
				t.Fatal(err)
			}
			ws, err := disk.Open(root)
			if err != nil {
				t.Fatal(err)
			}
			s := &objectStore{git: doorFS{root: ws, base: ".git"}, max: c.max}
			got, err := s.object(h, c.want)
			if c.err == nil {
				if err != nil || string(got) != commit {
					t.Fatalf("%q %v, want the commit", got, err)
				}
				return
			}
			if !errors.Is(err, c.err) {
				t.Fatalf("%v, want %v", err, c.err)
			}
			if describe(err) == "" {
				t.Fatal("no description")
			}
		})
	}
}

// TestHugeLooseObjectNotInflated: an object whose header claims a size
// over the bound is refused without its content being read.
func TestHugeLooseObjectNotInflated(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 64<<20)
	file := looseFile(append([]byte("blob "+strconv.Itoa(len(big))+"\x00"), big...))
	zr, err := zlib.NewReader(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(1, func() {
		zr.(zlib.Resetter).Reset(bytes.NewReader(file), nil)
		if _, err := looseContent(zr, plumbing.BlobObject, 1<<20); !errors.Is(err, errHuge) {
			t.Fatal(err)
		}
	})
	if allocs > 20 {
		t.Errorf("%v allocations to refuse a 64 MiB object", allocs)
	}
}

var deltaSeeds = []struct{ base, delta string }{
	{"hello world", "\x0b\x0d\x90\x05\x03abc\x91\x06\x05"}, // copy 5, insert abc, copy 5 from 6
	{"abc", "\x03\x03\x90\x03"},
	{"abc", "\x03\x04\x90\x03"},         // result shorter than it says
	{"abc", "\x03\x02\x90\x03"},         // result longer than it says
	{"abc", "\x04\x03\x90\x03"},         // wrong base size
	{"abc", "\x03\x03\x91\x01\x03"},     // copy outside the base
	{"abc", "\x03\x03\x00"},             // reserved instruction
	{"abc", "\x03\x03\x05ab"},           // insert past the end
	{"abc", "\x03\x03\x90\x03\x01z"},    // trailing instruction
	{"abc", "\x03"},                     // no result size
	{"abc", "\x03\xff\xff\xff\xff\x0f"}, // a huge result
	{"", "\x00\x01\x01z"},
	{strings.Repeat("a", 70000), "\xf0\xa2\x04\xf0\xa2\x04\x80\xb0\x70\x11"}, // copy size 0 means 65536
}

// TestPatchDeltaAsGoGit holds patchDelta to go-git's: what it rebuilds,
// go-git rebuilds alike, and what go-git refuses, it refuses.
func TestPatchDeltaAsGoGit(t *testing.T) {
	rebuilt := 0
	for _, s := range deltaSeeds {
		samePatch(t, []byte(s.base), []byte(s.delta))
		if _, err := patchDelta([]byte(s.base), []byte(s.delta), 1<<20); err == nil {
			rebuilt++
		}
	}
	if rebuilt != 4 {
		t.Errorf("%d seeds rebuilt, want 4", rebuilt)
	}
}

func FuzzPatchDelta(f *testing.F) {
	for _, s := range deltaSeeds {
		f.Add([]byte(s.base), []byte(s.delta))
	}
	f.Fuzz(func(t *testing.T, base, delta []byte) { samePatch(t, base, delta) })
}

func samePatch(t *testing.T, base, delta []byte) {
	t.Helper()
	const max = 1 << 20
	got, err := patchDelta(base, delta, max)
	if err == nil && len(got) > max {
		t.Fatalf("%d bytes rebuilt, over the bound", len(got))
	}
	size, rest, serr := deltaSize(delta)
	if serr == nil {
		size, _, serr = deltaSize(rest)
	}
	if serr != nil || size > max || len(base) == 0 {
		// go-git would allocate the size the delta claims, or refuses an
		// empty base git never writes
		return
	}
	want, werr := packfile.PatchDelta(base, delta)
	if werr != nil && err == nil {
		t.Fatalf("%q on %q: go-git refuses it (%v), ours rebuilds %q", delta, base, werr, got)
	}
	if err == nil && !bytes.Equal(got, want) {
		t.Fatalf("%q on %q: ours %q, go-git %q", delta, base, got, want)
	}
}

// FuzzLooseObject reads arbitrary bytes as the inflated stream of a loose
// object, and as its file. Invariants: never more than the bound is
// returned; what is returned is the object the header announces, exactly
// (a commit, of the size given, the rest of the stream).
func FuzzLooseObject(f *testing.F) {
	f.Add([]byte("commit 5\x00hello"))
	f.Add([]byte("commit 6\x00hello"))
	f.Add([]byte("tree 0\x00"))
	f.Add([]byte("commit 99999999999999999999\x00"))
	f.Add([]byte("commit 65\x00" + strings.Repeat("x", 65)))
	f.Fuzz(func(t *testing.T, raw []byte) {
		const max = 64
		for _, file := range [][]byte{looseFile(raw), raw} {
			zr, err := zlib.NewReader(bytes.NewReader(file))
			if err != nil {
				continue
			}
			got, err := looseContent(zr, plumbing.CommitObject, max)
			if err != nil {
				if !errors.Is(err, errCorrupt) && !errors.Is(err, errHuge) && !errors.Is(err, plumbing.ErrObjectNotFound) {
					t.Fatalf("%q: an error describe does not word: %v", raw, err)
				}
				continue
			}
			if len(got) > max {
				t.Fatalf("%q: %d bytes returned, over the bound", raw, len(got))
			}
			if !bytes.Equal(file, looseFile(raw)) {
				continue // raw read as zlib: nothing to compare it with
			}
			nul := bytes.IndexByte(raw, 0)
			head, rest := string(raw[:nul]), raw[nul+1:]
			typ, size, _ := strings.Cut(head, " ")
			n, perr := strconv.ParseInt(size, 10, 64)
			if typ != "commit" || perr != nil || n != int64(len(got)) || !bytes.Equal(rest, got) {
				t.Fatalf("%q: read as %q", raw, got)
			}
		}
	})
}

// FuzzPackedRefs reads arbitrary bytes as packed-refs. Invariants: never
// more refs than the bound; each ref's name is in the file; the refs read,
// written back one a line, read back the same.
func FuzzPackedRefs(f *testing.F) {
	f.Add([]byte("# pack-refs with: peeled fully-peeled sorted \n" + hashA + " refs/heads/main\n" + hashB + " refs/tags/v1\n^" + hashA + "\n"))
	f.Add([]byte(hashA + " refs/heads/a\r\n\r\n" + hashB + " refs/heads/b"))
	f.Add([]byte("zz refs/heads/x\n ref\n"))
	f.Add([]byte("ref: refs/heads/a refs/heads/b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		const max = 8
		refs, err := parsePackedRefs(data, max)
		if err != nil {
			if !errors.Is(err, errPackedRefs) && !errors.Is(err, errLimit) {
				t.Fatalf("%q: %v", data, err)
			}
			return
		}
		if len(refs) > max {
			t.Fatalf("%q: %d refs, over the bound", data, len(refs))
		}
		var out bytes.Buffer
		for _, r := range refs {
			if !bytes.Contains(data, []byte(r.Name())) {
				t.Fatalf("%q: a name not in the file: %q", data, r.Name())
			}
			if r.Type() != plumbing.HashReference {
				t.Fatalf("%q: a packed ref that is not a hash: %v", data, r)
			}
			out.WriteString(r.Hash().String() + " " + r.Name().String() + "\r\n")
		}
		again, err := parsePackedRefs(out.Bytes(), max)
		if err != nil || len(again) != len(refs) {
			t.Fatalf("%q: written back %q, read %v %v", data, out.Bytes(), again, err)
		}
		for i := range refs {
			if again[i].String() != refs[i].String() {
				t.Fatalf("%q: ref %d read back as %v, was %v", data, i, again[i], refs[i])
			}
		}
	})
}

// TestChainWorkBound: an object rebuilt from a chain of deltas is read
// while the bytes the chain inflates and rebuilds stay within
// maxChainWork object bounds, and refused past them.
func TestChainWorkBound(t *testing.T) {
	root := repoFixture(t)
	commit := []byte(git(t, root, "cat-file", "commit", "HEAD") + "\n")
	objs := offsetChain(commit, 400)
	writePack(t, root, objs)
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	gitFS := doorFS{root: ws, base: ".git"}
	guard := &deltaGuard{fs: gitFS, maxSize: 1 << 30}
	defer guard.release()
	const max = 1024
	s := &objectStore{git: gitFS, max: max, packs: guard}
	// entry i rebuilds len(commit)+i bytes after i deltas
	within, past := 0, 0
	for n := 1; n <= 400; n++ {
		if work := n*len(commit) + n*n; work < maxChainWork*max/2 {
			within = n
		} else if work > 2*maxChainWork*max && past == 0 {
			past = n
		}
	}
	if within == 0 || past == 0 {
		t.Fatalf("the fixture's chain does not cross the bound: %d %d", within, past)
	}
	got, err := s.object(objs[within].hash, plumbing.CommitObject)
	if err != nil || len(got) != len(commit)+within {
		t.Errorf("a chain of %d: %d bytes, %v", within, len(got), err)
	}
	guard.release()
	for _, p := range guard.packs {
		clear(p.bases) // a fresh read: no base kept from the last
		p.baseBytes = 0
	}
	if _, err := s.object(objs[past].hash, plumbing.CommitObject); !errors.Is(err, errHuge) {
		t.Errorf("a chain of %d: %v, want the bound", past, err)
	}
}

// TestPackIndexesBounded: the pack indexes are read whole and kept, so
// their bound is one for all of them: a thousand packs' indexes each just
// under it are not all held.
func TestPackIndexesBounded(t *testing.T) {
	root := t.TempDir()
	empty := string(idxMagic) + "\x00\x00\x00\x02" + strings.Repeat("\x00", 256*4+40)
	for _, name := range []string{"pack-a", "pack-b", "pack-c"} {
		write(t, root, ".git/objects/pack/"+name+".idx", empty)
		write(t, root, ".git/objects/pack/"+name+".pack", "PACK")
	}
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	fsys := doorFS{root: ws, base: ".git"}
	for _, c := range []struct {
		max  int64
		fail bool
	}{{3 * int64(len(empty)), false}, {3*int64(len(empty)) - 1, true}, {int64(len(empty)), true}} {
		g := &deltaGuard{fs: fsys, maxSize: c.max}
		err := g.load()
		if (err != nil) != c.fail || (c.fail && !errors.Is(err, errHuge)) {
			t.Errorf("three indexes of %d bytes, a bound of %d: %v", len(empty), c.max, err)
		}
		if !c.fail && len(g.packs) != 3 {
			t.Errorf("%d packs read", len(g.packs))
		}
	}
}
