package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// TestSyncRefreshedOnGitChanges: the sync findings follow git's state as
// the watcher reports it: a rollout edit, a commit (index and refs), a
// push (a remote-tracking ref).
func TestSyncRefreshedOnGitChanges(t *testing.T) {
	t.Parallel()
	gittest.Bin(t)
	root := newWorkspace(t, nil)
	if err := os.RemoveAll(filepath.Join(root, ".git")); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) { t.Helper(); gittest.Run(t, root, args...) }
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
