package gitsync

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// doorFS is a read-only view of a directory of the workspace (the git
// directory), read through the filesystem door: what it reads is what the
// door allows (the directory and below, no symlink followed, regular files
// only) and what disk.Observe records.
type doorFS struct {
	root *disk.Root
	// base is the slash path of this view's top under root ("" for root
	// itself).
	base string
}

// errOutside is the answer to any path that climbs out of the view.
var errOutside = errors.New("path leaves the git directory")

// rel maps a path of the view to a slash path under root, refusing
// absolute paths and paths that climb out.
func (f doorFS) rel(name string) (string, error) {
	name = strings.ReplaceAll(name, "\\", "/")
	if path.IsAbs(name) {
		return "", &fs.PathError{Op: "open", Path: name, Err: errOutside}
	}
	c := path.Clean(name)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", &fs.PathError{Op: "open", Path: name, Err: errOutside}
	}
	if f.base != "" {
		if c == "." {
			return f.base, nil
		}
		c = f.base + "/" + c
	}
	return c, nil
}

// Open opens a regular file of the view for reading; the caller closes
// it.
func (f doorFS) Open(name string) (*os.File, disk.Info, error) {
	rel, err := f.rel(name)
	if err != nil {
		return nil, disk.Info{}, err
	}
	return f.root.OpenFile(rel)
}

// ReadFile reads a regular file of the view, at most limit bytes (errHuge
// past them).
func (f doorFS) ReadFile(name string, limit int64) ([]byte, error) {
	rel, err := f.rel(name)
	if err != nil {
		return nil, err
	}
	data, _, err := f.root.ReadFile(rel, limit)
	if errors.Is(err, disk.ErrTooLarge) {
		return nil, errHuge
	}
	return data, err
}

// Lstat describes a file of the view without following a symlink.
func (f doorFS) Lstat(name string) (disk.Info, error) {
	rel, err := f.rel(name)
	if err != nil {
		return disk.Info{}, err
	}
	return f.root.Lstat(rel)
}

// maxDirEntries bounds a directory listing (a pack directory, a refs
// directory).
const maxDirEntries = 100000

var errTooMany = errors.New("too many entries")

// ReadDir lists a directory of the view, sorted by name, at most
// maxDirEntries entries.
func (f doorFS) ReadDir(name string) ([]disk.Entry, error) {
	rel, err := f.rel(name)
	if err != nil {
		return nil, err
	}
	entries, truncated, err := f.root.ReadDir(rel, maxDirEntries)
	if err != nil {
		return nil, err
	}
	if truncated {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errTooMany}
	}
	return entries, nil
}
