package workspace

import (
	"os"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Contain is the containment rule of every door (check, doctor, the agent
// hooks, MCP, the language server and every edit it hands an editor,
// watch, init-skill): path (absolute, or relative to the current
// directory) is inside the directory dir when its real location is, with
// the symlinks of every component resolved. A path spelled through a
// directory link that leaves dir (linkws -> ../other-repo, link-to-root
// -> /) is outside, whatever its spelling, and so is a path whose last
// component is a link that leaves. dir is named by the caller: its own
// symlinks are followed, and path may be spelled under dir as given or as
// resolved. Resolution reads through the door only inside dir: a link's
// target that leaves it is never followed, so nothing outside is looked
// at, not even to stat it.
//
// The result's Path is the real location relative to dir when Inside;
// Link tells whether path itself is a symlink (an editor writes through
// it or replaces it, so no edit is offered for it).
func Contain(dir, path string) Resolved {
	// not cleaned: "linkws/.." is where the link's target's parent is,
	// which only resolving tells
	abs := path
	if !filepath.IsAbs(abs) {
		wd, err := os.Getwd()
		if err != nil {
			return Resolved{Path: filepath.ToSlash(path)}
		}
		abs = wd + string(filepath.Separator) + path
	}
	d, err := disk.Open(dir)
	if err != nil {
		return Resolved{Path: filepath.ToSlash(path)}
	}
	return newResolver(d).resolve(".", abs)
}

// Contained is Contain's verdict alone, for a door that only decides.
func Contained(dir, path string) bool { return Contain(dir, path).Inside }
