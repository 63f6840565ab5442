package agenthook

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestRolloutEditNotCommitted: after an agent edits a rollout file of a
// pushed repository, the hook tells it the file is not committed, for
// each config that runs that rollout, before it submits.
func TestRolloutEditNotCommitted(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is missing")
		}
		t.Skip("git is not installed")
	}
	root := newWorkspace(t)
	if err := os.RemoveAll(root + "/.git"); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "init"},
		{"remote", "add", "origin", "https://github.com/acme/ws.git"},
		{"update-ref", "refs/remotes/origin/main", "HEAD"},
		{"symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"},
	} {
		cmd := exec.Command(git, args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+root,
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	p := write(t, root, "rollouts/multiply-agent/main.py", "print('changed')\n")
	out := run(t, root, payload(t, "Edit", root, map[string]any{"file_path": p}))
	if out.Block != "" {
		t.Fatalf("a warning blocked the agent: %s", out.Block)
	}
	for _, want := range []string{"configs/training/base.toml", "[rollout-uncommitted]", "rollouts/multiply-agent/main.py", "not committed"} {
		if !strings.Contains(out.Context, want) {
			t.Errorf("context lacks %q:\n%s", want, out.Context)
		}
	}
}
