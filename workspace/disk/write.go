package disk

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Rewrite replaces the file at rel with data, atomically (a temporary file
// in the same directory, then a rename), when it is safe to: the file
// still holds the bytes was that were read (and, when then is known, is
// the same file with the same size, time and mode), some write permission
// bit is set (a read-only file is left alone, also for root), it has one
// name (a rename would split a hard link), and its owner and group can be
// kept. The new file keeps the old one's mode. Nothing is written
// otherwise; the error wraps ErrChanged, ErrReadOnly, ErrHardLinked,
// ErrOwner, ErrSymlink or ErrNotRegular, so a caller can say why.
func (r *Root) Rewrite(rel string, was []byte, then Info, data []byte) error {
	c, err := clean(rel)
	if err != nil {
		return err
	}
	r.noteAt("write", c)
	cur, err := r.current(c, was, then)
	if err != nil {
		return err
	}
	tmp, err := r.writeTemp(c, data, cur.Mode&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky), &cur)
	if err != nil {
		return err
	}
	root, done, err := r.ops.osRoot()
	if err != nil {
		return err
	}
	defer done()
	// the last look before the rename: an edit since the first one wins
	if now, err := r.ops.lstat(c); err != nil || !now.Unchanged(cur) {
		root.Remove(tmp)
		return &fs.PathError{Op: "rewrite", Path: c, Err: ErrChanged}
	}
	if err := root.Rename(filepath.FromSlash(tmp), filepath.FromSlash(c)); err != nil {
		root.Remove(tmp)
		return err
	}
	return nil
}

// current checks the file at rel before a rewrite and returns what it is.
func (r *Root) current(rel string, was []byte, then Info) (Info, error) {
	f, cur, err := r.ops.open(rel)
	if err != nil {
		return Info{}, err
	}
	defer f.Close()
	fail := func(e error) (Info, error) { return Info{}, &fs.PathError{Op: "rewrite", Path: rel, Err: e} }
	switch {
	case cur.Mode.Perm()&0o222 == 0:
		return fail(ErrReadOnly)
	case cur.Nlink > 1:
		return fail(fmt.Errorf("%w (%d names)", ErrHardLinked, cur.Nlink))
	case then != (Info{}) && !cur.Unchanged(then):
		return fail(ErrChanged)
	}
	now, err := readAll(f, cur.Size, int64(len(was)), false, rel)
	if errors.Is(err, ErrTooLarge) || err == nil && !bytes.Equal(now, was) {
		return fail(ErrChanged)
	}
	if err != nil {
		return Info{}, err
	}
	return cur, nil
}

