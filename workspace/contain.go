package workspace

import (
	"io/fs"
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
func Contain(dir, path string) Resolved { return NewContainer(dir).Contain(path) }

// Contained is Contain's verdict alone, for a door that only decides.
func Contained(dir, path string) bool { return Contain(dir, path).Inside }

// A Container is Contain for one directory, opened once: a door that
// places many paths in the same directory (a language server's workspace
// folders, a rename's files) keeps one. It is safe for concurrent use.
type Container struct {
	rv  resolver
	ok  bool  // the directory could be opened
	err error // why it could not
}

// NewContainer opens dir for Contain. A directory that cannot be opened
// contains nothing, and says why in each Resolved's Err.
func NewContainer(dir string) *Container {
	d, err := disk.Open(dir)
	if err != nil {
		return &Container{err: err}
	}
	return &Container{rv: newResolver(d), ok: true}
}

// ReadFile reads the regular file at path (absolute, or relative to the
// current directory) when Contain places it inside the directory, through
// the door at its resolved location: a link is followed while it stays
// inside, and one that leads out is an *EscapeError, its target not read.
func (c *Container) ReadFile(path string, limit int64) ([]byte, error) {
	r := c.Contain(path)
	switch {
	case r.Err != nil:
		return nil, r.Err
	case !r.Inside:
		return nil, &fs.PathError{Op: "read", Path: path, Err: &EscapeError{Via: r.EscapeVia, Target: r.EscapeTarget}}
	case r.Loop:
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrLoop}
	case !r.Exists:
		return nil, &fs.PathError{Op: "read", Path: path, Err: fs.ErrNotExist}
	}
	data, _, err := c.rv.d.ReadFile(r.Path, limit)
	return data, err
}

// Contain is Contain(dir, path) for the container's directory.
func (c *Container) Contain(path string) Resolved {
	if !c.ok {
		return Resolved{Path: filepath.ToSlash(path), Err: c.err}
	}
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
	return c.rv.resolve(".", abs)
}
