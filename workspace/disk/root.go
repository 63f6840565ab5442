package disk

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Source reads the content of workspace files: the disk, or (in an editor)
// unsaved buffers in front of it. rel is a resolved slash path relative to
// the workspace root.
type Source interface {
	ReadFile(rel string, limit int64) ([]byte, Info, error)
}

// Root is a workspace directory; every method stays inside it. A Root is
// safe for concurrent use and needs no closing: it opens the directory
// while in use (for each operation, or for a Hold around many) and closes
// it when the last use ends, so no descriptor waits for the garbage
// collector.
type Root struct {
	dir  string
	real string
	ops  ops
}

// ops are the operations a platform implements for a Root.
type ops interface {
	readFile(rel string, limit int64) ([]byte, Info, error)
	open(rel string) (*os.File, Info, error)
	lstat(rel string) (Info, error)
	readlink(rel string) (string, error)
	readDir(rel string, max int) ([]Entry, bool, error)
	// osRoot returns the os.Root of the directory, open until done
	osRoot() (r *os.Root, done func(), err error)
	// hold keeps the directory open until release
	hold() (release func(), err error)
	// realDir is the root's directory with its symlinks resolved.
	realDir() string
}

// Open opens the directory dir (absolute, or relative to the current
// directory) as a Root. Symlinks in dir itself are followed: the caller
// named it.
func Open(dir string) (*Root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	note("open", abs, true)
	o, err := openOps(abs)
	if err != nil {
		return nil, err
	}
	release, err := o.hold()
	if err != nil {
		return nil, err
	}
	defer release()
	return &Root{dir: abs, real: o.realDir(), ops: o}, nil
}

// Hold keeps the root's directory open until release is called, for a
// run of many operations (a listing, a load) that would otherwise open it
// once each. A root that can no longer be opened gives a release that does
// nothing, and its operations say why.
func (r *Root) Hold() (release func()) {
	release, err := r.ops.hold()
	if err != nil {
		return func() {}
	}
	return release
}

// Dir is the root's absolute directory, as given to Open.
func (r *Root) Dir() string { return r.dir }

// RealDir is the root's directory with the symlinks in its own path
// resolved, as it was when opened: an absolute link target may spell the
// root either way.
func (r *Root) RealDir() string { return r.real }

// Abs is the OS path of a relative slash path under the root, for
// messages and for callers that show absolute paths.
func (r *Root) Abs(rel string) string {
	if rel == "" || rel == "." {
		return r.dir
	}
	return filepath.Join(r.dir, filepath.FromSlash(rel))
}

// clean checks a relative slash path; "" and "." are the root itself.
func clean(rel string) (string, error) {
	if rel == "" {
		return ".", nil
	}
	if filepath.IsAbs(rel) || strings.HasPrefix(rel, "/") || filepath.VolumeName(rel) != "" {
		return "", &fs.PathError{Op: "open", Path: rel, Err: ErrEscapes}
	}
	c := path.Clean(filepath.ToSlash(rel))
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", &fs.PathError{Op: "open", Path: rel, Err: ErrEscapes}
	}
	return c, nil
}

// ReadFile reads the regular file at rel, a path with no symlink on the
// way: a link there (one swapped in after the caller resolved the path)
// is refused, as are a directory, a named pipe or a device
// (ErrNotRegular, without blocking) and a file over limit bytes
// (ErrTooLarge). The Info comes from the open file.
func (r *Root) ReadFile(rel string, limit int64) ([]byte, Info, error) {
	c, err := clean(rel)
	if err != nil {
		return nil, Info{}, err
	}
	r.noteAt("read", c)
	return r.ops.readFile(c, limit)
}

// OpenFile opens the regular file at rel for streaming, with the checks of
// ReadFile but no size limit. The caller closes it.
func (r *Root) OpenFile(rel string) (*os.File, Info, error) {
	c, err := clean(rel)
	if err != nil {
		return nil, Info{}, err
	}
	r.noteAt("read", c)
	return r.ops.open(c)
}

// Lstat describes the file at rel without following a final symlink.
func (r *Root) Lstat(rel string) (Info, error) {
	c, err := clean(rel)
	if err != nil {
		return Info{}, err
	}
	r.noteAt("lstat", c)
	return r.ops.lstat(c)
}

// Readlink returns the target of the symlink at rel, as stored. The
// target is not followed.
func (r *Root) Readlink(rel string) (string, error) {
	c, err := clean(rel)
	if err != nil {
		return "", err
	}
	r.noteAt("readlink", c)
	return r.ops.readlink(c)
}

// ReadDir lists the directory at rel (no symlink on the way), sorted by
// name, at most max entries (max <= 0: all); truncated says more were
// there.
func (r *Root) ReadDir(rel string, max int) (entries []Entry, truncated bool, err error) {
	c, err := clean(rel)
	if err != nil {
		return nil, false, err
	}
	r.noteAt("readdir", c)
	return r.ops.readDir(c, max)
}

// readAll reads f to its end, refusing more than limit bytes; size is the
// expected size (a capacity hint), the size fstat gave when regular.
func readAll(f io.Reader, size, limit int64, regular bool, name string) ([]byte, error) {
	if size > limit {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, size, limit)}
	}
	buf := make([]byte, 0, size+1)
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, 4096)
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		// a short read of a regular file is its end: when it ends at the
		// size the open file stated, no read is needed to see the end
		if regular && n > 0 && len(buf) < cap(buf) && int64(len(buf)) == size {
			return buf, nil
		}
	}
}

// sortEntries orders a listing by name, as os.ReadDir does.
func sortEntries(es []Entry) {
	slices.SortFunc(es, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
}