// writeTemp writes data to a new temporary file next to rel and returns
// its relative name. With owner set, the file gets that owner and group.
func (r *Root) writeTemp(rel string, data []byte, mode fs.FileMode, owner *Info) (string, error) {
	root, done, err := r.ops.osRoot()
	if err != nil {
		return "", err
	}
	defer done()
	dir, base := path.Split(rel)
	var f *os.File
	var tmp string
	for range 100 {
		tmp = dir + "." + base + ".osmosis-lint-" + fmt.Sprintf("%08x", rand.Uint32())
		var err error
		f, err = root.OpenFile(filepath.FromSlash(tmp), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
		f = nil
	}
	if f == nil {
		return "", fmt.Errorf("create a temporary file next to %s: every name taken", rel)
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			root.Remove(filepath.FromSlash(tmp))
		}
	}()
	if _, err := f.Write(data); err != nil {
		return "", err
	}
	if err := f.Sync(); err != nil {
		return "", err
	}
	if err := f.Chmod(mode); err != nil {
		return "", err
	}
	if owner != nil && owner.Owned {
		fi, err := f.Stat()
		if err != nil {
			return "", err
		}
		if mine := infoOf(fi); mine.Uid != owner.Uid || mine.Gid != owner.Gid {
			if err := f.Chown(int(owner.Uid), int(owner.Gid)); err != nil {
				return "", &fs.PathError{Op: "rewrite", Path: rel, Err: fmt.Errorf("%w (uid %d, gid %d): %v", ErrOwner, owner.Uid, owner.Gid, unwrap(err))}
			}
		}
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	ok = true
	return tmp, nil
}

// Create writes a new file at rel and never replaces one: the data is
// written to a temporary file that is then hard-linked into place, so the
// file appears whole or not at all, and an existing name (even a dangling
// symlink) fails with fs.ErrExist. The directories on the way must exist
// and be no symlinks.
func (r *Root) Create(rel string, data []byte, perm fs.FileMode) error {
	c, err := clean(rel)
	if err != nil {
		return err
	}
	r.noteAt("create", c)
	if err := r.noLinksAbove(c); err != nil {
		return err
	}
	tmp, err := r.writeTemp(c, data, perm, nil)
	if err != nil {
		return err
	}
	root, done, err := r.ops.osRoot()
	if err != nil {
		return err
	}
	defer done()
	defer root.Remove(filepath.FromSlash(tmp))
	err = root.Link(filepath.FromSlash(tmp), filepath.FromSlash(c))
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	// a file system without hard links: create the name exclusively
	f, err := root.OpenFile(filepath.FromSlash(c), os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// MkdirAll creates the directory rel and the missing ones above it,
// refusing to go through a symlink or a file.
func (r *Root) MkdirAll(rel string, perm fs.FileMode) error {
	c, err := clean(rel)
	if err != nil {
		return err
	}
	r.noteAt("mkdir", c)
	if c == "." {
		return nil
	}
	parts := strings.Split(c, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		info, err := r.ops.lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			root, done, err := r.ops.osRoot()
			if err != nil {
				return err
			}
			err = root.Mkdir(filepath.FromSlash(p), perm)
			done()
			if err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
		case err != nil:
			return err
		case info.IsSymlink():
			return &fs.PathError{Op: "mkdir", Path: p, Err: ErrSymlink}
		case !info.IsDir():
			return &fs.PathError{Op: "mkdir", Path: p, Err: errors.New("not a directory")}
		}
	}
	return nil
}

// Symlink creates a symlink at rel holding target (never replacing a
// name); the directories on the way must be no symlinks.
func (r *Root) Symlink(target, rel string) error {
	c, err := clean(rel)
	if err != nil {
		return err
	}
	r.noteAt("symlink", c)
	if err := r.noLinksAbove(c); err != nil {
		return err
	}
	root, done, err := r.ops.osRoot()
	if err != nil {
		return err
	}
	defer done()
	return root.Symlink(target, filepath.FromSlash(c))
}

// noLinksAbove checks that the directories above rel are directories,
// not symlinks.
func (r *Root) noLinksAbove(rel string) error {
	parts := strings.Split(rel, "/")
	for i := range len(parts) - 1 {
		p := strings.Join(parts[:i+1], "/")
		info, err := r.ops.lstat(p)
		if err != nil {
			return err
		}
		if info.IsSymlink() {
			return &fs.PathError{Op: "create", Path: p, Err: ErrSymlink}
		}
		if !info.IsDir() {
			return &fs.PathError{Op: "create", Path: p, Err: errors.New("not a directory")}
		}
	}
	return nil
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Rename gives the regular file at from the name to, and never replaces
// a name: the file is hard-linked under its new name, which fails with
// fs.ErrExist when the name is taken (even by a dangling symlink), and
// only then is the old name removed. A symlink at from, or one above
// either name, is refused; so is a file system without hard links.
func (r *Root) Rename(from, to string) error {
	cf, err := clean(from)
	if err != nil {
		return err
	}
	ct, err := clean(to)
	if err != nil {
		return err
	}
	r.noteAt("rename", cf)
	r.noteAt("rename", ct)
	if err := r.noLinksAbove(cf); err != nil {
		return err
	}
	if err := r.noLinksAbove(ct); err != nil {
		return err
	}
	info, err := r.ops.lstat(cf)
	switch {
	case err != nil:
		return err
	case info.IsSymlink():
		return &fs.PathError{Op: "rename", Path: cf, Err: ErrSymlink}
	case !info.IsRegular():
		return &fs.PathError{Op: "rename", Path: cf, Err: errors.New("not a regular file")}
	}
	root, done, err := r.ops.osRoot()
	if err != nil {
		return err
	}
	defer done()
	if err := root.Link(filepath.FromSlash(cf), filepath.FromSlash(ct)); err != nil {
		return err
	}
	return root.Remove(filepath.FromSlash(cf))
}
