package gitsync

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// repoFixture builds a repository with git (tests may run git; the
// product never does): rollouts/calc committed on main, origin a GitHub URL
// with origin/main and origin/HEAD laid down by update-ref.
func repoFixture(t *testing.T) string {
	t.Helper()
	gittest.Bin(t)
	root := filepath.Join(t.TempDir(), "ws")
	write(t, root, "rollouts/calc/main.py", "print(1)\n")
	write(t, root, "README.md", "# ws\n")
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "init")
	git(t, root, "remote", "add", "origin", "https://github.com/acme/ws.git")
	git(t, root, "update-ref", "refs/remotes/origin/main", "HEAD")
	git(t, root, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	return root
}

func write(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return strings.TrimSpace(gittest.Run(t, dir, args...))
}

// observed opens the repository at root and asks everything of it, and
// returns the answers and every path the door touched.
func observed(t *testing.T, root string) (*Repo, RolloutState, []disk.Access) {
	t.Helper()
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []disk.Access
	stop := disk.Observe(func(a disk.Access) {
		mu.Lock()
		seen = append(seen, a)
		mu.Unlock()
	})
	r := Open(ws, ".git", Limits{}, nil)
	st := r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
	r.NamedBranch("main", "calc")
	r.NamedBranch("other", "calc")
	r.PinnedCommit("0123456789abcdef0123456789abcdef01234567")
	r.PinnedCommit("0123456")
	stop()
	return r, st, seen
}

// inside fails for every access outside root: the door's record proves
// go-git read nothing else.
func inside(t *testing.T, root string, seen []disk.Access) {
	t.Helper()
	if len(seen) == 0 {
		t.Fatal("no access recorded: the door is not in the way")
	}
	for _, a := range seen {
		if a.Path != root && !strings.HasPrefix(a.Path, root+string(filepath.Separator)) {
			t.Errorf("%s %s: outside the workspace", a.Op, a.Path)
		}
	}
}

func TestCleanRepository(t *testing.T) {
	root := repoFixture(t)
	r, st, seen := observed(t, root)
	inside(t, root, seen)
	if r.Unchecked != "" || st.Unchecked != "" {
		t.Fatalf("unchecked: %q %q", r.Unchecked, st.Unchecked)
	}
	if r.Branch != "main" || r.Default != "main" || r.Detached || r.Shallow || r.NoRemote {
		t.Errorf("refs read wrong: %+v", r)
	}
	if len(st.Changes) != 0 || len(st.Unpushed) != 0 || st.DiffersFromDefault {
		t.Errorf("a clean, pushed repository: %+v", st)
	}
	// every git read stays in .git; the worktree reads are the rollout's
	for _, a := range seen {
		rel, _ := filepath.Rel(root, a.Path)
		rel = filepath.ToSlash(rel)
		if !strings.HasPrefix(rel, ".git") && !strings.HasPrefix(rel, "rollouts/calc/") && rel != ".gitignore" && rel != "rollouts/.gitignore" && rel != ".gitattributes" && rel != "rollouts/.gitattributes" && rel != "." {
			t.Errorf("%s %s: neither git's files nor the rollout's", a.Op, rel)
		}
	}
}

// TestHostileRepositories: each gives "not checked" with a reason, never a
// crash or a hang, and nothing outside the workspace is read.
func TestHostileRepositories(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(t *testing.T, root, outside string)
		// reason is a substring of Unchecked ("" when the repository
		// stays readable and the answer must merely be safe)
		reason string
	}{
		{"alternates outside", func(t *testing.T, root, outside string) {
			other := filepath.Join(outside, "objects")
			if err := os.MkdirAll(other, 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, root, ".git/objects/info/alternates", other+"\n../../../outside/objects\n")
		}, "alternates"},
		{"commondir outside", func(t *testing.T, root, outside string) {
			write(t, root, ".git/commondir", outside+"\n")
		}, "outside the repository"},
		{"ref loop", func(t *testing.T, root, outside string) {
			write(t, root, ".git/refs/heads/a", "ref: refs/heads/b\n")
			write(t, root, ".git/refs/heads/b", "ref: refs/heads/a\n")
			write(t, root, ".git/HEAD", "ref: refs/heads/a\n")
		}, "loop"},
		{"corrupt pack", func(t *testing.T, root, outside string) {
			git(t, root, "gc", "-q")
			packs, _ := filepath.Glob(filepath.Join(root, ".git", "objects", "pack", "*.pack"))
			if len(packs) == 0 {
				t.Fatal("no pack after gc")
			}
			for _, p := range packs {
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				for i := 12; i < len(data)-20; i++ {
					data[i] ^= 0x5a
				}
				os.Chmod(p, 0o644)
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}, "could not be read"},
		{"symlinked refs outside", func(t *testing.T, root, outside string) {
			write(t, outside, "ref", "0123456789abcdef0123456789abcdef01234567\n")
			if err := os.Symlink(filepath.Join(outside, "ref"), filepath.Join(root, ".git", "refs", "heads", "evil")); err != nil {
				t.Fatal(err)
			}
		}, ""},
		{"HEAD names a missing object", func(t *testing.T, root, outside string) {
			write(t, root, ".git/refs/heads/main", "0123456789abcdef0123456789abcdef01234567\n")
		}, ""},
		{"split index", func(t *testing.T, root, outside string) {
			git(t, root, "update-index", "--split-index")
		}, "could not be read"},
		{"sparse index", func(t *testing.T, root, outside string) {
			git(t, root, "sparse-checkout", "init", "--cone", "--sparse-index")
			git(t, root, "sparse-checkout", "set", "rollouts/other")
		}, "could not be read"},
		{"index garbage", func(t *testing.T, root, outside string) {
			write(t, root, ".git/index", "DIRC\x00\x00\x00\x02\xff\xff\xff\xffgarbage")
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := repoFixture(t)
			outside := filepath.Join(filepath.Dir(root), "outside")
			if err := os.MkdirAll(outside, 0o755); err != nil {
				t.Fatal(err)
			}
			c.break_(t, root, outside)
			r, st, seen := observed(t, root)
			inside(t, root, seen)
			why := r.Unchecked
			if why == "" {
				why = st.Unchecked
			}
			if c.reason != "" && !strings.Contains(why, c.reason) {
				t.Errorf("unchecked %q, want it to say %q", why, c.reason)
			}
			if strings.Contains(why, outside) || strings.Contains(why, root) {
				t.Errorf("the reason names a path: %q", why)
			}
		})
	}
}

