package gitsync

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// storeFixtures are repositories as git leaves them: loose, packed by gc
// (packed-refs with peeled tags, one pack), packed with deltas, and packed
// then moved on (loose objects beside the pack, a loose ref over a packed
// one).
var storeFixtures = []struct {
	name  string
	build func(t *testing.T, root string)
}{
	{"loose", func(t *testing.T, root string) { refsFixture(t, root) }},
	{"gc", func(t *testing.T, root string) {
		refsFixture(t, root)
		git(t, root, "gc", "-q")
		packed, err := os.ReadFile(filepath.Join(root, ".git", "packed-refs"))
		if err != nil || !bytes.HasPrefix(packed, []byte("# pack-refs")) || !bytes.Contains(packed, []byte("\n^")) {
			t.Fatalf("gc wrote no packed-refs with a comment and a peeled line: %q %v", packed, err)
		}
	}},
	{"deltas", func(t *testing.T, root string) {
		refsFixture(t, root)
		for i := 0; i < 20; i++ {
			write(t, root, "rollouts/calc/main.py", strings.Repeat("print(1)\n", 40)+strings.Repeat("x", i)+"\n")
			write(t, root, "rollouts/calc/lib/util"+string(rune('a'+i%3))+".py", strings.Repeat("y", i)+"\n")
			git(t, root, "add", "-A")
			git(t, root, "commit", "-q", "-m", "step")
		}
		git(t, root, "gc", "-q", "--aggressive")
	}},
	{"gc then more", func(t *testing.T, root string) {
		refsFixture(t, root)
		git(t, root, "gc", "-q")
		write(t, root, "rollouts/calc/main.py", "print(3)\n")
		git(t, root, "commit", "-q", "-am", "after gc")
		git(t, root, "update-ref", "refs/remotes/origin/main", "HEAD")
	}},
}

// refsFixture adds to repoFixture a second branch, tags (one annotated),
// and a symbolic ref.
func refsFixture(t *testing.T, root string) {
	t.Helper()
	git(t, root, "branch", "-q", "feature")
	git(t, root, "tag", "light")
	git(t, root, "tag", "-a", "-m", "release", "v1")
	write(t, root, "rollouts/calc/main.py", "print(2)\n")
	git(t, root, "commit", "-q", "-am", "second")
	git(t, root, "symbolic-ref", "refs/heads/alias", "refs/heads/main")
	git(t, root, "update-ref", "refs/remotes/origin/feature", "feature")
}

// TestStoreAsGoGit holds the refs and objects the readers return to what
// go-git's filesystem storage returns for the same repositories.
func TestStoreAsGoGit(t *testing.T) {
	for _, fx := range storeFixtures {
		t.Run(fx.name, func(t *testing.T) {
			root := repoFixture(t)
			fx.build(t, root)
			ws, err := disk.Open(root)
			if err != nil {
				t.Fatal(err)
			}
			st := filesystem.NewStorage(osfs.New(filepath.Join(root, ".git")), cache.NewObjectLRUDefault())
			refs := &refStore{ws: ws, gitRel: ".git", maxPacked: 1 << 20}
			sameRefs(t, st, refs)
			gitFS := doorFS{root: ws, base: ".git"}
			guard := &deltaGuard{fs: gitFS, maxSize: 1 << 30}
			defer guard.release()
			sameObjects(t, st, &objectStore{git: gitFS, max: 1 << 20, packs: guard})
		})
	}
}

