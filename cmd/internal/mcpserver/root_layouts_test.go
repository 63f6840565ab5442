package mcpserver

import (
	"path/filepath"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/roottest"
)

// TestRootLayoutsMCP: the workspace the server serves for a directory
// (the client's root, or its working directory) is the one
// workspace.Root finds, as check's; none outside every git worktree.
func TestRootLayoutsMCP(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		dir := roottest.Abs(base, l.Path)
		if fi, err := disk.StatNamed(dir); err == nil && !fi.IsDir() {
			dir = filepath.Dir(dir)
		}
		s := &server{opts: Options{Dir: dir}, roots: []string{}}
		sc, err := s.scope(t.Context(), nil)
		want, ok := roottest.Want(base, l, true)
		if !ok {
			if err == nil {
				t.Errorf("scope = %v, want none", sc.roots)
			}
			return
		}
		if err != nil || len(sc.roots) != 1 || sc.roots[0] != want {
			t.Errorf("scope = %v, %v; want %s", sc.roots, err, want)
		}
	})
}