// mainFollowsOrigin is the branch configuration `git branch
// --set-upstream-to=origin/main` writes, as the workspace reads it.
func mainFollowsOrigin(branch string) (remote, merge string, ok bool) {
	return "origin", "refs/heads/main", branch == "main"
}

// TestWalkBound: a history longer than the walk bound is "not checked",
// by count.
func TestWalkBound(t *testing.T) {
	root := repoFixture(t)
	git(t, root, "branch", "-q", "--set-upstream-to=origin/main")
	for i := 0; i < 12; i++ {
		write(t, root, "rollouts/calc/main.py", strings.Repeat("x", i+1)+"\n")
		git(t, root, "commit", "-q", "-am", "step")
	}
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	r := Open(ws, ".git", Limits{MaxCommits: 5}, mainFollowsOrigin)
	st := r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
	if !strings.Contains(st.Unchecked, "bound") {
		t.Errorf("12 unpushed commits with a bound of 5: %+v", st)
	}
	r = Open(ws, ".git", Limits{}, mainFollowsOrigin)
	st = r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
	if st.Unchecked != "" || len(st.Unpushed) != 12 {
		t.Errorf("want 12 unpushed commits, got %d (%q)", len(st.Unpushed), st.Unchecked)
	}
}

// TestObjectBound: an object over the size bound is "not checked" (with a
// bound of 100 bytes, the fixture's commit is over it), never read
// whole.
func TestObjectBound(t *testing.T) {
	root := repoFixture(t)
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	r := Open(ws, ".git", Limits{MaxObjectSize: 100}, nil)
	st := r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
	if !strings.Contains(st.Unchecked, "size bound") {
		t.Errorf("want not checked for the size bound, got %+v", st)
	}
}

// TestConcurrentAnswers: the checks of many configs ask at once (run with
// -race); each question is answered once and alike.
func TestConcurrentAnswers(t *testing.T) {
	root := repoFixture(t)
	ws, err := disk.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	r := Open(ws, ".git", Limits{}, nil)
	var wg sync.WaitGroup
	results := make([]RolloutState, 8)
	for i := range results {
		wg.Go(func() {
			results[i] = r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
			r.NamedBranch("main", "calc")
			r.PinnedCommit("0123456")
		})
	}
	wg.Wait()
	for _, st := range results {
		if st.Unchecked != "" || len(st.Changes) != 0 {
			t.Errorf("answer %+v", st)
		}
	}
}

// TestRacilyCleanEntry: a file changed within the same timestamp as the
// index recorded, its size kept, has the stat git recorded; git then does
// not trust the stat when the entry's time is not before the index file's
// own ("racily clean") and compares the content. So does the reader, and
// it trusts the stat when git does. Each verdict is git status's.
func TestRacilyCleanEntry(t *testing.T) {
	for _, c := range []struct {
		name      string
		indexLead time.Duration // the index file's time after the entry's
		modified  bool
		// newCtime waits a second before the rewrite: the file's change
		// time then is not the one the index recorded, and git hashes it
		newCtime bool
	}{
		{"index written in the file's tick", 0, true, false},
		{"index written later", time.Second, false, false},
		{"size and time kept, change time not", time.Second, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := repoFixture(t)
			file := filepath.Join(root, "rollouts", "calc", "main.py")
			// the entry's time well before the index's, whatever the
			// clock's tick: git, refreshing it, neither smudges it (a size
			// of 0 for an entry racily clean when the index is written)
			// nor keeps the time of git add
			mtime := time.Date(2020, 1, 2, 3, 4, 5, 600, time.UTC)
			if err := os.Chtimes(file, mtime, mtime); err != nil {
				t.Fatal(err)
			}
			git(t, root, "update-index", "--refresh")
			if c.newCtime {
				if testing.Short() {
					t.Skip("waits a second for the change time to move")
				}
				time.Sleep(1100 * time.Millisecond)
			}
			write(t, root, "rollouts/calc/main.py", "print(2)\n") // the same size
			if err := os.Chtimes(file, mtime, mtime); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(filepath.Join(root, ".git", "index"), mtime.Add(c.indexLead), mtime.Add(c.indexLead)); err != nil {
				t.Fatal(err)
			}
			_, st, _ := observed(t, root)
			got := len(st.Changes) == 1 && st.Changes[0].Change == Modified
			cmd := exec.Command("git", "status", "--porcelain")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+root)
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			gitSays := strings.Contains(string(out), "M rollouts/calc/main.py")
			// the racily clean entry is modified to git whatever the clock;
			// with the index written later git trusts the stat when the
			// write left the change time's second as the refresh saw it,
			// and hashes the file (modified) when it did not: the reader
			// must say what git says either way
			if c.modified && !gitSays {
				t.Errorf("git status says %q, want the file modified", out)
			}
			if got != gitSays || (!got && len(st.Changes) != 0) {
				t.Errorf("changes %+v (%s), git status says %q", st.Changes, st.Unchecked, out)
			}
		})
	}
}