func sameRefs(t *testing.T, st *filesystem.Storage, refs *refStore) {
	t.Helper()
	iter, err := st.IterReferences()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	iter.ForEach(func(ref *plumbing.Reference) error {
		if ref.Name() != plumbing.HEAD {
			want[ref.Name().String()] = ref.String()
		}
		return nil
	})
	if len(want) < 6 {
		t.Fatalf("go-git lists %d refs: the fixture is not built", len(want))
	}
	got := map[string]string{}
	if err := refs.each([]string{"refs/"}, func(ref *plumbing.Reference) error {
		got[ref.Name().String()] = ref.String()
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if !equalMaps(got, want) {
		t.Errorf("refs listed:\n ours   %v\n go-git %v", got, want)
	}
	names := []plumbing.ReferenceName{plumbing.HEAD, "refs/heads/none", "refs/tags/v1", "refs/remotes/origin/HEAD"}
	for n := range want {
		names = append(names, plumbing.ReferenceName(n))
	}
	for _, n := range names {
		w, werr := st.Reference(n)
		g, gerr := refs.reference(n)
		if (werr != nil) != (gerr != nil) || werr == nil && g.String() != w.String() {
			t.Errorf("%s: ours %v %v, go-git %v %v", n, g, gerr, w, werr)
		}
		w, werr = storer.ResolveReference(st, n)
		g, gerr = refs.resolve(n)
		if (werr != nil) != (gerr != nil) || werr == nil && g.String() != w.String() {
			t.Errorf("%s resolved: ours %v %v, go-git %v %v", n, g, gerr, w, werr)
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

var objectTypes = []plumbing.ObjectType{plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject, plumbing.TagObject}

func sameObjects(t *testing.T, st *filesystem.Storage, objs *objectStore) {
	t.Helper()
	iter, err := st.IterEncodedObjects(plumbing.AnyObject)
	if err != nil {
		t.Fatal(err)
	}
	var hashes []plumbing.Hash
	iter.ForEach(func(o plumbing.EncodedObject) error {
		hashes = append(hashes, o.Hash())
		return nil
	})
	sort.Slice(hashes, func(i, j int) bool { return bytes.Compare(hashes[i][:], hashes[j][:]) < 0 })
	if len(hashes) < 10 {
		t.Fatalf("go-git lists %d objects: the fixture is not built", len(hashes))
	}
	byType := map[plumbing.ObjectType]int{}
	for _, h := range hashes {
		for _, typ := range objectTypes {
			w, werr := st.EncodedObject(typ, h)
			g, gerr := objs.object(h, typ)
			if (werr != nil) != (gerr != nil) {
				t.Fatalf("%s as %s: ours %v, go-git %v", h, typ, gerr, werr)
			}
			if werr != nil {
				if !errors.Is(gerr, plumbing.ErrObjectNotFound) || !errors.Is(werr, plumbing.ErrObjectNotFound) {
					t.Errorf("%s as %s: ours %v, go-git %v", h, typ, gerr, werr)
				}
				continue
			}
			rd, err := w.Reader()
			if err != nil {
				t.Fatal(err)
			}
			want, err := io.ReadAll(rd)
			rd.Close()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(g, want) {
				t.Errorf("%s %s: ours %q, go-git %q", typ, h, g, want)
			}
			byType[typ]++
		}
	}
	if byType[plumbing.CommitObject] < 2 || byType[plumbing.TreeObject] < 2 || byType[plumbing.TagObject] < 1 {
		t.Errorf("objects compared by type: %v", byType)
	}
	missing := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	if _, err := objs.object(missing, plumbing.CommitObject); !errors.Is(err, plumbing.ErrObjectNotFound) {
		t.Errorf("a missing object: %v", err)
	}
}

// TestOpenReadsLazily: opening the repository and asking of a rollout
// reads HEAD's branch and origin's refs, not the other local branches nor
// the tags; a named branch is read alone, and all of them only for a
// short pinned commit.
func TestOpenReadsLazily(t *testing.T) {
	root := repoFixture(t)
	git(t, root, "branch", "-q", "feature")
	git(t, root, "branch", "-q", "other")
	git(t, root, "tag", "v1")
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []string
	stop := disk.Observe(func(a disk.Access) {
		rel, _ := filepath.Rel(root, a.Path)
		mu.Lock()
		seen = append(seen, filepath.ToSlash(rel))
		mu.Unlock()
	})
	defer stop()
	touched := func(p string) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, s := range seen {
			if s == p || strings.HasPrefix(s, p+"/") {
				return true
			}
		}
		return false
	}
	r := Open(ws, ".git", Limits{}, nil)
	r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
	if r.Unchecked != "" || !touched(".git/refs/heads/main") || !touched(".git/refs/remotes/origin") {
		t.Fatalf("%q; read %v", r.Unchecked, seen)
	}
	for _, p := range []string{".git/refs/heads/feature", ".git/refs/heads/other", ".git/refs/tags"} {
		if touched(p) {
			t.Errorf("%s read to open the repository and answer for a rollout", p)
		}
	}
	git(t, root, "update-ref", "refs/remotes/origin/feature", "feature")
	r = Open(ws, ".git", Limits{}, nil)
	seen = nil
	if st := r.NamedBranch("feature", "calc"); st.Unchecked != "" || !st.OnOrigin {
		t.Fatalf("%+v", st)
	}
	if !touched(".git/refs/heads/feature") || touched(".git/refs/heads/other") {
		t.Errorf("a named branch: read %v", seen)
	}
	if st := r.PinnedCommit("0123456"); st.Unchecked != "" || !st.Known {
		t.Fatalf("%+v", st)
	}
	if !touched(".git/refs/heads/other") {
		t.Errorf("a short pinned commit looks in every local branch: read %v", seen)
	}
}
