// Package roottest holds the layouts the workspace-root policy
// (workspace.Root) is proven on, for the tests of every door that asks it:
// check, doctor, the language server, the hook, the MCP server, watch and
// init-skill each resolve the same root for the same path over this table.
// Only tests use it.
package roottest

import (
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Layout is a tree and the path asked about it. Tree keys are slash paths
// relative to the base directory: a key ending in "/" is a directory, a
// value starting with "->" a symlink to the rest, anything else a file.
// Root and Git are what workspace.Root answers, relative to the base
// ("" for none); Scaffold says Root has configs/ or rollouts/ of its own;
// None says no workspace is found at all.
type Layout struct {
	Name     string
	Tree     map[string]string
	Path     string
	Root     string
	Git      string
	Scaffold bool
	None     bool
	// Was records, for the doors whose answer changed when they came to
	// share the policy, what they answered before (check, doctor, lsp,
	// hook, mcp, watch, init-skill; "none": no workspace). What a door
	// answers now is Root, or none where it declines (doctor, the hook,
	// the MCP server and init-skill outside every git worktree; watch then
	// watches the directory itself), and init-skill asks about the real
	// location of its directory.
	Was map[string]string
}

// Layouts are the tricky cases: a workspace at the git root and below it,
// nested workspaces and repositories, a worktree's .git file, a symlinked
// directory, no git, a file, a path not there yet, inside .git, outside
// every workspace.
func Layouts() []Layout {
	return []Layout{
		{Name: "workspace at the git root",
			Tree: map[string]string{"repo/.git/": "", "repo/configs/training/a.toml": "", "repo/rollouts/r/": ""},
			Path: "repo/configs/training/a.toml", Root: "repo", Git: "repo", Scaffold: true},
		{Name: "a directory of the workspace",
			Tree: map[string]string{"repo/.git/": "", "repo/configs/training/": "", "repo/rollouts/r/": ""},
			Path: "repo/rollouts/r", Root: "repo", Git: "repo", Scaffold: true},
		{Name: "a path not there yet",
			Tree: map[string]string{"repo/.git/": "", "repo/configs/training/": ""},
			Path: "repo/configs/training/new/b.toml", Root: "repo", Git: "repo", Scaffold: true},
		{Name: "workspace below the git root",
			Tree: map[string]string{"repo/.git/": "", "repo/ml/configs/training/a.toml": "", "repo/ml/rollouts/": ""},
			Path: "repo/ml/configs/training/a.toml", Root: "repo/ml", Git: "repo", Scaffold: true,
			Was: map[string]string{"hook": "repo", "mcp": "repo", "watch": "repo", "init-skill": "repo"}},
		{Name: "nested workspace inside a workspace (same repository)",
			Tree: map[string]string{"repo/.git/": "", "repo/configs/training/": "", "repo/examples/x/configs/eval/a.toml": ""},
			Path: "repo/examples/x/configs/eval/a.toml", Root: "repo/examples/x", Git: "repo", Scaffold: true,
			Was: map[string]string{"hook": "repo", "mcp": "repo", "watch": "repo", "init-skill": "repo"}},
		{Name: "nested repository with a workspace of its own",
			Tree: map[string]string{"repo/.git/": "", "repo/configs/": "", "repo/sub/.git/": "", "repo/sub/configs/training/a.toml": ""},
			Path: "repo/sub/configs/training/a.toml", Root: "repo/sub", Git: "repo/sub", Scaffold: true},
		{Name: "kind directory that is a repository of its own",
			Tree: map[string]string{"repo/.git/": "", "repo/rollouts/": "", "repo/configs/training/.git/": "", "repo/configs/training/a.toml": ""},
			Path: "repo/configs/training/a.toml", Root: "repo", Git: "repo", Scaffold: true,
			Was: map[string]string{"hook": "repo/configs/training", "mcp": "repo/configs/training", "watch": "repo/configs/training", "init-skill": "repo/configs/training"}},
		{Name: "a rollout with a configs/ of its own",
			Tree: map[string]string{"repo/.git/": "", "repo/configs/training/": "", "repo/rollouts/agent/configs/training/x.toml": ""},
			Path: "repo/rollouts/agent/configs/training/x.toml", Root: "repo", Git: "repo", Scaffold: true,
			Was: map[string]string{"check": "repo/rollouts/agent", "doctor": "repo/rollouts/agent", "lsp": "repo/rollouts/agent"}},
		{Name: "linked worktree (.git is a file)",
			Tree: map[string]string{"repo/.git/": "", "wt/.git": "gitdir: ../repo/.git/worktrees/wt\n", "wt/configs/training/a.toml": ""},
			Path: "wt/configs/training/a.toml", Root: "wt", Git: "wt", Scaffold: true},
		{Name: "git repository with no configs/ or rollouts/ yet",
			Tree: map[string]string{"repo/.git/": "", "repo/notes/a.toml": ""},
			Path: "repo/notes/a.toml", Root: "repo", Git: "repo",
			Was: map[string]string{"lsp": "none"}},
		{Name: "nested repositories with no configs/ or rollouts/",
			Tree: map[string]string{"repo/.git/": "", "repo/inner/.git/": "", "repo/inner/x/": ""},
			Path: "repo/inner/x", Root: "repo/inner", Git: "repo/inner",
			Was: map[string]string{"check": "repo", "doctor": "repo", "lsp": "none"}},
		{Name: "no git: rollouts/ and a kind directory",
			Tree: map[string]string{"plain/rollouts/": "", "plain/configs/training/a.toml": ""},
			Path: "plain/configs/training/a.toml", Root: "plain", Scaffold: true,
			Was: map[string]string{"watch": "plain/configs/training"}},
		{Name: "no git: a home directory's configs/ alone",
			Tree: map[string]string{"home/configs/a.toml": ""},
			Path: "home/configs/a.toml", None: true},
		{Name: "symlinked directory into a workspace below the git root",
			Tree: map[string]string{"repo/.git/": "", "repo/ml/configs/training/a.toml": "", "repo/ml/rollouts/": "", "link": "->repo/ml"},
			Path: "link/configs/training/a.toml", Root: "link", Scaffold: true,
			Was: map[string]string{"watch": "link/configs/training", "init-skill": "repo"}},
		{Name: "symlinked directory to a workspace at its git root",
			Tree: map[string]string{"repo/.git/": "", "repo/configs/training/a.toml": "", "link": "->repo"},
			Path: "link/configs/training/a.toml", Root: "link", Git: "link", Scaffold: true},
		{Name: "inside .git",
			Tree: map[string]string{"repo/.git/hooks/": "", "repo/configs/training/": "", "repo/rollouts/": ""},
			Path: "repo/.git/hooks", None: true,
			Was: map[string]string{"check": "repo (as outside git)", "lsp": "repo (as outside git)"}},
		{Name: "outside every workspace",
			Tree: map[string]string{"other/dir/a.toml": ""},
			Path: "other/dir/a.toml", None: true},
	}
}

// Want is what a door answers for the layout built under base: the
// policy's root, or none ("", false) where no workspace is found or, for
// a door that acts in a git worktree only (gitOnly), the workspace is
// outside every one.
func Want(base string, l Layout, gitOnly bool) (string, bool) {
	if l.None || gitOnly && l.Git == "" {
		return "", false
	}
	return Abs(base, l.Root), true
}

// Build writes the layout's tree under base.
func Build(t testing.TB, base string, l Layout) {
	t.Helper()
	root, err := disk.Open(base)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(l.Tree))
	for k := range l.Tree {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := strings.TrimSuffix(k, "/")
		if strings.HasSuffix(k, "/") {
			if err := root.MkdirAll(v, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if dir := path.Dir(k); dir != "." {
			if err := root.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if target, ok := strings.CutPrefix(l.Tree[k], "->"); ok {
			rel, err := filepath.Rel(filepath.Dir(filepath.Join(base, k)), filepath.Join(base, target))
			if err != nil {
				t.Fatal(err)
			}
			if err := root.Symlink(rel, k); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := root.Create(k, []byte(l.Tree[k]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Abs is rel under base; "" stays "".
func Abs(base, rel string) string {
	if rel == "" {
		return ""
	}
	return filepath.Join(base, filepath.FromSlash(rel))
}

// Run builds each layout in a directory of its own and calls ask with the
// layout and its base directory.
func Run(t *testing.T, ask func(t *testing.T, base string, l Layout)) {
	for _, l := range Layouts() {
		t.Run(l.Name, func(t *testing.T) {
			base, err := disk.ResolveNamed(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			Build(t, base, l)
			ask(t, base, l)
		})
	}
}
