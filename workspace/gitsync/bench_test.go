package gitsync

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// BenchmarkOpen is what a check of one config asks of the repository: its
// refs read, then one rollout's state (the index, HEAD's trees, the
// commits not on the upstream), in a loose repository of 40 commits.
func BenchmarkOpen(b *testing.B) {
	t := &testing.T{}
	root := repoFixture(t)
	git(t, root, "branch", "-q", "--set-upstream-to=origin/main")
	for i := 0; i < 40; i++ {
		write(t, root, "rollouts/calc/main.py", strings.Repeat("x", i+1)+"\n")
		git(t, root, "commit", "-q", "-am", "step")
	}
	git(t, root, "update-ref", "refs/remotes/origin/main", "HEAD~2")
	ws, err := disk.Open(root)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r := Open(ws, ".git", Limits{}, mainFollowsOrigin)
		st := r.Rollout("calc", Worktree{Files: []string{"main.py"}, Complete: true})
		if r.Unchecked != "" || st.Unchecked != "" || len(st.Unpushed) != 2 {
			b.Fatalf("%q %+v", r.Unchecked, st)
		}
	}
}
