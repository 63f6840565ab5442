package gitsync

import (
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

const (
	hashA = "0123456789abcdef0123456789abcdef01234567"
	hashB = "89abcdef0123456789abcdef0123456789abcdef"
)

// commitSeeds are commit objects as git writes them and as a hostile
// repository may hold them.
var commitSeeds = []string{
	"tree " + hashA + "\nauthor A <a@x> 1700000000 +0100\ncommitter C <c@x> 1700000100 -0230\n\nsubject\n\nbody\n",
	"tree " + hashA + "\nparent " + hashB + "\nparent " + hashA + "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 2 +0000\n\nmerge\n",
	"tree " + hashA + "\ncommitter C <c@x> 5 +0000\n\nno author\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\nencoding latin1\ncommitter C <c@x> 9 +0000\n\nlate committer\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 3 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n abc\n -----END PGP SIGNATURE-----\n\nsigned\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\ngpgsig x\n y\ncommitter C <c@x> 3 +0000\n\nsignature first\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 3 +0000\ncommitter D <d@x> 4 +0000\nparent " + hashB + "\n\ntwice\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 3 +0000\nmergetag object x\n type commit\n\n line\n\nafter a tag\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 3 +0000\nx-extra one\n two\n\nextra\n",
	"tree " + hashA + "\n\nheaders none\n",
	"tree " + hashA + "\nparent " + hashB,
	"tree " + hashA,
	"tree " + hashA + "\ncommitter C <c@x>\n\nno time\n",
	"tree " + hashA + "\ncommitter C <c@x> x +0000\n\nbad time\n",
	"tree " + hashA + "\ncommitter C <c@x> -5 +0000\n\nbefore 1970\n",
	"tree " + hashA + "\ncommitter C <c@x> 9223372036854775807 +0000\n\nlate\n",
	"tree " + hashA + "\ncommitter C >c@x< 7 +0000\n\nbrackets\n",
	"tree " + hashA + "\ncommitter C <c@x> <d@y> 8\n\ntwo emails\n",
	"tree " + hashA + "\ncommitter\n\nbare\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 3 +0000\n\n\n\nleading blank lines\n",
	"tree " + hashA + "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 3 +0000\n",
	"tree " + hashA + "\r\ncommitter C <c@x> 3 +0000\n\ncr\n",
	"tree " + hashA + "\nparent zz\n\nbad parent\n",
	"tree " + hashA + "\nparent " + hashB + " \n\nparent with a blank\n",
	"tree " + hashA[:39] + "\n\nshort tree\n",
	"tree " + strings.ToUpper(hashA) + "\n\nupper case\n",
	"parent " + hashB + "\ntree " + hashA + "\n\ntree not first\n",
	"\ntree " + hashA + "\n",
	"",
	"tree",
	"tree  " + hashA + "\n",
}

// TestDecodeCommitAsGoGit holds decodeCommit to go-git's decoder: the same
// objects are refused, and of the others the same tree, parents,
// committer time and message are read.
func TestDecodeCommitAsGoGit(t *testing.T) {
	for _, src := range commitSeeds {
		sameCommit(t, []byte(src))
	}
}

func FuzzDecodeCommit(f *testing.F) {
	for _, s := range commitSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { sameCommit(t, b) })
}

func sameCommit(t *testing.T, b []byte) {
	t.Helper()
	obj := &plumbing.MemoryObject{}
	obj.SetType(plumbing.CommitObject)
	if _, err := obj.Write(b); err != nil {
		t.Fatal(err)
	}
	want, werr := object.DecodeCommit(nil, obj)
	got, gerr := decodeCommit(b)
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("%q: go-git's error %v, ours %v", b, werr, gerr)
	}
	if werr != nil {
		return
	}
	parents := want.ParentHashes
	if parents == nil {
		parents = []plumbing.Hash{}
	}
	gotParents := got.parents
	if gotParents == nil {
		gotParents = []plumbing.Hash{}
	}
	if got.tree != want.TreeHash || !slices.Equal(gotParents, parents) || got.when != want.Committer.When.Unix() || got.message != want.Message {
		t.Fatalf("%q:\n go-git: tree %v parents %v when %d message %q\n ours:   tree %v parents %v when %d message %q",
			b, want.TreeHash, want.ParentHashes, want.Committer.When.Unix(), want.Message, got.tree, got.parents, got.when, got.message)
	}
}

