package workspace

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Found is where Root found a path's workspace.
type Found struct {
	// Root is the workspace: the innermost directory, from the start up to
	// the top of the git worktree, that has a configs/ or rollouts/ of its
	// own; the top of the git worktree when none has (Scaffold false).
	Root string
	// GitRoot is the top of the enclosing git worktree, which the osmosis
	// CLI takes as the workspace; "" outside any git worktree.
	GitRoot string
	// Scaffold says Root has configs/ or rollouts/ of its own (outside a
	// git worktree, always: there nothing else is a workspace).
	Scaffold bool
	// Looked lists the directories looked in, innermost first.
	Looked []string
}

// BelowGitRoot reports whether the workspace is a directory inside a git
// worktree rather than its top, as in a monorepo or an example kept in a
// repository: the osmosis CLI would take the git root instead.
func (f Found) BelowGitRoot() bool { return f.GitRoot != "" && f.Root != f.GitRoot }

// Bound is the directory the paths named from the start are placed in
// (and contained to): the git worktree, else the workspace.
func (f Found) Bound() string {
	if f.GitRoot != "" {
		return f.GitRoot
	}
	return f.Root
}

// NoScaffold is, when Root is a git worktree without configs/ or
// rollouts/ anywhere from the start up (a new repository), the error that
// says where it looked; nil when Root has them.
func (f Found) NoScaffold() error {
	if f.Scaffold {
		return nil
	}
	return fmt.Errorf("%w: no configs/ or rollouts/ directory in %s", ErrNoWorkspace, lookedWhere(f))
}

// ErrNoWorkspace is returned (wrapped, with where Root looked) when no
// workspace is found: outside every git worktree, no directory from the
// start up has rollouts/ or a kind directory under configs/, or the start
// is inside a .git directory.
var ErrNoWorkspace = errors.New("no Osmosis workspace found")

// Root is the workspace-root policy: the one way every door (check,
// doctor, the language server, the agent hook, the MCP server, watch,
// init-skill) finds the workspace of a path. It never runs git.
//
// The start is a directory or a file (a file starts from its directory; a
// path that does not exist yet from its nearest existing parent), taken
// as spelled: symlinks in it are not resolved, so the root is spelled
// like the caller's paths. A door that must place a path by its real
// location does so first, with Contain.
//
//   - The git worktree is the innermost directory from the start up with
//     a .git directory or a .git file (linked worktrees, submodules), as
//     `git rev-parse --show-toplevel` finds it for the osmosis CLI;
//     nothing inside a .git directory is in a worktree.
//   - In a worktree, the workspace is the innermost directory from the
//     start up to the worktree's top that has configs/ or rollouts/ of
//     its own: usually the top itself (the CLI's workspace); a directory
//     below it (BelowGitRoot) is one the CLI cannot submit from, which
//     config-location says. A repository nested without configs/ or
//     rollouts/ of its own (a kind directory cloned apart) is passed
//     through to the one around it, which git takes when run from the
//     workspace. A directory inside a rollouts/ of the worktree is a
//     rollout's (rollouts/agent/configs/ holds the rollout's own files),
//     never a workspace. With none up to the top, the workspace is the top
//     (Scaffold false: a new repository, which doctor can scaffold).
//   - Outside every worktree, the workspace is the innermost directory
//     with rollouts/ or a kind directory under configs/ (a home
//     directory's configs/ alone is no workspace), with GitRoot "":
//     check lints it without the rules that need git, doctor, the hook
//     and the MCP server take none. Else ErrNoWorkspace.
//
// Only those names are looked at in each directory on the way. Which
// workspaces lie below a folder (an editor opened on a monorepo) is
// another question, answered by FindBelow.
func Root(start string) (Found, error) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return Found{}, fmt.Errorf("find the workspace of %s: %w", start, err)
	}
	var f Found
	if g, err := gitTop(abs); err == nil {
		f.GitRoot = g
	} else if errors.Is(err, errInGitDir) {
		return Found{Looked: []string{abs}}, fmt.Errorf("%w: %s is inside a .git directory", ErrNoWorkspace, abs)
	} else if !errors.Is(err, ErrNotWorkspace) {
		return Found{}, err
	}
	innermost := f.GitRoot
	dir := abs
	for {
		if fi, err := disk.StatNamed(dir); err == nil && fi.IsDir() {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	for {
		f.Looked = append(f.Looked, dir)
		if hasWorkspaceDirs(dir, f.GitRoot == "") && !inRollout(dir, f.GitRoot) {
			f.Root, f.Scaffold = dir, true
			return f, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		if dir == f.GitRoot {
			// a repository nested in the workspace's own (configs/training/
			// cloned apart): git run from the workspace takes the outer one
			outer, err := gitTop(parent)
			if err != nil {
				break
			}
			f.GitRoot = outer
		}
		dir = parent
	}
	if innermost != "" {
		// no scaffold up to the top: the worktree the CLI takes
		f.Root, f.GitRoot = innermost, innermost
		return f, nil
	}
	return f, fmt.Errorf("%w: no configs/ or rollouts/ directory in %s", ErrNoWorkspace, lookedWhere(f))
}

// inRollout reports whether dir lies inside a directory named rollouts
// below the git worktree's top (gitRoot, "" outside any): a rollout's
// directory, whatever it holds, is no workspace of its own.
func inRollout(dir, gitRoot string) bool {
	if gitRoot == "" {
		return false
	}
	rel, err := filepath.Rel(gitRoot, dir)
	if err != nil || !filepath.IsLocal(rel) {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	return slices.Contains(parts[:len(parts)-1], "rollouts")
}

// hasWorkspaceDirs reports whether dir has configs/ or rollouts/ (links
// count: a checkout may link them). Outside a git worktree (strict) the
// bar is higher, so that a home directory's own configs/ is not taken for
// a workspace: rollouts/, or a kind directory under configs/.
func hasWorkspaceDirs(dir string, strict bool) bool {
	names := []string{"configs", "rollouts"}
	if strict {
		names = []string{"rollouts", "configs/training", "configs/eval", "configs/benchmark"}
	}
	for _, name := range names {
		if _, err := disk.LstatNamed(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

func lookedWhere(f Found) string {
	switch {
	case len(f.Looked) == 1:
		return f.Looked[0]
	case f.GitRoot != "":
		return fmt.Sprintf("%s or above it up to the git root %s", f.Looked[0], f.GitRoot)
	}
	return fmt.Sprintf("%s or any directory above it (and it is in no git repository)", f.Looked[0])
}
