package doctor

import (
	"errors"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/roottest"
)

// TestRootLayoutsDoctor: doctor's workspace is the one workspace.Root
// finds, and none outside every git worktree (exit 2, as the CLI's).
func TestRootLayoutsDoctor(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		got, _, _, err := findRoot(roottest.Abs(base, l.Path), "")
		want, ok := roottest.Want(base, l, true)
		if !ok {
			if !errors.Is(err, ErrNotWorkspace) {
				t.Errorf("doctor's workspace = %q, %v; want ErrNotWorkspace", got, err)
			}
			return
		}
		if err != nil || got != want {
			t.Errorf("doctor's workspace = %q, %v; want %q", got, err, want)
		}
	})
}
