package lsp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncRefreshedOnGitChanges: the sync findings follow git's state as
// the watcher reports it: a rollout edit, a commit (index and refs), a
// push (a remote-tracking ref).
func TestSyncRefreshedOnGitChanges(t *testing.T) {
	t.Parallel()
	git, err := exec.LookPath("git")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is missing")
		}
		t.Skip("git is not installed")
	}
	root := newWorkspace(t, nil)
	if err := os.RemoveAll(filepath.Join(root, ".git")); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+root,
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("init", "-q", "-b", "main")
	run("add", "-A")
	run("commit", "-q", "-m", "init")
	run("remote", "add", "origin", "https://github.com/acme/ws.git")
	run("update-ref", "refs/remotes/origin/main", "HEAD")
	run("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	run("branch", "-q", "--set-upstream-to=origin/main")

	c := start(t, root, caps{watch: true})
	cfg := filepath.Join(root, "configs", "training", "multiply-baseline.toml")
	c.open(cfg, readFile(t, cfg))
	if p := c.waitVersion(cfg, 1); hasCode(p.Diagnostics, "rollout-uncommitted") || hasCode(p.Diagnostics, "rollout-unpushed") {
		t.Fatalf("clean repository: %v", codes(p.Diagnostics))
	}

	main := filepath.Join(root, "rollouts", "multiply-agent", "main.py")
	writeFile(t, main, readFile(t, main)+"# edited\n")
	c.watched(main, changed)
	p := c.waitPub(cfg, func(p publication) bool { return hasCode(p.Diagnostics, "rollout-uncommitted") })
	if d := findCode(t, p.Diagnostics, "rollout-uncommitted"); !strings.Contains(d.Message, "rollouts/multiply-agent/main.py") {
		t.Errorf("message %q does not name the file", d.Message)
	}

	run("commit", "-q", "-am", "agent: edit")
	c.watched(filepath.Join(root, ".git", "index"), changed, filepath.Join(root, ".git", "refs", "heads", "main"), changed)
	c.waitPub(cfg, func(p publication) bool {
		return !hasCode(p.Diagnostics, "rollout-uncommitted") && hasCode(p.Diagnostics, "rollout-unpushed")
	})

	run("update-ref", "refs/remotes/origin/main", "HEAD")
	c.watched(filepath.Join(root, ".git", "refs", "remotes", "origin", "main"), changed)
	c.waitPub(cfg, func(p publication) bool { return !hasCode(p.Diagnostics, "rollout-unpushed") })
}
