package disk

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// roots returns the door on dir in each implementation this platform
// has: the native one (openat2 on Linux) and os.Root.
func roots(t *testing.T, dir string) map[string]*Root {
	t.Helper()
	native, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	generic := newRootOps(native.Dir())
	return map[string]*Root{"native": native, "os.Root": {dir: native.Dir(), ops: generic}}
}

func write(t *testing.T, path, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

// tree builds a root with a file, a directory, links that stay inside and
// links that leave it, next to an outside directory holding a canary.
func tree(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "ws"), filepath.Join(base, "outside")
	write(t, filepath.Join(outside, "secret.toml"), "canary = 1\n", 0o644)
	write(t, filepath.Join(root, "configs", "a.toml"), "a = 1\n", 0o644)
	write(t, filepath.Join(root, "configs", "b.toml"), "b = 2\n", 0o644)
	symlink(t, "a.toml", filepath.Join(root, "configs", "inner.toml"))
	symlink(t, filepath.Join(outside, "secret.toml"), filepath.Join(root, "configs", "abs.toml"))
	symlink(t, "../../outside/secret.toml", filepath.Join(root, "configs", "rel.toml"))
	symlink(t, outside, filepath.Join(root, "outdir"))
	symlink(t, "configs", filepath.Join(root, "indir"))
	if err := syscall.Mkfifo(filepath.Join(root, "configs", "pipe.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, outside
}

func TestReadFile(t *testing.T) {
	root, _ := tree(t)
	for name, r := range roots(t, root) {
		t.Run(name, func(t *testing.T) {
			data, info, err := r.ReadFile("configs/a.toml", 1<<20)
			if err != nil || string(data) != "a = 1\n" || !info.IsRegular() || info.Size != 6 {
				t.Fatalf("a.toml: %q %+v %v", data, info, err)
			}
			cases := map[string]error{
				"configs/inner.toml":      ErrSymlink, // a link, even one inside
				"configs/abs.toml":        ErrSymlink,
				"configs/rel.toml":        ErrSymlink,
				"outdir/secret.toml":      nil, // any error: never read
				"indir/a.toml":            nil,
				"configs/pipe.toml":       ErrNotRegular, // and no hang
				"configs":                 ErrNotRegular,
				"../outside/secret.toml":  ErrEscapes,
				"configs/../../x":         ErrEscapes,
				"/etc/passwd":             ErrEscapes,
				"configs/missing.toml":    fs.ErrNotExist,
				"configs/a.toml/x":        nil,
				"configs/a.toml\x00.toml": nil,
			}
			for rel, want := range cases {
				data, _, err := r.ReadFile(rel, 1<<20)
				if err == nil || bytes.Contains(data, []byte("canary")) {
					t.Errorf("%s: read %q, want an error", rel, data)
					continue
				}
				if want != nil && !errors.Is(err, want) {
					t.Errorf("%s: %v, want %v", rel, err, want)
				}
			}
			if _, _, err := r.ReadFile("configs/a.toml", 3); !errors.Is(err, ErrTooLarge) {
				t.Errorf("over the limit: %v, want ErrTooLarge", err)
			}
		})
	}
}

func TestLstatReadlinkReadDir(t *testing.T) {
	root, outside := tree(t)
	for name, r := range roots(t, root) {
		t.Run(name, func(t *testing.T) {
			info, err := r.Lstat("configs/abs.toml")
			if err != nil || !info.IsSymlink() {
				t.Errorf("lstat of a link: %+v %v", info, err)
			}
			if info, err := r.Lstat("configs"); err != nil || !info.IsDir() {
				t.Errorf("lstat of a directory: %+v %v", info, err)
			}
			if _, err := r.Lstat("outdir/secret.toml"); err == nil {
				t.Error("lstat through a link that leaves the root succeeded")
			}
			if target, err := r.Readlink("configs/abs.toml"); err != nil || target != filepath.Join(outside, "secret.toml") {
				t.Errorf("readlink: %q %v", target, err)
			}
			es, truncated, err := r.ReadDir("configs", 0)
			if err != nil || truncated {
				t.Fatal(err, truncated)
			}
			var got []string
			for _, e := range es {
				kind := "file"
				switch {
				case e.IsSymlink():
					kind = "link"
				case e.IsDir():
					kind = "dir"
				case !e.IsRegular():
					kind = "other"
				}
				got = append(got, e.Name+":"+kind)
			}
			want := "a.toml:file abs.toml:link b.toml:file inner.toml:link pipe.toml:other rel.toml:link"
			if strings.Join(got, " ") != want {
				t.Errorf("readdir = %s, want %s", strings.Join(got, " "), want)
			}
			if es, truncated, err := r.ReadDir("configs", 2); err != nil || !truncated || len(es) != 2 {
				t.Errorf("readdir of 2: %d entries, truncated %v, %v", len(es), truncated, err)
			}
			if _, _, err := r.ReadDir("outdir", 0); err == nil {
				t.Error("listed a directory through a link that leaves the root")
			}
		})
	}
}

func TestRewrite(t *testing.T) {
	for _, impl := range []string{"native", "os.Root"} {
		t.Run(impl, func(t *testing.T) {
			root := t.TempDir()
			r := roots(t, root)[impl]
			path := filepath.Join(root, "c.toml")
			write(t, path, "old\n", 0o640)
			data, info, err := r.ReadFile("c.toml", 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Rewrite("c.toml", data, info, []byte("new\n")); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(path); string(got) != "new\n" {
				t.Errorf("content %q", got)
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
				t.Errorf("mode %v, want 0640 kept", fi.Mode().Perm())
			}
			// what was read is stale now
			if err := r.Rewrite("c.toml", data, info, []byte("x\n")); !errors.Is(err, ErrChanged) {
				t.Errorf("stale read: %v, want ErrChanged", err)
			}
			// changed content with the same stamp
			data, info, _ = r.ReadFile("c.toml", 1<<20)
			write(t, path, "NEW\n", 0o640)
			os.Chtimes(path, time.Unix(0, info.ModTime), time.Unix(0, info.ModTime))
			if err := r.Rewrite("c.toml", data, Info{}, []byte("x\n")); !errors.Is(err, ErrChanged) {
				t.Errorf("edited between read and write: %v, want ErrChanged", err)
			}
			if got, _ := os.ReadFile(path); string(got) != "NEW\n" {
				t.Errorf("the edit was lost: %q", got)
			}
			// read-only, by mode bits, whoever runs
			os.Chmod(path, 0o444)
			data, info, _ = r.ReadFile("c.toml", 1<<20)
			if err := r.Rewrite("c.toml", data, info, []byte("x\n")); !errors.Is(err, ErrReadOnly) {
				t.Errorf("read-only: %v, want ErrReadOnly", err)
			}
			os.Chmod(path, 0o644)
			// a hard link is never split
			if err := os.Link(path, filepath.Join(root, "twin.toml")); err != nil {
				t.Fatal(err)
			}
			data, info, _ = r.ReadFile("c.toml", 1<<20)
			if err := r.Rewrite("c.toml", data, info, []byte("x\n")); !errors.Is(err, ErrHardLinked) {
				t.Errorf("hard link: %v, want ErrHardLinked", err)
			}
			os.Remove(filepath.Join(root, "twin.toml"))
			// a symlink is not rewritten through
			symlink(t, "c.toml", filepath.Join(root, "l.toml"))
			if err := r.Rewrite("l.toml", data, Info{}, []byte("x\n")); err == nil {
				t.Error("rewrote through a symlink")
			}
			leftovers, _ := filepath.Glob(filepath.Join(root, ".*osmosis-lint-*"))
			if len(leftovers) > 0 {
				t.Errorf("temporary files left: %v", leftovers)
			}
		})
	}
}

func TestRewriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file another owner")
	}
	root := t.TempDir()
	r, _ := Open(root)
	path := filepath.Join(root, "c.toml")
	write(t, path, "old\n", 0o644)
	if err := os.Chown(path, 1234, 2345); err != nil {
		t.Fatal(err)
	}
	data, info, _ := r.ReadFile("c.toml", 1<<20)
	if err := r.Rewrite("c.toml", data, info, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != 1234 || st.Gid != 2345 {
		t.Errorf("owner %d:%d, want 1234:2345 kept", st.Uid, st.Gid)
	}
}

func TestCreateMkdirSymlink(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	r, _ := Open(root)
	if err := r.MkdirAll("a/b", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := r.Create("a/b/.gitkeep", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := r.Create("a/b/.gitkeep", []byte("x"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("create over a file: %v, want fs.ErrExist", err)
	}
	symlink(t, "nowhere", filepath.Join(root, "dangling"))
	if err := r.Create("dangling", []byte("x"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("create over a dangling link: %v, want fs.ErrExist", err)
	}
	symlink(t, outside, filepath.Join(root, "out"))
	if err := r.MkdirAll("out/x", 0o755); !errors.Is(err, ErrSymlink) {
		t.Errorf("mkdir through a link: %v, want ErrSymlink", err)
	}
	if err := r.Create("out/x.md", []byte("x"), 0o644); err == nil {
		t.Error("created through a link")
	}
	if err := r.Symlink("../b", "a/link"); err != nil {
		t.Fatal(err)
	}
	if target, _ := os.Readlink(filepath.Join(root, "a", "link")); target != "../b" {
		t.Errorf("link target %q", target)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("something was written outside: %v", entries)
	}
}

func TestOutput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write(t, "target", "keep\n", 0o600)
	symlink(t, "target", "link.sarif")
	if _, err := CreateOutput("link.sarif"); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a link as the report: %v", err)
	}
	os.Mkdir("sub", 0o755)
	if _, err := CreateOutput("sub"); err == nil {
		t.Error("a directory as the report")
	}
	symlink(t, "sub", "linkdir")
	if _, err := CreateOutput("linkdir/r.sarif"); err == nil {
		t.Error("a report through a linked directory")
	}
	o, err := CreateOutput("target")
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("half"))
	if got, _ := os.ReadFile("target"); string(got) != "keep\n" {
		t.Errorf("the report shows before Commit: %q", got)
	}
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile("target"); string(got) != "half" {
		t.Errorf("after Commit: %q", got)
	}
	if fi, _ := os.Stat("target"); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
	}
	o, _ = CreateOutput("new.json")
	o.Write([]byte("x"))
	o.Abort()
	if _, err := os.Stat("new.json"); err == nil {
		t.Error("Abort left the report")
	}
	if got, _ := os.ReadFile("target"); string(got) != "half" {
		t.Errorf("link target changed: %q", got)
	}
	leftovers, _ := filepath.Glob(".*osmosis-lint-*")
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestNamed(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "f.json"), "{}", 0o644)
	symlink(t, "f.json", filepath.Join(dir, "l.json"))
	if data, _, err := ReadNamed(filepath.Join(dir, "l.json"), 10); err != nil || string(data) != "{}" {
		t.Errorf("a named link is followed: %q %v", data, err)
	}
	if _, _, err := ReadNamed(dir, 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v", err)
	}
	syscall.Mkfifo(filepath.Join(dir, "p"), 0o644)
	if _, _, err := ReadNamed(filepath.Join(dir, "p"), 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a pipe: %v", err)
	}
	if _, _, err := ReadNamed(filepath.Join(dir, "f.json"), 1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: %v", err)
	}
}

func TestObserve(t *testing.T) {
	root, _ := tree(t)
	r, _ := Open(root)
	var seen []Access
	stop := Observe(func(a Access) { seen = append(seen, a) })
	r.ReadFile("configs/a.toml", 100)
	ReadNamed(filepath.Join(root, "configs", "b.toml"), 100)
	stop()
	r.Lstat("configs")
	if len(seen) != 2 || seen[0] != (Access{Op: "read", Path: filepath.Join(root, "configs", "a.toml")}) || !seen[1].Named {
		t.Errorf("seen %+v", seen)
	}
}

func TestWithin(t *testing.T) {
	for _, c := range []struct {
		p, dir string
		want   bool
	}{
		{"configs/training/a.toml", "configs", true},
		{"configs", "configs", true},
		{"configs2/a.toml", "configs", false},
		{"anything", ".", true},
		{"a", "", false},
		{"/ws/configs", "/ws", true},
		{"/ws2", "/ws", false},
		{"/ws", "/", true},
		{"/", "/ws", false},
	} {
		if got := Within(c.p, c.dir); got != c.want {
			t.Errorf("Within(%q, %q) = %v, want %v", c.p, c.dir, got, c.want)
		}
	}
}

// countingReader hands out data in reads of at most chunk bytes and counts
// the reads.
type countingReader struct {
	data  []byte
	chunk int
	reads int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.data), c.chunk)
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// TestReadAllEnd: a regular file whose short read ends at its stated size
// is read with one call; a file that differs from its size (grown or
// shrunk since fstat), or that is not known regular, is read to EOF.
func TestReadAllEnd(t *testing.T) {
	for _, tc := range []struct {
		name          string
		data          string
		size          int64
		chunk         int
		regular       bool
		wantReads     int
		wantDataBytes int
	}{
		{"at size", "hello", 5, 100, true, 1, 5},
		{"grown", "hello world", 5, 100, true, 3, 11},
		{"shrunk", "hel", 5, 100, true, 2, 3},
		{"short chunks", "hello", 5, 2, true, 3, 5},
		{"not regular", "hello", 5, 100, false, 2, 5},
		{"empty", "", 0, 100, true, 1, 0},
	} {
		r := &countingReader{data: []byte(tc.data), chunk: tc.chunk}
		got, err := readAll(r, tc.size, 1<<20, tc.regular, "f")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if string(got) != tc.data || len(got) != tc.wantDataBytes {
			t.Errorf("%s: read %q, want %q", tc.name, got, tc.data)
		}
		if r.reads != tc.wantReads {
			t.Errorf("%s: %d reads, want %d", tc.name, r.reads, tc.wantReads)
		}
	}
}

