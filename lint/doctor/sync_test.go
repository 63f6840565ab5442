package doctor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// TestSyncSection: one line per rollout, from a real repository built with
// git; "not checked" once, as info, when nothing is known of origin.
func TestSyncSection(t *testing.T) {
	gittest.Bin(t)
	ws := filepath.Join(t.TempDir(), "ws")
	run := func(args ...string) { t.Helper(); gittest.Run(t, ws, args...) }
	full(t, ws)
	write(t, filepath.Join(ws, "rollouts", "calc", "main.py"), "print(1)\n")
	write(t, filepath.Join(ws, "rollouts", "other", "main.py"), "print(2)\n")
	write(t, filepath.Join(ws, "data", ".gitkeep"), "")
	run("init", "-q", "-b", "main")
	run("add", "-A")
	run("commit", "-q", "-m", "init")
	run("remote", "add", "origin", "https://github.com/acme/ws.git")

	sync := func() (lines []string, unchecked int) {
		rep := doctor(t, ws, Options{})
		for _, c := range rep.Checks {
			if c.ID == syncCheck {
				lines = append(lines, string(c.Status)+" "+c.Message)
			}
			if c.ID == lint.RuleSyncUnchecked {
				unchecked++
				if c.Status != Info {
					t.Errorf("sync-unchecked is %s, want info", c.Status)
				}
			}
		}
		return lines, unchecked
	}
	if lines, n := sync(); n != 1 || len(lines) != 0 {
		t.Errorf("no remote-tracking ref: want one sync-unchecked and no rollout line, got %d and %q", n, lines)
	}

	run("update-ref", "refs/remotes/origin/main", "HEAD")
	run("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	run("branch", "-q", "--set-upstream-to=origin/main")
	write(t, filepath.Join(ws, "rollouts", "calc", "main.py"), "print(3)\n")
	run("commit", "-q", "-am", "calc: faster")
	write(t, filepath.Join(ws, "rollouts", "calc", "main.py"), "print(4)\n")
	write(t, filepath.Join(ws, "rollouts", "calc", "new.py"), "")
	lines, n := sync()
	want := []string{
		"warning rollouts/calc/: 2 files not committed (main.py, new.py); 1 commit (newest: calc: faster) not on origin/main",
		"ok rollouts/other/: committed and pushed",
	}
	if n != 0 || strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("sync lines:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
