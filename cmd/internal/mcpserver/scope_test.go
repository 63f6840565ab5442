package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// A root that cannot be opened (gone since the call began, or the process
// out of file descriptors) is said to be unreadable, never taken for a
// symlink that leads out of it.
func TestResolveUnreadableRoot(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	if err := os.MkdirAll(filepath.Join(root, "configs", "training"), 0o755); err != nil {
		t.Fatal(err)
	}
	sc := scope{roots: []string{root}, containers: map[string]*workspace.Container{}}
	if _, _, err := sc.resolve("configs/training", true); err != nil {
		t.Fatalf("an open root: %v", err)
	}
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	gone := scope{roots: []string{root}, containers: map[string]*workspace.Container{}}
	_, _, err := gone.resolve("configs/training/a.toml", false)
	if err == nil || !strings.Contains(err.Error(), "cannot be read") || strings.Contains(err.Error(), "symlink") {
		t.Fatalf("a root that is gone: %v", err)
	}
}

// The paths of one call share one opened root: a call naming thousands of
// paths holds one descriptor for them, not one each.
func TestResolveOpensARootOnce(t *testing.T) {
	root := t.TempDir()
	sc := scope{roots: []string{root}, containers: map[string]*workspace.Container{}}
	for i := range 100 {
		if _, _, err := sc.resolve(filepath.Join("configs", strings.Repeat("x", i%7+1)+".toml"), false); err != nil {
			t.Fatal(err)
		}
	}
	if len(sc.containers) != 1 {
		t.Fatalf("%d containers for one root", len(sc.containers))
	}
}
