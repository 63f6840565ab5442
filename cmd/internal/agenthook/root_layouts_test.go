package agenthook

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/roottest"
)

// TestRootLayoutsHook: an edited file's workspace is the one
// workspace.Root finds, as check's; none outside every git worktree.
func TestRootLayoutsHook(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		found, ok := rootOf(roottest.Abs(base, l.Path))
		want, wantOK := roottest.Want(base, l, true)
		if ok != wantOK || ok && found.Root != want {
			t.Errorf("rootOf = %q, %v; want %q", found.Root, ok, want)
		}
	})
}
