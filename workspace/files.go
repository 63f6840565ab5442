package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// ErrLoop: a path goes through symlinks that point at each other.
var ErrLoop = errors.New("is a symlink loop")

// EscapeError says a path leaves the workspace: through Via, a symlink
// whose stored target is Target, or (Via empty) by its own "..". The
// target is never followed. It matches disk.ErrEscapes.
type EscapeError struct {
	Via, Target string
}

func (e *EscapeError) Error() string {
	if e.Via == "" {
		return "leads outside the workspace"
	}
	return fmt.Sprintf("leads outside the workspace through the symlink %s (to %s)", e.Via, e.Target)
}

// Is makes errors.Is(err, disk.ErrEscapes) true.
func (e *EscapeError) Is(target error) bool { return target == disk.ErrEscapes }

// Content is a workspace file as read.
type Content struct {
	Data []byte
	// Info is the file's stamp, from the open file.
	Info disk.Info
	// Rel is the resolved workspace path that was read.
	Rel string
}

// Containment resolves path (absolute, or relative to the root) inside the
// workspace and says why it cannot be read: it leaves the workspace (an
// *EscapeError), loops (ErrLoop), does not exist (fs.ErrNotExist) or is no
// regular file (disk.ErrNotRegular). Nothing is opened.
func (s *Snapshot) Containment(path string) (Resolved, error) {
	r := s.rv.resolve(".", path)
	switch {
	case !r.Inside:
		return r, &EscapeError{Via: r.EscapeVia, Target: r.EscapeTarget}
	case r.Loop:
		return r, ErrLoop
	case !r.Exists:
		return r, fs.ErrNotExist
	case !r.IsRegular:
		return r, disk.ErrNotRegular
	}
	return r, nil
}

// Hold keeps the workspace directory open until release, for a run of
// many reads that would otherwise open it once each (disk.Root.Hold).
func (s *Snapshot) Hold() (release func()) { return s.disk.Hold() }

// ReadFile reads a workspace file: path is resolved inside the workspace
// first, following symlinks only while they stay inside it, and only the
// resolved regular file is opened, with no symlink on the way (a link
// swapped in meanwhile is refused). A path that leaves the workspace,
// loops, or names no regular file is an error and nothing is read; so is a
// file over limit bytes. Errors are *fs.PathError on the given path.
func (s *Snapshot) ReadFile(path string, limit int64) (Content, error) {
	r, err := s.Containment(path)
	if err != nil {
		return Content{}, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	data, info, err := s.src.ReadFile(r.Path, limit)
	if err != nil {
		return Content{}, &fs.PathError{Op: "read", Path: path, Err: unwrapPath(err)}
	}
	return Content{Data: data, Info: info, Rel: r.Path}, nil
}

// ReadConfig reads a config of the listing at the path the listing
// resolved, without resolving it again (a link swapped in meanwhile is
// refused by the door). An entry the listing could not take, or one that
// leads outside the workspace, is its error and nothing is opened.
func (s *Snapshot) ReadConfig(c ConfigFile, limit int64) (Content, error) {
	r := c.Resolved
	switch {
	case c.Err != nil:
		return Content{}, &fs.PathError{Op: "read", Path: c.Path, Err: c.Err}
	case !r.Inside:
		return Content{}, &fs.PathError{Op: "read", Path: c.Path, Err: &EscapeError{Via: r.EscapeVia, Target: r.EscapeTarget}}
	case r.Loop:
		return Content{}, &fs.PathError{Op: "read", Path: c.Path, Err: ErrLoop}
	}
	data, info, err := s.src.ReadFile(r.Path, limit)
	if err != nil {
		return Content{}, &fs.PathError{Op: "read", Path: c.Path, Err: unwrapPath(err)}
	}
	return Content{Data: data, Info: info, Rel: r.Path}, nil
}

// OpenFile opens a workspace file for streaming, contained as ReadFile.
func (s *Snapshot) OpenFile(path string) (*os.File, disk.Info, error) {
	r, err := s.Containment(path)
	if err != nil {
		return nil, disk.Info{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	f, info, err := s.disk.OpenFile(r.Path)
	if err != nil {
		return nil, disk.Info{}, &fs.PathError{Op: "open", Path: path, Err: unwrapPath(err)}
	}
	return f, info, nil
}

// Rewrite replaces a file read with ReadFile (c) by data, through the
// door's checks: unchanged since read, writable, one link, owner kept.
func (s *Snapshot) Rewrite(c Content, data []byte) error {
	return s.disk.Rewrite(c.Rel, c.Data, c.Info, data)
}

// Disk is the door to the workspace's files, for the writes doctor makes.
func (s *Snapshot) Disk() *disk.Root { return s.disk }

// WithSource returns a snapshot that reads file content (ReadFile) from
// src, such as an editor's unsaved buffers in front of the disk; listings
// and everything else are shared with s.
func (s *Snapshot) WithSource(src disk.Source) *Snapshot {
	n := *s
	n.src = src
	return &n
}

// Source is where the snapshot reads file content from.
func (s *Snapshot) Source() disk.Source { return s.src }

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
