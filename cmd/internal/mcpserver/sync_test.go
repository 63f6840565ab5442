package mcpserver

import (
	"os"
	"os/exec"
	"testing"
)

// TestCheckSaysWhatIsNotCommitted: the check tool gives the sync findings
// (from lint, like every other): a rollout file edited after the last push.
func TestCheckSaysWhatIsNotCommitted(t *testing.T) {
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
	write(t, root, "rollouts/multiply-agent/main.py", "print('changed')\n")
	cs := connect(t, Options{Dir: root})
	var out checkResult
	call(t, cs, "check", map[string]any{"paths": []string{"configs/training/base.toml"}}, &out)
	if len(out.Findings) != 1 || out.Findings[0].Rule != "rollout-uncommitted" || out.Findings[0].Stage != "sync" {
		t.Fatalf("want the rollout-uncommitted finding of base.toml, got %+v", out)
	}
}
