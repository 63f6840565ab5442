package workspace

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// ErrNotWorkspace is returned (wrapped) by FindRoot when no enclosing git
// worktree is found: the path is not in an Osmosis workspace.
var ErrNotWorkspace = errors.New("not an Osmosis workspace (no enclosing git repository)")

// FindRoot returns the workspace root for start: the innermost directory,
// from start upwards, that holds a `.git` directory or `.git` file (as in
// linked worktrees and submodules). A file starts the search from its
// directory; a path that does not exist yet starts from its nearest
// existing parent. Paths are taken as given (symlinks in start are not
// resolved), so the root is spelled like the caller's paths. Nothing is
// found inside a `.git` directory itself, as git refuses to work there.
func FindRoot(start string) (string, error) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return "", fmt.Errorf("find workspace root of %s: %w", start, err)
	}
	dir := abs
	if fi, err := disk.StatNamed(dir); err != nil || !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		if filepath.Base(dir) == ".git" {
			return "", fmt.Errorf("%s is inside a .git directory: %w", abs, ErrNotWorkspace)
		}
		if _, err := disk.LstatNamed(filepath.Join(dir, ".git")); err == nil {
			if inGitDir(abs, dir) {
				return "", fmt.Errorf("%s is inside a .git directory: %w", abs, ErrNotWorkspace)
			}
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%s: %w", abs, ErrNotWorkspace)
		}
		dir = parent
	}
}

// inGitDir reports whether path lies inside root/.git.
func inGitDir(path, root string) bool {
	gitDir := filepath.Join(root, ".git")
	return disk.Within(path, gitDir)
}
