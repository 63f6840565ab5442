package disk

import "errors"

// Errors of the door, wrapped in *fs.PathError (or returned as is by
// Rewrite and Create, which name the file themselves).
var (
	// ErrNotRegular: the path names a directory, a named pipe, a device or
	// a socket where a regular file was expected.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge: the file is larger than the read's limit.
	ErrTooLarge = errors.New("larger than the size limit")
	// ErrSymlink: a symbolic link sits where none was expected (a path
	// given as resolved, or a write that would go through a link).
	ErrSymlink = errors.New("is a symbolic link")
	// ErrEscapes: the path leaves the root.
	ErrEscapes = errors.New("leads outside the workspace")
	// ErrChanged: the file changed since it was read; it is left alone.
	ErrChanged = errors.New("changed since it was read")
	// ErrReadOnly: no write permission bit is set on the file.
	ErrReadOnly = errors.New("is read-only")
	// ErrHardLinked: the file has more than one name; replacing it would
	// split the hard link.
	ErrHardLinked = errors.New("has more than one hard link")
	// ErrOwner: the file's owner or group could not be kept.
	ErrOwner = errors.New("its owner could not be kept")
)
