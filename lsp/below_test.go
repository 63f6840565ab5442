package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A workspace below the git root (ml/ of a repository) is checked there,
// as check, the hook and the MCP server check it, and each of its configs
// says that the osmosis CLI, which takes the top of the git worktree as
// the workspace, cannot submit it from there (config-location).
func TestWorkspaceBelowTheGitRoot(t *testing.T) {
	repo := t.TempDir()
	ws := newWorkspace(t, nil)
	ml := filepath.Join(repo, "ml")
	if err := os.Rename(ws, ml); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(ml, ".git")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	c := start(t, repo, caps{})
	cfg := filepath.Join(ml, "configs", "training", "multiply-baseline.toml")
	c.open(cfg, readFile(t, cfg))
	p := c.waitPub(cfg, func(p publication) bool { return hasCode(p.Diagnostics, "config-location") })
	d := findCode(t, p.Diagnostics, "config-location")
	if !strings.Contains(d.Message, "ml/configs/training/multiply-baseline.toml") {
		t.Errorf("config-location does not name the config's path from the git root: %s", d.Message)
	}

	// at the git root the same workspace says nothing of the kind
	top := newWorkspace(t, nil)
	c2 := start(t, top, caps{})
	cfg2 := filepath.Join(top, "configs", "training", "multiply-baseline.toml")
	c2.open(cfg2, readFile(t, cfg2))
	if p := c2.waitPub(cfg2, func(publication) bool { return true }); hasCode(p.Diagnostics, "config-location") {
		t.Errorf("a workspace at the git root got config-location: %v", codes(p.Diagnostics))
	}
}

// A committed .gitignore that is a symlink out of the repository is not
// read (git refuses it): its patterns do not hide the workspace below the
// folder, whose configs keep their symbols.
func TestLinkedGitignoreNotRead(t *testing.T) {
	base := t.TempDir()
	mono, outside := filepath.Join(base, "mono"), filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(mono, ".git"), filepath.Join(mono, "team"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ws := newWorkspace(t, nil)
	if err := os.Rename(ws, filepath.Join(mono, "team", "ws")); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(mono, "team", "ws", ".git"))
	if err := os.WriteFile(filepath.Join(outside, "ignore"), []byte("team/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside/ignore", filepath.Join(mono, ".gitignore")); err != nil {
		t.Fatal(err)
	}
	c := start(t, mono, caps{})
	var syms []struct {
		Name string `json:"name"`
	}
	c.mustCall("workspace/symbol", map[string]any{"query": ""}, &syms)
	if len(syms) == 0 {
		t.Errorf("workspace/symbol found no symbol: the linked .gitignore hid the workspace")
	}
}
