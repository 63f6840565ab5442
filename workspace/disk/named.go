package disk

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// The Named functions reach the few files outside a workspace that are
// meant: the osmosis CLI's dataset cache under the home directory, git's
// global config files and a worktree's git directory, and files named on
// the command line (--datasets, --template, a config outside any
// workspace). Symlinks in the path are followed, since the name is meant;
// nothing else about them is trusted: only a regular file is read,
// without blocking on a named pipe or device, at most limit bytes.

// ReadNamed reads the regular file at path.
func ReadNamed(path string, limit int64) ([]byte, Info, error) {
	f, info, err := OpenNamed(path)
	if err != nil {
		return nil, Info{}, err
	}
	defer f.Close()
	data, err := readAll(f, info.Size, limit, true, path)
	return data, info, err
}

// ReadStream reads a stream that is no file (standard input) to its end,
// at most limit bytes: beyond them it stops reading and answers
// ErrTooLarge, as for a file, so that endless input costs limit bytes.
// name is the stream's name in the error.
func ReadStream(r io.Reader, limit int64, name string) ([]byte, error) {
	return readAll(r, 0, limit, false, name)
}

// OpenNamed opens the regular file at path for streaming.
func OpenNamed(path string) (*os.File, Info, error) {
	note("read", absOf(path), true)
	f, err := os.OpenFile(path, os.O_RDONLY|readFlags, 0)
	if err != nil {
		return nil, Info{}, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, Info{}, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return f, infoOf(fi), nil
}

// StatNamed describes the file at path, following symlinks.
func StatNamed(path string) (Info, error) {
	note("stat", absOf(path), true)
	fi, err := os.Stat(path)
	if err != nil {
		return Info{}, err
	}
	return infoOf(fi), nil
}

// LstatNamed describes the file at path without following a final
// symlink.
func LstatNamed(path string) (Info, error) {
	note("lstat", absOf(path), true)
	fi, err := os.Lstat(path)
	if err != nil {
		return Info{}, err
	}
	return infoOf(fi), nil
}

// ReadDirNamed lists the directory at path, sorted by name, at most max
// entries (max <= 0: all); truncated says more were there.
func ReadDirNamed(path string, max int) (entries []Entry, truncated bool, err error) {
	note("readdir", absOf(path), true)
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	return listOpen(f, max)
}

// listOpen lists an open directory, sorted by name, at most max entries
// (max <= 0: all); truncated says more were there.
func listOpen(f *os.File, max int) (entries []Entry, truncated bool, err error) {
	n := -1
	if max > 0 {
		n = max + 1
	}
	des, err := f.ReadDir(n)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, false, err
	}
	out := make([]Entry, 0, len(des))
	for _, de := range des {
		out = append(out, Entry{Name: de.Name(), Type: de.Type()})
	}
	sortEntries(out)
	if max > 0 && len(out) > max {
		return out[:max], true, nil
	}
	return out, false, nil
}

// ResolveNamed resolves the symlinks of a path named by the caller (a
// directory an editor or an agent spells through a link), as
// filepath.EvalSymlinks does.
func ResolveNamed(path string) (string, error) {
	note("stat", absOf(path), true)
	return filepath.EvalSymlinks(path)
}

func absOf(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}
