package workspace

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

func allPaths([]byte) bool { return true }

// TestReadIndexVersions reads indexes git wrote in every format: version
// 2, 3 (extended flags from intent-to-add), 4 (prefix-compressed paths),
// a split index, and a SHA-256 repository.
func TestReadIndexVersions(t *testing.T) {
	gittest.Bin(t)
	tracked := []string{".env", ".env.local", "a/b/c.txt", "a/b/d.txt", "configs/training/x.toml", strings.Repeat("long", 40) + ".txt"}
	setup := func(t *testing.T, initArgs ...string) string {
		dir := t.TempDir()
		gittest.Run(t, dir, append([]string{"init", "-q"}, initArgs...)...)
		tree := files{}
		for _, p := range tracked {
			tree[p] = "x"
		}
		writeTree(t, dir, tree)
		gittest.Run(t, dir, append([]string{"add", "--"}, tracked...)...)
		return dir
	}
	want := slices.Clone(tracked)
	slices.Sort(want)
	tests := []struct {
		name     string
		init     []string
		after    [][]string
		hashSize int
		extra    []string
		// goGitFails is set where go-git's index decoder cannot read what
		// git wrote: the reason this reader is kept (see package gitindex).
		goGitFails bool
	}{
		{"v2", nil, [][]string{{"update-index", "--index-version", "2"}}, 20, nil, false},
		{"v3", nil, [][]string{{"add", "-N", "ita.txt"}}, 20, []string{"ita.txt"}, false},
		{"v4", nil, [][]string{{"add", "-N", "ita.txt"}, {"update-index", "--index-version", "4"}}, 20, []string{"ita.txt"}, false},
		{"split", nil, [][]string{{"update-index", "--split-index"}, {"add", "-N", "ita.txt"}}, 20, []string{"ita.txt"}, true},
		{"sha256", []string{"--object-format=sha256"}, [][]string{{"update-index", "--index-version", "4"}}, 32, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := setup(t, tc.init...)
			for _, p := range tc.extra {
				writeTree(t, dir, files{p: "y"})
			}
			for _, args := range tc.after {
				gittest.Run(t, dir, args...)
			}
			got, err := readIndexPaths(filepath.Join(dir, ".git", "index"), tc.hashSize, allPaths)
			if err != nil {
				t.Fatal(err)
			}
			exp := append(slices.Clone(want), tc.extra...)
			slices.Sort(exp)
			slices.Sort(got)
			got = slices.Compact(got)
			if !slices.Equal(got, exp) {
				t.Fatalf("got %q\nwant %q", got, exp)
			}
			gg, ggErr := goGitIndexPaths(filepath.Join(dir, ".git", "index"))
			if tc.goGitFails {
				if ggErr == nil && slices.Equal(gg, exp) {
					t.Errorf("go-git now reads the %s index: it could replace readIndexPaths", tc.name)
				}
			} else if ggErr != nil || !slices.Equal(gg, exp) {
				t.Errorf("go-git reads %q, %v; want %q", gg, ggErr, exp)
			}
			s := mustLoad(t, dir, Options{})
			var names []string
			for _, f := range s.EnvFiles() {
				if f.Tracked {
					names = append(names, f.Name)
				}
			}
			if !slices.Equal(names, []string{".env", ".env.local"}) {
				t.Fatalf("tracked env files %q (problems %v)", names, s.Problems())
			}
		})
	}
}

// goGitIndexPaths is what go-git's index decoder reads at path: the
// sorted, distinct entry names.
func goGitIndexPaths(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var idx index.Index
	if err := index.NewDecoder(f).Decode(&idx); err != nil {
		return nil, err
	}
	var out []string
	for _, e := range idx.Entries {
		out = append(out, e.Name)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// BenchmarkIndexPaths compares this reader, as envfiles.go uses it (root
// dotenv names only), with go-git decoding the same index, on an index of
// 20,000 entries.
func BenchmarkIndexPaths(b *testing.B) {
	gittest.Bin(b)
	dir := b.TempDir()
	gittest.Run(b, dir, "init", "-q")
	blob := strings.TrimSpace(gittest.Run(b, dir, "hash-object", "-w", "--stdin"))
	var info strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&info, "100644 %s\trollouts/r%d/src/file%d.py\n", blob, i%50, i)
	}
	info.WriteString("100644 " + blob + "\t.env.example\n")
	cmd := exec.Command("git", "update-index", "--index-info")
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(info.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%v %s", err, out)
	}
	path := filepath.Join(dir, ".git", "index")
	root := func(p []byte) bool { return bytes.IndexByte(p, '/') < 0 && IsEnvFileName(string(p)) }
	b.Run("handwritten", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if got, err := readIndexPaths(path, 20, root); err != nil || len(got) != 1 {
				b.Fatal(got, err)
			}
		}
	})
	b.Run("go-git", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			var idx index.Index
			err = index.NewDecoder(f).Decode(&idx)
			f.Close()
			if err != nil || len(idx.Entries) != 20001 {
				b.Fatal(len(idx.Entries), err)
			}
		}
	})
}

