package gitsync

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// The door's record (disk.Observe) shows what goes through the door. This
// test shows there is nothing else: the kernel's record of every path the
// process names, taken with strace, holds no path outside the workspace
// but the system files a Go process reads (the readers of git's files go
// only through the door).

const straceChild = "GITSYNC_STRACE_ROOT"

// TestStraceChild is the traced process: it asks everything of the
// repository at $GITSYNC_STRACE_ROOT.
func TestStraceChild(t *testing.T) {
	root := os.Getenv(straceChild)
	if root == "" {
		t.Skip("run by TestNothingOutsideByStrace")
	}
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	r := Open(ws, ".git", Limits{}, nil)
	r.Rollout("calc", Worktree{Files: []string{"main.py", "new.py"}, Complete: true})
	r.NamedBranch("main", "calc")
	r.NamedBranch("evil", "calc")
	r.PinnedCommit("0123456789abcdef0123456789abcdef01234567")
	r.PinnedCommit("0123456")
}

var stracePath = regexp.MustCompile(`"(/[^"]*)"`)

func TestNothingOutsideByStrace(t *testing.T) {
	strace, err := exec.LookPath("strace")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("strace is not installed")
		}
		t.Skip("strace is not installed")
	}
	root := repoFixture(t)
	outside := filepath.Join(filepath.Dir(root), "outside")
	write(t, outside, "objects/info/x", "")
	write(t, outside, "ref", "0123456789abcdef0123456789abcdef01234567\n")
	// links out of the repository where git would follow them
	if err := os.Symlink(filepath.Join(outside, "ref"), filepath.Join(root, ".git", "refs", "heads", "evil")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, ".git", "refs", "remotes", "origin", "outside")); err != nil {
		t.Fatal(err)
	}
	write(t, root, "rollouts/calc/new.py", "x = 1\n")
	trace := filepath.Join(t.TempDir(), "trace")
	cmd := exec.Command(strace, "-f", "-qq", "-o", trace, "-e", "trace=%file,openat2", os.Args[0], "-test.run=^TestStraceChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), straceChild+"="+root)
	if out, err := cmd.CombinedOutput(); err != nil {
		if strings.Contains(string(out), "ptrace") || strings.Contains(string(out), "Operation not permitted") {
			t.Skipf("strace cannot trace here: %s", out)
		}
		t.Fatalf("traced run: %v\n%s", err, out)
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	base := filepath.Dir(root)
	seen := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		// the door's reads: relative to the root's descriptor, beneath it
		if strings.Contains(sc.Text(), "openat2(") && strings.Contains(sc.Text(), "RESOLVE_BENEATH") {
			seen++
		}
		for _, m := range stracePath.FindAllStringSubmatch(sc.Text(), -1) {
			p := m[1]
			if strings.HasPrefix(p, root+"/") || p == root {
				seen++
				continue
			}
			if strings.HasPrefix(p, base) {
				t.Errorf("outside the workspace: %s", sc.Text())
			}
		}
	}
	if seen < 10 {
		t.Fatalf("the trace holds %d reads beneath the workspace: the child did not run, or not through the door", seen)
	}
}
