package disk

import (
	"io/fs"
	"sync/atomic"
)

// Info is what the door knows of a file: its type and permissions, size,
// modification time, identity (device and inode) and owner. It is read
// from the open file where there is one, so it describes what was read.
type Info struct {
	Mode fs.FileMode
	Size int64
	// ModTime is the modification time in nanoseconds since the epoch.
	ModTime int64
	// ChangeTime is the inode's change time (ctime) in nanoseconds, 0
	// where the door does not read it (only Linux's door does).
	ChangeTime int64
	// Dev and Ino identify the file; Nlink counts its names; Uid and Gid
	// own it. They are zero where the platform does not say (Owned is
	// false then).
	Dev, Ino uint64
	Nlink    uint64
	Uid, Gid uint32
	Owned    bool
}

// IsDir reports whether the file is a directory.
func (i Info) IsDir() bool { return i.Mode.IsDir() }

// IsRegular reports whether the file is a regular file.
func (i Info) IsRegular() bool { return i.Mode.IsRegular() }

// IsSymlink reports whether the file is a symbolic link (from Lstat).
func (i Info) IsSymlink() bool { return i.Mode&fs.ModeSymlink != 0 }

// Unchanged reports whether i and then describe the same file with the
// same size, time and mode: what a writer checks before replacing a file
// it read. A zero i (nothing known) is never unchanged.
func (i Info) Unchanged(then Info) bool {
	if then == (Info{}) {
		return false
	}
	return i.Dev == then.Dev && i.Ino == then.Ino && i.Size == then.Size &&
		i.ModTime == then.ModTime && i.Mode == then.Mode
}

// Entry is one name in a directory listing, with its type bits (the
// fs.ModeType part of its mode; 0 for a regular file). A symlink is
// listed as a symlink, never followed.
type Entry struct {
	Name string
	Type fs.FileMode
}

// IsDir reports whether the entry is a directory (not a link to one).
func (e Entry) IsDir() bool { return e.Type.IsDir() }

// IsRegular reports whether the entry is a regular file.
func (e Entry) IsRegular() bool { return e.Type&fs.ModeType == 0 }

// IsSymlink reports whether the entry is a symbolic link.
func (e Entry) IsSymlink() bool { return e.Type&fs.ModeSymlink != 0 }

// Access is one use of the door, as Observe reports it.
type Access struct {
	// Op names the operation: "read", "open", "lstat", "stat",
	// "readlink", "readdir", "write", "create", "mkdir", "symlink",
	// "remove".
	Op string
	// Path is absolute: the root joined with the relative path, or the
	// named path.
	Path string
	// Named is set for the outside files read with the Named functions.
	Named bool
}

var observer atomic.Pointer[func(Access)]

// Observe calls fn for every access through the door until stop is
// called. It is meant for tests that prove what the tool touches; fn must
// be safe for concurrent use.
func Observe(fn func(Access)) (stop func()) {
	observer.Store(&fn)
	return func() { observer.CompareAndSwap(&fn, nil) }
}

func note(op, path string, named bool) {
	if fn := observer.Load(); fn != nil {
		(*fn)(Access{Op: op, Path: path, Named: named})
	}
}

// noteAt notes an access to rel under r; the absolute path is built only
// when someone observes.
func (r *Root) noteAt(op, rel string) {
	if fn := observer.Load(); fn != nil {
		(*fn)(Access{Op: op, Path: r.Abs(rel)})
	}
}