// openFDs counts this process's open descriptors.
func openFDs(t *testing.T) int {
	t.Helper()
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(es)
}

// A Root holds no descriptor between operations: a thousand roots opened,
// read, listed and written leave as many descriptors open as before, with
// no collection in between; Hold keeps the directory open until release.
func TestRootHoldsNoDescriptor(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.toml"), "x = 1\n", 0o644)
	before := openFDs(t)
	var keep []*Root // reachable: the garbage collector closes nothing
	for i := range 1000 {
		for name, r := range roots(t, dir) {
			if _, _, err := r.ReadFile("a.toml", 1<<10); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if _, _, err := r.ReadDir(".", 0); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if i%100 == 0 {
				if err := r.Create("new"+strconv.Itoa(i)+name, []byte("y\n"), 0o644); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			keep = append(keep, r)
		}
	}
	if after := openFDs(t); after != before {
		t.Errorf("%d descriptors open after %d roots were used, %d before", after, len(keep), before)
	}
	for name, r := range roots(t, dir) {
		release := r.Hold()
		held := openFDs(t)
		if _, _, err := r.ReadFile("a.toml", 1<<10); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if now := openFDs(t); now != held || held != before+1 {
			t.Errorf("%s: %d descriptors open while held, %d before and %d after a read", name, held, before, now)
		}
		release()
		if now := openFDs(t); now != before {
			t.Errorf("%s: %d descriptors open after release, %d before", name, now, before)
		}
	}
}

func TestRenameNeverReplaces(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	r, _ := Open(root)
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	write("train.ndjson", "{}\n")
	if err := r.Rename("train.ndjson", "train.jsonl"); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(root, "train.jsonl")); err != nil || string(data) != "{}\n" {
		t.Errorf("renamed file: %q, %v", data, err)
	}
	if fi, err := os.Stat(filepath.Join(root, "train.jsonl")); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, %v: want 0640 kept", fi.Mode(), err)
	}
	if _, err := os.Lstat(filepath.Join(root, "train.ndjson")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the old name is still there: %v", err)
	}
	// a taken name, even by a dangling link, is never replaced
	write("a.pq", "new")
	write("a.parquet", "old")
	if err := r.Rename("a.pq", "a.parquet"); !errors.Is(err, fs.ErrExist) {
		t.Errorf("rename over a file: %v, want fs.ErrExist", err)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "a.parquet")); string(data) != "old" {
		t.Errorf("the taken name now holds %q", data)
	}
	symlink(t, "nowhere", filepath.Join(root, "b.jsonl"))
	write("b.ndjson", "x")
	if err := r.Rename("b.ndjson", "b.jsonl"); !errors.Is(err, fs.ErrExist) {
		t.Errorf("rename over a dangling link: %v, want fs.ErrExist", err)
	}
	// links are refused: at the old name and above the new one
	symlink(t, filepath.Join(outside, "x"), filepath.Join(root, "c.ndjson"))
	if err := r.Rename("c.ndjson", "c.jsonl"); !errors.Is(err, ErrSymlink) {
		t.Errorf("rename of a link: %v, want ErrSymlink", err)
	}
	symlink(t, outside, filepath.Join(root, "out"))
	write("d.ndjson", "x")
	if err := r.Rename("d.ndjson", "out/d.jsonl"); err == nil {
		t.Error("renamed through a link")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("something was written outside: %v", entries)
	}
}
