package disk

import (
	"io/fs"
	"os"
	"path/filepath"
)

// rootOps implements a Root on os.Root: contained on every platform Go
// supports. os.Root follows symlinks that stay inside the root; where a
// path must have none, the file is stat'ed without following before it is
// opened and compared after (same file, else the open is refused). The
// os.Root is open while in use (held).
type rootOps struct {
	dir  string
	root held[*os.Root]
}

func newRootOps(dir string) *rootOps {
	o := &rootOps{dir: dir}
	o.root.open = func() (*os.Root, error) { return os.OpenRoot(dir) }
	o.root.close = func(r *os.Root) { r.Close() }
	return o
}

func (o *rootOps) osRoot() (*os.Root, func(), error) {
	r, err := o.root.get()
	if err != nil {
		return nil, nil, err
	}
	return r, o.root.put, nil
}

func (o *rootOps) hold() (func(), error) {
	_, err := o.root.get()
	if err != nil {
		return nil, err
	}
	return o.root.put, nil
}

// realDir resolves the root's own path (its parents are the caller's
// business: it named the directory).
func (o *rootOps) realDir() string {
	real, err := filepath.EvalSymlinks(o.dir)
	if err != nil {
		return o.dir
	}
	return real
}

func (o *rootOps) name(rel string) string { return filepath.FromSlash(rel) }

// noLinks refuses a path with a symlink on the way to its last part, as
// openat2's RESOLVE_NO_SYMLINKS does.
func (o *rootOps) noLinks(r *os.Root, op, rel string) error {
	for i := 0; i < len(rel); i++ {
		if rel[i] != '/' {
			continue
		}
		fi, err := r.Lstat(o.name(rel[:i]))
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return &fs.PathError{Op: op, Path: rel, Err: ErrSymlink}
		}
	}
	return nil
}

// openChecked opens a regular file with no symlink on the way, re-checked
// after the open.
func (o *rootOps) openChecked(rel string) (*os.File, Info, error) {
	r, done, err := o.osRoot()
	if err != nil {
		return nil, Info{}, err
	}
	defer done()
	if err := o.noLinks(r, "open", rel); err != nil {
		return nil, Info{}, err
	}
	before, err := r.Lstat(o.name(rel))
	if err != nil {
		return nil, Info{}, err
	}
	if before.Mode()&fs.ModeSymlink != 0 {
		return nil, Info{}, &fs.PathError{Op: "open", Path: rel, Err: ErrSymlink}
	}
	if !before.Mode().IsRegular() {
		return nil, Info{}, &fs.PathError{Op: "open", Path: rel, Err: ErrNotRegular}
	}
	f, err := r.OpenFile(o.name(rel), os.O_RDONLY|readFlags, 0)
	if err != nil {
		return nil, Info{}, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	info := infoOf(fi)
	if !info.IsRegular() {
		f.Close()
		return nil, Info{}, &fs.PathError{Op: "open", Path: rel, Err: ErrNotRegular}
	}
	if !os.SameFile(before, fi) {
		f.Close()
		return nil, Info{}, &fs.PathError{Op: "open", Path: rel, Err: ErrChanged}
	}
	return f, info, nil
}

func (o *rootOps) readFile(rel string, limit int64) ([]byte, Info, error) {
	f, info, err := o.openChecked(rel)
	if err != nil {
		return nil, Info{}, err
	}
	defer f.Close()
	data, err := readAll(f, info.Size, limit, true, rel)
	return data, info, err
}

func (o *rootOps) open(rel string) (*os.File, Info, error) { return o.openChecked(rel) }

func (o *rootOps) lstat(rel string) (Info, error) {
	r, done, err := o.osRoot()
	if err != nil {
		return Info{}, err
	}
	defer done()
	fi, err := r.Lstat(o.name(rel))
	if err != nil {
		return Info{}, err
	}
	return infoOf(fi), nil
}

func (o *rootOps) readlink(rel string) (string, error) {
	r, done, err := o.osRoot()
	if err != nil {
		return "", err
	}
	defer done()
	return r.Readlink(o.name(rel))
}

func (o *rootOps) readDir(rel string, max int) ([]Entry, bool, error) {
	r, done, err := o.osRoot()
	if err != nil {
		return nil, false, err
	}
	defer done()
	if err := o.noLinks(r, "readdir", rel); err != nil {
		return nil, false, err
	}
	fi, err := r.Lstat(o.name(rel))
	if err != nil {
		return nil, false, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, false, &fs.PathError{Op: "readdir", Path: rel, Err: ErrSymlink}
	}
	f, err := r.Open(o.name(rel))
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	return listOpen(f, max)
}
