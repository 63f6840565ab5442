package workspace

import (
	"github.com/osmosis-lint/osmosis-lint/workspace/disk/disktest"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestFindBelow(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{
		".git", // a monorepo
		"a/configs/training",
		"team/b/rollouts/x",
		"team/b/sub/configs", // inside a workspace: not another
		"ignored/c/configs",
		".hidden/d/configs",
		"node_modules/e/configs",
		"one/two/three/four/five/configs", // too deep
		"one/two/f/configs",
	} {
		if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".gitignore"), []byte("ignored/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, truncated := FindBelow(root)
	var rels []string
	for _, r := range got {
		rel, _ := filepath.Rel(root, r)
		rels = append(rels, filepath.ToSlash(rel))
	}
	slices.Sort(rels)
	if want := []string{"a", "one/two/f", "team/b"}; !slices.Equal(rels, want) || truncated {
		t.Errorf("FindBelow = %v (truncated %v), want %v", rels, truncated, want)
	}
	// a workspace at the top is the only one
	if got, _ := FindBelow(filepath.Join(root, "a")); len(got) != 1 || got[0] != filepath.Join(root, "a") {
		t.Errorf("FindBelow of a workspace = %v", got)
	}
}

// TestFindBelowAsRoot: outside every git worktree the workspaces below a
// folder are those Root takes: a home directory's configs/ alone is none.
func TestFindBelowAsRoot(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, files{"home/configs/a.toml": "", "home/plain/rollouts/": "", "home/kind/configs/eval/": ""})
	got, _ := FindBelow(filepath.Join(root, "home"))
	var rels []string
	for _, r := range got {
		rel, _ := filepath.Rel(root, r)
		rels = append(rels, filepath.ToSlash(rel))
	}
	slices.Sort(rels)
	if want := []string{"home/kind", "home/plain"}; !slices.Equal(rels, want) {
		t.Errorf("FindBelow = %v, want %v", rels, want)
	}
}

// TestFindBelowLinkedGitignore: a .gitignore that is a symlink is not
// read, as git refuses it, whether it leads out of the folder (where it
// would hide the workspace) or stays inside; nothing outside is touched.
func TestFindBelowLinkedGitignore(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, files{
		"outside/ignore":              "team/\n",
		"mono/.git/":                  "",
		"mono/inside":                 "team/\n",
		"mono/team/ws/configs/a.toml": "",
		"mono/team/ws/.gitignore":     "",
	})
	mono, outside := filepath.Join(base, "mono"), filepath.Join(base, "outside")
	for name, target := range map[string]string{"out": "../outside/ignore", "in": "inside"} {
		t.Run(name, func(t *testing.T) {
			link := filepath.Join(mono, ".gitignore")
			os.Remove(link)
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			stop := disktest.Record(outside)
			got, _ := FindBelow(mono)
			if touched := stop(); len(touched) > 0 {
				t.Errorf("touched outside: %v", touched)
			}
			if want := []string{filepath.Join(mono, "team", "ws")}; !slices.Equal(got, want) {
				t.Errorf("FindBelow = %v, want %v: the linked .gitignore was applied", got, want)
			}
		})
	}
}
