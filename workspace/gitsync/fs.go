package gitsync

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"

	"github.com/go-git/go-billy/v5"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// doorFS is a read-only billy.Filesystem over a directory of the workspace,
// read through the filesystem door: go-git opens every git file with it, so
// what it reads is what the door allows (the directory and below, no
// symlink followed, regular files only) and what disk.Observe records. It
// is stricter than go-billy's bound OS mode, which follows symlinks that
// stay inside and reads beside the door.
type doorFS struct {
	root *disk.Root
	// base is the slash path of this filesystem's top under root ("" for
	// root itself); Chroot moves it down.
	base string
}

var _ billy.Filesystem = doorFS{}

// errOutside is the answer to any path that climbs out of the filesystem.
var errOutside = errors.New("path leaves the git directory")

// rel maps a billy path to a slash path under root, refusing absolute
// paths and paths that climb out.
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

func (f doorFS) Open(name string) (billy.File, error) {
	rel, err := f.rel(name)
	if err != nil {
		return nil, err
	}
	file, _, err := f.root.OpenFile(rel)
	if err != nil {
		return nil, err
	}
	return readOnlyFile{File: file, name: name}, nil
}

func (f doorFS) OpenFile(name string, flag int, _ os.FileMode) (billy.File, error) {
	if flag&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) != 0 {
		return nil, &fs.PathError{Op: "open", Path: name, Err: billy.ErrReadOnly}
	}
	return f.Open(name)
}

func (f doorFS) Stat(name string) (os.FileInfo, error) { return f.Lstat(name) }

func (f doorFS) Lstat(name string) (os.FileInfo, error) {
	rel, err := f.rel(name)
	if err != nil {
		return nil, err
	}
	info, err := f.root.Lstat(rel)
	if err != nil {
		return nil, err
	}
	return fileInfo{name: path.Base(rel), info: info}, nil
}

// maxDirEntries bounds a directory listing (a pack directory, a loose
// object fan-out directory, a refs directory).
const maxDirEntries = 100000

func (f doorFS) ReadDir(name string) ([]os.FileInfo, error) {
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
	out := make([]os.FileInfo, 0, len(entries))
	for _, e := range entries {
		out = append(out, fileInfo{name: e.Name, info: disk.Info{Mode: e.Type}})
	}
	return out, nil
}

func (f doorFS) Readlink(name string) (string, error) {
	rel, err := f.rel(name)
	if err != nil {
		return "", err
	}
	return f.root.Readlink(rel)
}

func (f doorFS) Join(elem ...string) string { return path.Join(elem...) }

func (f doorFS) Chroot(p string) (billy.Filesystem, error) {
	rel, err := f.rel(p)
	if err != nil {
		return nil, err
	}
	if rel == "." {
		rel = ""
	}
	return doorFS{root: f.root, base: rel}, nil
}

func (f doorFS) Root() string { return f.root.Abs(f.base) }

// Capabilities says the filesystem reads only: go-git then takes the
// read-only paths (no packed-refs rewrite, no lock files).
func (f doorFS) Capabilities() billy.Capability {
	return billy.ReadCapability | billy.SeekCapability
}

func (f doorFS) Create(name string) (billy.File, error) { return nil, readOnly("create", name) }
func (f doorFS) Rename(from, _ string) error            { return readOnly("rename", from) }
func (f doorFS) Remove(name string) error               { return readOnly("remove", name) }
func (f doorFS) TempFile(dir, _ string) (billy.File, error) {
	return nil, readOnly("create", dir)
}
func (f doorFS) MkdirAll(name string, _ os.FileMode) error { return readOnly("mkdir", name) }
func (f doorFS) Symlink(_, link string) error              { return readOnly("symlink", link) }

func readOnly(op, name string) error {
	return &fs.PathError{Op: op, Path: name, Err: billy.ErrReadOnly}
}

var errTooMany = errors.New("too many entries")

// readOnlyFile is an open file of the door as a billy.File.
type readOnlyFile struct {
	*os.File
	name string
}

func (r readOnlyFile) Name() string                       { return r.name }
func (r readOnlyFile) Write([]byte) (int, error)          { return 0, billy.ErrReadOnly }
func (r readOnlyFile) Truncate(int64) error               { return billy.ErrReadOnly }
func (r readOnlyFile) Lock() error                        { return nil }
func (r readOnlyFile) Unlock() error                      { return nil }
func (r readOnlyFile) WriteAt([]byte, int64) (int, error) { return 0, billy.ErrReadOnly }

// fileInfo is a door Info as an os.FileInfo.
type fileInfo struct {
	name string
	info disk.Info
}

func (i fileInfo) Name() string       { return i.name }
func (i fileInfo) Size() int64        { return i.info.Size }
func (i fileInfo) Mode() os.FileMode  { return i.info.Mode }
func (i fileInfo) ModTime() time.Time { return time.Unix(0, i.info.ModTime) }
func (i fileInfo) IsDir() bool        { return i.info.IsDir() }
func (i fileInfo) Sys() any           { return nil }
