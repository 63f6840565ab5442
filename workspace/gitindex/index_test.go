package gitindex

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is not installed")
		}
		t.Skip("git is not installed")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+dir,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil && !strings.Contains(strings.Join(args, " "), "merge") {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func put(t *testing.T, dir, rel, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestParseAsGoGit holds Parse to go-git's index decoder on indexes git
// wrote in versions 2, 3 and 4, with a conflict (stages 1 to 3), an
// intent-to-add entry, a skip-worktree entry, a link and an executable.
func TestParseAsGoGit(t *testing.T) {
	for _, version := range []string{"2", "3", "4"} {
		t.Run("version "+version, func(t *testing.T) {
			dir := t.TempDir()
			git(t, dir, "init", "-q", "-b", "main")
			put(t, dir, "rollouts/calc/main.py", "a\n")
			put(t, dir, "rollouts/calc/lib/util.py", "u\n")
			put(t, dir, "README.md", "r\n")
			put(t, dir, "run.sh", "#!/bin/sh\n")
			if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("README.md", filepath.Join(dir, "link")); err != nil {
				t.Fatal(err)
			}
			git(t, dir, "add", "-A")
			git(t, dir, "commit", "-q", "-m", "one")
			git(t, dir, "checkout", "-q", "-b", "side")
			put(t, dir, "rollouts/calc/main.py", "side\n")
			git(t, dir, "commit", "-q", "-am", "side")
			git(t, dir, "checkout", "-q", "main")
			put(t, dir, "rollouts/calc/main.py", "main\n")
			git(t, dir, "commit", "-q", "-am", "main")
			git(t, dir, "merge", "-q", "side")
			put(t, dir, "rollouts/calc/new.py", "n\n")
			git(t, dir, "add", "-N", "rollouts/calc/new.py")
			git(t, dir, "update-index", "--skip-worktree", "README.md")
			git(t, dir, "update-index", "--index-version", version)
			data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
			if err != nil {
				t.Fatal(err)
			}
			var want index.Index
			if err := index.NewDecoder(bytes.NewReader(data)).Decode(&want); err != nil {
				t.Fatal(err)
			}
			got, err := Parse(bytes.NewReader(data), int64(len(data)), 20, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Version != want.Version || len(got.Entries) != len(want.Entries) {
				t.Fatalf("version %d, %d entries; go-git %d, %d", got.Version, len(got.Entries), want.Version, len(want.Entries))
			}
			stages, ita, skip := 0, 0, 0
			for i, w := range want.Entries {
				g := got.Entries[i]
				mtime := int64(0)
				if !w.ModifiedAt.IsZero() {
					mtime = w.ModifiedAt.UnixNano()
				}
				if g.Name != w.Name || g.Mode != uint32(w.Mode) || !bytes.Equal(g.Hash[:20], w.Hash[:]) || g.Size != w.Size ||
					g.ModTime != mtime || int(g.Stage) != int(w.Stage) || g.IntentToAdd != w.IntentToAdd || g.SkipWorktree != w.SkipWorktree {
					t.Errorf("entry %d:\n ours   %+v\n go-git %+v", i, g, w)
				}
				if g.Stage != 0 {
					stages++
				}
				if g.IntentToAdd {
					ita++
				}
				if g.SkipWorktree {
					skip++
				}
			}
			if stages != 3 || ita != 1 || skip != 1 {
				t.Errorf("the fixture holds %d conflict stages, %d intent-to-add, %d skip-worktree entries", stages, ita, skip)
			}
			kept, err := Parse(bytes.NewReader(data), int64(len(data)), 20, func(name []byte) bool { return bytes.HasPrefix(name, []byte("rollouts/")) })
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range kept.Entries {
				if !strings.HasPrefix(e.Name, "rollouts/") {
					t.Errorf("kept %q", e.Name)
				}
			}
			if len(kept.Entries) != 5 {
				t.Errorf("%d entries under rollouts/, want 5 (3 stages, lib, new)", len(kept.Entries))
			}
		})
	}
}

// oneEntry is a version 2 index of one entry followed by the extensions
// (signature and body) given.
func oneEntry(exts ...string) []byte {
	var b bytes.Buffer
	b.WriteString("DIRC\x00\x00\x00\x02\x00\x00\x00\x01")
	entry := make([]byte, 62)
	entry[61] = 1 // the name's length
	b.Write(entry)
	b.WriteString("x")
	b.Write(make([]byte, (62+1+8)&^7-63))
	for i := 0; i+1 < len(exts); i += 2 {
		b.WriteString(exts[i])
		b.Write([]byte{0, 0, 0, byte(len(exts[i+1]))})
		b.WriteString(exts[i+1])
	}
	b.Write(make([]byte, 20))
	return b.Bytes()
}

func TestExtensions(t *testing.T) {
	cases := []struct {
		name     string
		data     []byte
		shared   bool
		sparse   bool
		required []string
	}{
		{"none", oneEntry(), false, false, nil},
		{"optional ones", oneEntry("TREE", "abc", "UNTR", ""), false, false, nil},
		{"sparse", oneEntry("sdir", ""), false, true, []string{"sdir"}},
		{"unknown and required", oneEntry("TREE", "", "zzzz", "12"), false, false, []string{"zzzz"}},
		{"split", oneEntry("link", string(bytes.Repeat([]byte{1}, 20))), true, false, nil},
	}
	for _, c := range cases {
		idx, err := Parse(bytes.NewReader(c.data), int64(len(c.data)), 20, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(idx.Entries) != 1 || idx.Entries[0].Name != "x" || (idx.Shared != "") != c.shared || idx.Sparse != c.sparse ||
			strings.Join(idx.Required, ",") != strings.Join(c.required, ",") {
			t.Errorf("%s: %+v", c.name, idx)
		}
	}
}

// v4Growing is a version 4 index of n entries whose names each extend the
// last by one byte (strip 0), the first "rollouts/a".
func v4Growing(n int) []byte {
	var b bytes.Buffer
	b.WriteString("DIRC\x00\x00\x00\x04")
	b.Write([]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
	entry := make([]byte, 62)
	entry[60], entry[61] = 0x0f, 0xff // a name's length past the flags' field
	for i := 0; i < n; i++ {
		b.Write(entry)
		b.WriteByte(0) // strip nothing
		if i == 0 {
			b.WriteString("rollouts/")
		}
		b.WriteString("a\x00")
	}
	b.Write(make([]byte, 20))
	return b.Bytes()
}

// TestV4NamesBounded: a version 4 index whose names each extend the last
// holds names of the square of its size; reading it neither copies nor
// keeps that much.
func TestV4NamesBounded(t *testing.T) {
	data := v4Growing(20000) // 1.3 MB, names of 200 MB
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Parse(bytes.NewReader(data), int64(len(data)), 20, nil)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Error("an index whose names hold 200 MB was read")
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(1<<20+8*len(data))*2; got > limit {
		t.Errorf("reading it allocated %d bytes, more than %d", got, limit)
	}
	// names kept by none are built without a copy, and all are read
	n := 0
	idx, err := Parse(bytes.NewReader(data), int64(len(data)), 20, func(name []byte) bool { n++; return false })
	if err != nil || len(idx.Entries) != 0 || n != 20000 {
		t.Errorf("keeping none: %v, %d entries, %d names seen", err, len(idx.Entries), n)
	}
	// a small one reads as its names say
	small := v4Growing(3)
	idx, err = Parse(bytes.NewReader(small), int64(len(small)), 20, nil)
	if err != nil || len(idx.Entries) != 3 || idx.Entries[2].Name != "rollouts/aaa" || idx.Entries[0].Name != "rollouts/a" {
		t.Fatalf("small: %v %+v", err, idx)
	}
}

// FuzzParse reads crafted indexes: no panic; the entries kept are at most
// the count the header gives, each named, their names within the bound;
// and keeping none reads the same file to the same verdict.
func FuzzParse(f *testing.F) {
	f.Add(oneEntry(), false)
	f.Add(oneEntry("link", string(bytes.Repeat([]byte{1}, 20)), "sdir", ""), false)
	f.Add(v4Growing(3), false)
	f.Add(v4Growing(2), true)
	f.Add(oneEntryExt("link", string(bytes.Repeat([]byte{1}, 20))+string(ewah(130, 1|1<<1|1<<33, 5))+string(ewah(0))), false)
	f.Fuzz(func(t *testing.T, data []byte, sha256 bool) {
		hashSize := 20
		if sha256 {
			hashSize = 32
		}
		idx, err := Parse(bytes.NewReader(data), int64(len(data)), hashSize, nil)
		none, errNone := Parse(bytes.NewReader(data), int64(len(data)), hashSize, func([]byte) bool { return false })
		// (only the bound of the names kept tells them apart)
		if (err == nil) != (errNone == nil) && (errNone != nil || !strings.Contains(err.Error(), "names of the entries")) {
			t.Fatalf("keeping all: %v; keeping none: %v", err, errNone)
		}
		if err != nil {
			return
		}
		if len(none.Entries) != 0 {
			t.Fatalf("keeping none kept %d", len(none.Entries))
		}
		count := int(data[8])<<24 | int(data[9])<<16 | int(data[10])<<8 | int(data[11])
		if len(idx.Entries) > count {
			t.Fatalf("%d entries of a count of %d", len(idx.Entries), count)
		}
		total := int64(0)
		for _, e := range idx.Entries {
			if e.Name == "" {
				t.Fatal("an entry without a name")
			}
			total += int64(len(e.Name))
		}
		for pos := 0; pos <= count && pos < 1<<12; pos++ {
			idx.Deleted(pos)
		}
		if total > maxKeptNames(int64(len(data))) {
			t.Fatalf("names of %d bytes kept from %d", total, len(data))
		}
	})
}

// ewah is an EWAH bitmap of bits bits over the words given.
func ewah(bits uint32, words ...uint64) []byte {
	b := binary.BigEndian.AppendUint32(nil, bits)
	b = binary.BigEndian.AppendUint32(b, uint32(len(words)))
	for _, w := range words {
		b = binary.BigEndian.AppendUint64(b, w)
	}
	return binary.BigEndian.AppendUint32(b, 0)
}

func TestDeleteBitmap(t *testing.T) {
	rlw := func(running bool, run, literals uint64) uint64 {
		w := run<<1 | literals<<33
		if running {
			w |= 1
		}
		return w
	}
	cases := []struct {
		name    string
		bitmap  []byte
		deleted []int
		bad     bool
	}{
		{"none", ewah(0), nil, false},
		{"literal bits", ewah(10, rlw(false, 0, 1), 1<<0|1<<3|1<<9), []int{0, 3, 9}, false},
		{"a run of ones, then a literal", ewah(130, rlw(true, 1, 1), 1|1<<2), append(seq(0, 64), 64, 66), false},
		{"a run of zeros, bits past the count", ewah(70, rlw(false, 1, 1), 1|1<<63), []int{64}, false},
		{"more literals than words", ewah(64, rlw(false, 0, 3), 1), nil, true},
		{"more words than bytes", []byte{0, 0, 0, 64, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1}, nil, true},
	}
	for _, c := range cases {
		link := string(bytes.Repeat([]byte{1}, 20)) + string(c.bitmap) + string(ewah(0))
		data := oneEntryExt("link", link)
		idx, err := Parse(bytes.NewReader(data), int64(len(data)), 20, nil)
		if (err != nil) != c.bad {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if err != nil {
			continue
		}
		var got []int
		for pos := 0; pos < 200; pos++ {
			if idx.Deleted(pos) {
				got = append(got, pos)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(c.deleted) {
			t.Errorf("%s: deleted %v, want %v", c.name, got, c.deleted)
		}
	}
}

func seq(lo, hi int) []int {
	var out []int
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}

// oneEntryExt is oneEntry with one extension of any length.
func oneEntryExt(sig, body string) []byte {
	b := oneEntry()
	b = b[:len(b)-20]
	b = append(b, sig...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(body)))
	b = append(b, body...)
	return append(b, make([]byte, 20)...)
}
