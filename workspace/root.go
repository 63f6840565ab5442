package workspace

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// ErrNotWorkspace says a path is in no git worktree, which the osmosis
// CLI requires of a workspace (doctor's exit 2).
var ErrNotWorkspace = errors.New("not an Osmosis workspace (no enclosing git repository)")

// errInGitDir says the start is inside a .git directory, where git
// refuses to work.
var errInGitDir = errors.New("inside a .git directory")

// gitTop is the top of the git worktree of start, as Root takes it: the
// innermost directory, from start upwards, that holds a `.git` directory
// or `.git` file (as in linked worktrees and submodules). A file starts
// the search from its directory; a path that does not exist yet starts
// from its nearest existing parent. Paths are taken as given (symlinks in
// start are not resolved). Nothing is found inside a `.git` directory
// itself (errInGitDir).
func gitTop(start string) (string, error) {
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
			return "", fmt.Errorf("%s: %w: %w", abs, errInGitDir, ErrNotWorkspace)
		}
		if _, err := disk.LstatNamed(filepath.Join(dir, ".git")); err == nil {
			if inGitDir(abs, dir) {
				return "", fmt.Errorf("%s: %w: %w", abs, errInGitDir, ErrNotWorkspace)
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

// OutermostGit answers where a named path is named, top down: the first
// directory with a .git on the way from dir (or, for a path not below it,
// from the file system's root) down to abs's parent, "" when there is
// none. It is looked for by spelling, a directory at a time, so a link
// below it is never followed (Root, walking up from abs, would find the
// worktree at a link's target).
func OutermostGit(dir, abs string) string {
	if !disk.Within(abs, dir) {
		dir = filepath.VolumeName(abs) + string(filepath.Separator)
	}
	rel, err := filepath.Rel(dir, filepath.Dir(abs))
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return ""
	}
	comps := strings.Split(rel, string(filepath.Separator))
	if rel == "." {
		comps = nil
	}
	for i := 0; i <= len(comps); i++ {
		d := filepath.Join(append([]string{dir}, comps[:i]...)...)
		if _, err := disk.LstatNamed(filepath.Join(d, ".git")); err == nil {
			return d
		}
	}
	return ""
}
