package workspace

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestRoot(t *testing.T) {
	cases := []struct {
		name        string
		tree        files
		start       string
		root, gitAt string // relative to the base; "-" for none
		err         error
	}{
		{name: "the workspace is the git root", tree: files{"ws/.git/": "", "ws/configs/training/": ""},
			start: "ws/configs/training", root: "ws", gitAt: "ws"},
		{name: "a kind directory that is its own repository: git run from the workspace takes the outer one",
			tree:  files{"ws/.git/": "", "ws/configs/training/.git/": "", "ws/configs/training/team/": "", "ws/rollouts/": ""},
			start: "ws/configs/training/team", root: "ws", gitAt: "ws"},
		{name: "a nested repository with a workspace of its own is that workspace",
			tree:  files{"ws/.git/": "", "ws/configs/": "", "ws/sub/.git/": "", "ws/sub/configs/training/": ""},
			start: "ws/sub/configs/training", root: "ws/sub", gitAt: "ws/sub"},
		{name: "a workspace below the git root", tree: files{"repo/.git/": "", "repo/ex/configs/training/": ""},
			start: "repo/ex/configs/training", root: "repo/ex", gitAt: "repo"},
		{name: "no workspace up to the git roots: the innermost worktree", tree: files{"repo/.git/": "", "repo/inner/.git/": "", "repo/inner/x/": ""},
			start: "repo/inner/x", root: "repo/inner", gitAt: "repo/inner"},
		{name: "inside .git", tree: files{"repo/.git/hooks/": "", "repo/rollouts/": "", "repo/configs/training/": ""},
			start: "repo/.git/hooks", err: ErrNoWorkspace},
		{name: "no workspace and no git", tree: files{"home/configs/": ""},
			start: "home/configs", err: ErrNoWorkspace},
		{name: "no git at all", tree: files{"plain/rollouts/": "", "plain/configs/training/": ""},
			start: "plain/configs/training", root: "plain", gitAt: "-"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			writeTree(t, base, c.tree)
			f, err := Root(filepath.Join(base, c.start))
			if c.err != nil {
				if !errors.Is(err, c.err) {
					t.Fatalf("err %v, want %v", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.Root != filepath.Join(base, c.root) {
				t.Errorf("root %s, want %s", f.Root, c.root)
			}
			want := filepath.Join(base, c.gitAt)
			if c.gitAt == "-" {
				want = ""
			}
			if f.GitRoot != want {
				t.Errorf("git root %s, want %s", f.GitRoot, want)
			}
		})
	}
}
