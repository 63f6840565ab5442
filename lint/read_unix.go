//go:build unix

package lint

import (
	"errors"
	"io/fs"
	"syscall"
)

// readRegular reads a config file: a regular file, else errNotRegular.
// A check reads thousands of small files; os.ReadFile spends five system
// calls of each read on the file's registration with the network poller,
// which a regular file never takes. The open does not block on a named
// pipe (O_NONBLOCK), and the type comes from the open file itself.
func readRegular(path string) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, errNotRegular
	}
	buf := make([]byte, 0, int(st.Size)+1) // +1: the read that sees the end
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR || err == syscall.EAGAIN {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
	}
}

var errNotRegular = errors.New("not a regular file")