func treeBytes(entries ...string) string { return strings.Join(entries, "") }

func entry(mode, name string, h byte) string {
	return mode + " " + name + "\x00" + strings.Repeat(string(rune(h)), 20)
}

var treeSeeds = []string{
	"",
	treeBytes(entry("100644", "a.py", 1), entry("100755", "run.sh", 2), entry("40000", "lib", 3), entry("120000", "link", 4), entry("160000", "sub", 5)),
	treeBytes(entry("100664", "group-writable", 6), entry("100700", "owner-x", 7), entry("40755", "odd-dir", 8), entry("644", "bare", 9)),
	treeBytes(entry("100644", "b", 1), entry("100644", "a", 2)),
	entry("100644", "name with spaces", 1),
	entry("100644", "", 1),
	entry("10064x", "bad-mode", 1),
	entry("", "no-mode", 1),
	"100644 truncated\x00" + strings.Repeat("x", 19),
	"100644 no-terminator",
	"100644",
	entry("100644", "ok", 1) + "100644 trailing",
	entry("77777777777", "huge-mode", 1),
}

// TestDecodeTreeAsGoGit holds decodeTree to go-git's decoder.
func TestDecodeTreeAsGoGit(t *testing.T) {
	for _, src := range treeSeeds {
		sameTree(t, []byte(src))
	}
}

func FuzzDecodeTree(f *testing.F) {
	for _, s := range treeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { sameTree(t, b) })
}

func sameTree(t *testing.T, b []byte) {
	t.Helper()
	obj := &plumbing.MemoryObject{}
	obj.SetType(plumbing.TreeObject)
	if _, err := obj.Write(b); err != nil {
		t.Fatal(err)
	}
	want, werr := object.DecodeTree(nil, obj)
	got, gerr := decodeTree(b)
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("%q: go-git's error %v, ours %v", b, werr, gerr)
	}
	if werr != nil {
		return
	}
	if len(got) != len(want.Entries) {
		t.Fatalf("%q: go-git reads %d entries, ours %d", b, len(want.Entries), len(got))
	}
	for i, e := range want.Entries {
		if g := got[i]; g.name != e.Name || g.mode != e.Mode || g.hash != e.Hash {
			t.Fatalf("%q: entry %d: go-git %q %o %v, ours %q %o %v", b, i, e.Name, e.Mode, e.Hash, g.name, g.mode, g.hash)
		}
	}
}

var refNameSeeds = []string{
	"", "HEAD", "main", "refs", "refs/", "refs/x", "refs/heads/", "refs/heads/main", "refs/heads/a/b",
	"refs/tags/v1", "refs/tags/", "refs/remotes/origin/main", "refs/remotes/origin/HEAD", "refs/remotes/",
	"refs/remotes/x", "refs/notes/commits", "refs/heads/a b", " refs/heads/x", "refs/heads/\tx",
	"refs/heads/é", "refs/heads/\xff", "refs/heads/%s", "refsheads/x", "refs/heads/refs/heads/x",
}

// TestShortNameAsGoGit holds shortName to go-git's Short.
func TestShortNameAsGoGit(t *testing.T) {
	for _, s := range refNameSeeds {
		sameShort(t, s)
	}
}

func FuzzShortName(f *testing.F) {
	for _, s := range refNameSeeds {
		f.Add(s)
	}
	f.Fuzz(sameShort)
}

func sameShort(t *testing.T, s string) {
	if got, want := shortName(plumbing.ReferenceName(s)), plumbing.ReferenceName(s).Short(); got != want {
		t.Fatalf("%q: shortName %q, go-git %q", s, got, want)
	}
}
