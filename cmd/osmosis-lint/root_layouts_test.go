package main

import (
	"path/filepath"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/roottest"
)

// TestRootLayoutsWatch: watch watches the workspace workspace.Root finds
// for the first path, as check checks it; with none, the path's directory.
func TestRootLayoutsWatch(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		p := roottest.Abs(base, l.Path)
		want, ok := roottest.Want(base, l, false)
		if !ok {
			want = p
			if fi, err := disk.StatNamed(p); err != nil || !fi.IsDir() {
				want = filepath.Dir(p)
			}
		}
		if got := (&checkFlags{}).watchRoot([]string{p}); got != want {
			t.Errorf("watchRoot = %s, want %s", got, want)
		}
	})
}

// TestRootLayoutsInitSkill: init-skill installs in the workspace
// workspace.Root finds for the directory's real location (doctor's, when
// run there), in a git worktree only.
func TestRootLayoutsInitSkill(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		p := roottest.Abs(base, l.Path)
		real, err := disk.ResolveNamed(p)
		if err != nil {
			real = p // not there yet
		}
		found, err := workspace.Root(real)
		want, ok := "", err == nil && found.GitRoot != ""
		if ok {
			want = found.Root
		}
		if real == p {
			if w, wok := roottest.Want(base, l, true); w != want || wok != ok {
				t.Fatalf("the table says %q, %v; Root says %q, %v", w, wok, want, ok)
			}
		}
		got, err := initSkillRoot(p, "")
		if ok != (err == nil) || ok && got != want {
			t.Errorf("initSkillRoot = %q, %v; want %q", got, err, want)
		}
	})
}
