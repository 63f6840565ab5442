package workspace

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Found is where Discover found a workspace.
type Found struct {
	// Root is the workspace: the innermost directory, from the start up to
	// the top of the git worktree, that has a configs/ or rollouts/ of its
	// own.
	Root string
	// GitRoot is the top of the enclosing git worktree, which the osmosis
	// CLI takes as the workspace; "" outside any git worktree.
	GitRoot string
	// Looked lists the directories looked in, innermost first.
	Looked []string
}

// BelowGitRoot reports whether the workspace is a directory inside a git
// worktree rather than its top, as in a monorepo or an example kept in a
// repository: the osmosis CLI would take the git root instead.
func (f Found) BelowGitRoot() bool { return f.GitRoot != "" && f.Root != f.GitRoot }

// ErrNoWorkspace is returned (wrapped, with where Discover looked) when
// no directory from the start up to the git root has configs/ or
// rollouts/.
var ErrNoWorkspace = errors.New("no Osmosis workspace found")

// Discover finds the workspace of start (a directory or a file; a path
// that does not exist yet starts from its nearest existing parent): the
// innermost directory from start upwards that holds configs/ or rollouts/,
// looking no higher than the top of the enclosing git worktree. Outside a
// git worktree it looks up to the file system root, for rollouts/ or a
// kind directory under configs/. A git repository nested without
// configs/ or rollouts/ of its own (a kind directory cloned apart) is
// passed through to the one around it, which git takes when run from the
// workspace. Only those names are looked at in each directory on the way.
func Discover(start string) (Found, error) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return Found{}, fmt.Errorf("find the workspace of %s: %w", start, err)
	}
	var f Found
	if g, err := FindRoot(abs); err == nil {
		f.GitRoot = g
	} else if !errors.Is(err, ErrNotWorkspace) {
		return Found{}, err
	}
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
		if hasWorkspaceDirs(dir, f.GitRoot == "") {
			f.Root = dir
			return f, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		if dir == f.GitRoot {
			// a repository nested in the workspace's own (configs/training/
			// cloned apart): git run from the workspace takes the outer one
			outer, err := FindRoot(parent)
			if err != nil {
				break
			}
			f.GitRoot = outer
		}
		dir = parent
	}
	return f, fmt.Errorf("%w: no configs/ or rollouts/ directory in %s", ErrNoWorkspace, lookedWhere(f))
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
