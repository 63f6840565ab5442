package gitsync

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// FuzzGitFiles writes arbitrary bytes as a repository's HEAD, packed-refs,
// index and shallow file, and asks everything of it. Invariants: an answer
// comes back (a failure is "not checked", with a reason that names no
// path), and every file read lies inside the workspace.
func FuzzGitFiles(f *testing.F) {
	f.Add([]byte("ref: refs/heads/main\n"), []byte("0123456789abcdef0123456789abcdef01234567 refs/remotes/origin/main\n"), []byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"), []byte(""))
	f.Add([]byte("ref: refs/heads/a\n"), []byte("ref: refs/heads/a\n"), []byte(""), []byte("0123456789abcdef0123456789abcdef01234567\n"))
	f.Add([]byte("0123456789abcdef0123456789abcdef01234567\n"), []byte("# pack-refs with: peeled\n^deadbeef\n"), []byte("DIRC\x00\x00\x00\x04\xff\xff\xff\xff"), []byte("zz\n"))
	f.Add([]byte("ref: ../../outside\n"), []byte(""), []byte("DIRC"), []byte(""))
	f.Fuzz(func(t *testing.T, head, packed, idx, shallow []byte) {
		root := filepath.Join(t.TempDir(), "ws")
		for _, d := range []string{".git/objects/pack", ".git/refs/heads", ".git/refs/remotes/origin", "rollouts/calc"} {
			if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		files := map[string][]byte{".git/HEAD": head, ".git/packed-refs": packed, ".git/index": idx, "rollouts/calc/main.py": []byte("x\n")}
		if len(shallow) > 0 {
			files[".git/shallow"] = shallow
		}
		for rel, data := range files {
			if err := os.WriteFile(filepath.Join(root, rel), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ws, err := disk.Open(root)
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var outside []string
		stop := disk.Observe(func(a disk.Access) {
			if a.Path != root && !strings.HasPrefix(a.Path, root+string(filepath.Separator)) {
				mu.Lock()
				outside = append(outside, a.Op+" "+a.Path)
				mu.Unlock()
			}
		})
		r := Open(ws, ".git", Limits{MaxCommits: 100}, nil)
		st := r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
		r.NamedBranch("main", "calc")
		r.PinnedCommit("0123456789abcdef0123456789abcdef01234567")
		r.PinnedCommit("0123456")
		stop()
		if len(outside) > 0 {
			t.Fatalf("read outside the workspace: %v", outside)
		}
		for _, why := range []string{r.Unchecked, st.Unchecked} {
			if strings.Contains(why, root) {
				t.Fatalf("the reason names a path: %q", why)
			}
		}
	})
}
