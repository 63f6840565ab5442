package mcpserver

import (
	"os"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// TestCheckSaysWhatIsNotCommitted: the check tool gives the sync findings
// (from lint, like every other): a rollout file edited after the last push.
func TestCheckSaysWhatIsNotCommitted(t *testing.T) {
	gittest.Bin(t)
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
		gittest.Run(t, root, args...)
	}
	write(t, root, "rollouts/multiply-agent/main.py", "print('changed')\n")
	cs := connect(t, Options{Dir: root})
	var out checkResult
	call(t, cs, "check", map[string]any{"paths": []string{"configs/training/base.toml"}}, &out)
	if len(out.Findings) != 1 || out.Findings[0].Rule != "rollout-uncommitted" || out.Findings[0].Stage != "sync" {
		t.Fatalf("want the rollout-uncommitted finding of base.toml, got %+v", out)
	}
}