// indexBytes builds a version 2 index by hand.
func indexBytes(version uint32, paths ...string) []byte {
	var b []byte
	b = append(b, "DIRC"...)
	b = binary.BigEndian.AppendUint32(b, version)
	b = binary.BigEndian.AppendUint32(b, uint32(len(paths)))
	for _, p := range paths {
		entry := make([]byte, 62)
		binary.BigEndian.PutUint16(entry[60:], uint16(len(p)))
		entry = append(entry, p...)
		pad := (62 + len(p) + 8) &^ 7
		entry = append(entry, make([]byte, pad-len(entry))...)
		b = append(b, entry...)
	}
	return append(b, make([]byte, 20)...)
}

func TestReadIndexCorrupt(t *testing.T) {
	good := indexBytes(2, ".env", "x/y")
	tests := map[string][]byte{
		"empty":          {},
		"bad signature":  append([]byte("DIRX"), good[4:]...),
		"bad version":    append(append([]byte("DIRC"), 0, 0, 0, 9), good[8:]...),
		"huge count":     append(append([]byte("DIRC"), 0, 0, 0, 2, 0xff, 0xff, 0xff, 0xff), good[12:]...),
		"truncated":      good[:70],
		"no nul in path": good[:12+62+3],
	}
	for name, data := range tests {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "index")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := readIndexPaths(path, 20, allPaths)
			if !errors.Is(err, errIndexCorrupt) {
				t.Fatalf("err = %v", err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q does not name the file", err)
			}
		})
	}
	path := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readIndexPaths(path, 20, func(p []byte) bool { return IsEnvFileName(string(p)) })
	if err != nil || !slices.Equal(got, []string{".env"}) {
		t.Fatalf("got %q, %v", got, err)
	}
}

// TestCorruptIndexIsAProblem: a broken index does not stop Load.
func TestCorruptIndexIsAProblem(t *testing.T) {
	root := newWorkspace(t, files{".git/index": "DIRCgarbage", ".env": "A=1\n"})
	s := mustLoad(t, root, Options{})
	probs := s.Problems()
	if len(probs) != 1 || probs[0].Source != ProblemGitIndex || probs[0].Path != ".git/index" {
		t.Fatalf("problems %v", probs)
	}
	if env := s.EnvFiles(); len(env) != 1 || env[0].Tracked {
		t.Fatalf("env %+v", env)
	}
}

func FuzzReadIndex(f *testing.F) {
	f.Add(indexBytes(2, ".env", "a/b"))
	f.Add(indexBytes(3, "x"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, hashSize := range []int{20, 32} {
			parseIndex(bytes.NewReader(data), int64(len(data)), hashSize, allPaths)
		}
	})
}

// TestSplitIndexDeletions: `git rm --cached` of a path the shared index
// holds marks it in the split index's delete bitmap; the path is then not
// tracked (git ls-files lists it no more), nor is a dotenv file so removed.
func TestSplitIndexDeletions(t *testing.T) {
	gittest.Bin(t)
	dir := t.TempDir()
	gittest.Run(t, dir, "init", "-q")
	tree := files{".env": "S=1", ".env.local": "x", "keep.txt": "k"}
	var all []string
	for i := 0; i < 150; i++ { // the split keeps under splitIndex.maxPercentChange
		p := fmt.Sprintf("f/%03d.txt", i)
		tree[p] = "x"
		all = append(all, p)
	}
	writeTree(t, dir, tree)
	gittest.Run(t, dir, "add", "-A")
	gittest.Run(t, dir, "update-index", "--split-index")
	gittest.Run(t, dir, "rm", "-q", "--cached", ".env", "f/007.txt", "f/100.txt")
	got, err := readIndexPaths(filepath.Join(dir, ".git", "index"), 20, allPaths)
	if err != nil {
		t.Fatal(err)
	}
	shared, _ := filepath.Glob(filepath.Join(dir, ".git", "sharedindex.*"))
	if len(shared) == 0 {
		t.Fatal("git wrote no split index")
	}
	want := strings.Fields(gittest.Run(t, dir, "ls-files"))
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("read %d paths, git ls-files %d; missing or extra: %q", len(got), len(want), symmetricDiff(got, want))
	}
	s := mustLoad(t, dir, Options{})
	var names []string
	for _, f := range s.EnvFiles() {
		if f.Tracked {
			names = append(names, f.Name)
		}
	}
	if !slices.Equal(names, []string{".env.local"}) {
		t.Errorf("tracked env files %q, want .env.local alone", names)
	}
}

func symmetricDiff(a, b []string) []string {
	in := map[string]int{}
	for _, x := range a {
		in[x]++
	}
	for _, x := range b {
		in[x]--
	}
	var out []string
	for x, n := range in {
		if n != 0 {
			out = append(out, x)
		}
	}
	return out
}
