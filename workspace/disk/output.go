package disk

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// Output is a report file being written (the -o FILE of the command
// line): the bytes go to a temporary file in the target's directory, and
// Commit renames it into place, so a reader never sees half a report and
// a failed run leaves the old one. A symlink or anything but a regular
// file at the target is refused, never written through: a repository
// under review may have put a link there.
type Output struct {
	root *os.Root
	f    *os.File
	tmp  string
	base string
	path string
}

// CreateOutput starts writing the file at path (relative to the current
// directory, or absolute). A relative path's directories must not be
// symlinks either, as a checkout may have planted them.
func CreateOutput(path string) (*Output, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	note("create", abs, true)
	if err := outputTarget(path); err != nil {
		return nil, err
	}
	if !filepath.IsAbs(path) {
		parts := strings.Split(filepath.ToSlash(filepath.Clean(path)), "/")
		for i := range len(parts) - 1 {
			if parts[i] == ".." || parts[i] == "." {
				continue
			}
			p := filepath.FromSlash(strings.Join(parts[:i+1], "/"))
			if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				return nil, fmt.Errorf("%s: %s is a symbolic link; a report is never written through one", path, p)
			}
		}
	}
	root, err := os.OpenRoot(filepath.Dir(abs))
	if err != nil {
		return nil, err
	}
	o := &Output{root: root, base: filepath.Base(abs), path: path}
	for range 100 {
		o.tmp = "." + o.base + ".osmosis-lint-" + fmt.Sprintf("%08x", rand.Uint32())
		o.f, err = root.OpenFile(o.tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		root.Close()
		return nil, err
	}
	return o, nil
}

// outputTarget refuses a target that is a symlink or not a regular file.
func outputTarget(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link; a report never replaces one (remove it, or name another file)", path)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file; a report never replaces one", path)
	}
	return nil
}

// Write writes to the temporary file.
func (o *Output) Write(p []byte) (int, error) { return o.f.Write(p) }

// Commit puts the report in place, keeping the mode of the file it
// replaces.
func (o *Output) Commit() error {
	defer o.root.Close()
	fail := func(err error) error {
		o.f.Close()
		o.root.Remove(o.tmp)
		return err
	}
	if err := o.f.Sync(); err != nil {
		return fail(err)
	}
	if err := outputTarget(o.path); err != nil {
		return fail(err)
	}
	if fi, err := o.root.Lstat(o.base); err == nil {
		if err := o.f.Chmod(fi.Mode().Perm()); err != nil {
			return fail(err)
		}
	}
	if err := o.f.Close(); err != nil {
		o.root.Remove(o.tmp)
		return err
	}
	if err := o.root.Rename(o.tmp, o.base); err != nil {
		o.root.Remove(o.tmp)
		return err
	}
	return nil
}

// Abort drops the temporary file; the target is left as it was.
func (o *Output) Abort() {
	o.f.Close()
	o.root.Remove(o.tmp)
	o.root.Close()
}
