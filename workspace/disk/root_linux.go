//go:build linux && !mips && !mipsle && !mips64 && !mips64le

package disk

import (
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// On Linux the kernel keeps every lookup inside the root: openat2 with
// RESOLVE_BENEATH fails on "..", an absolute symlink or any link that
// leaves the directory, and RESOLVE_NO_SYMLINKS refuses every symlink on
// the way for reads of resolved paths. It is also the cheapest way in:
// one system call a lookup, none on the network poller. Kernels without
// openat2 (before 5.6, or behind a seccomp filter) fall back to os.Root.

const (
	sysOpenat2          = 437
	oPath               = 0x200000 // O_PATH, the same on every architecture built here
	resolveNoMagiclinks = 0x02
	resolveNoSymlinks   = 0x04
	resolveBeneath      = 0x08

	// beneath: inside the root, following only links that stay there;
	// exact: inside the root, following no link at all.
	beneath = resolveBeneath | resolveNoMagiclinks
	exact   = resolveBeneath | resolveNoSymlinks | resolveNoMagiclinks
)

type openHow struct {
	flags, mode, resolve uint64
}

var (
	openat2Once sync.Once
	openat2OK   bool
)

// linuxOps implements a Root with openat2 on a descriptor of the root
// directory, open while in use (held). Writes, which are rare, go through
// os.Root.
type linuxOps struct {
	dir string
	fd  held[int]
	r   *rootOps
}

func openOps(dir string) (ops, error) {
	r := newRootOps(dir)
	openDir := func() (int, error) {
		fd, err := openRetry(func() (int, error) {
			return syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		})
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: dir, Err: err}
		}
		return fd, nil
	}
	fd, err := openDir()
	if err != nil {
		return nil, err
	}
	openat2Once.Do(func() {
		probe, err := openat2(fd, ".", syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, beneath)
		if err == nil {
			syscall.Close(probe)
			openat2OK = true
		}
	})
	syscall.Close(fd)
	if !openat2OK {
		return r, nil
	}
	o := &linuxOps{dir: dir, r: r}
	o.fd.open = openDir
	o.fd.close = func(fd int) { syscall.Close(fd) }
	return o, nil
}

func (o *linuxOps) osRoot() (*os.Root, func(), error) { return o.r.osRoot() }

func (o *linuxOps) hold() (func(), error) {
	if _, err := o.fd.get(); err != nil {
		return nil, err
	}
	return o.fd.put, nil
}

// realDir asks the kernel where the open root directory is, which reads
// none of its parents.
func (o *linuxOps) realDir() string {
	fd, err := o.fd.get()
	if err != nil {
		return o.r.realDir()
	}
	defer o.fd.put()
	buf := make([]byte, 4096)
	n, err := syscall.Readlink("/proc/self/fd/"+strconv.Itoa(fd), buf)
	if err != nil || n <= 0 || n == len(buf) || buf[0] != '/' {
		return o.r.realDir()
	}
	return string(buf[:n])
}

func openRetry(open func() (int, error)) (int, error) {
	for {
		fd, err := open()
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// openat2 opens rel below dirfd. EAGAIN (a rename raced the lookup) and
// EINTR are retried.
func openat2(dirfd int, rel string, flags int, resolve uint64) (int, error) {
	// a short path is passed from the stack: a read costs no allocation
	// for its name
	var short [256]byte
	var p *byte
	if len(rel) < len(short) && strings.IndexByte(rel, 0) < 0 {
		copy(short[:], rel)
		p = &short[0]
	} else {
		var err error
		if p, err = syscall.BytePtrFromString(rel); err != nil {
			return -1, err
		}
	}
	how := openHow{flags: uint64(flags), resolve: resolve}
	for {
		r, _, e := syscall.Syscall6(sysOpenat2, uintptr(dirfd), uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&how)), unsafe.Sizeof(how), 0, 0)
		switch e {
		case 0:
			return int(r), nil
		case syscall.EINTR, syscall.EAGAIN:
			continue
		case syscall.EXDEV:
			return -1, ErrEscapes
		}
		return -1, e
	}
}

func (o *linuxOps) openat(op, rel string, flags int, resolve uint64) (int, error) {
	dir, err := o.fd.get()
	if err != nil {
		return -1, err
	}
	fd, err := openat2(dir, rel, flags|syscall.O_CLOEXEC, resolve)
	o.fd.put()
	if err != nil {
		if err == syscall.ELOOP && resolve&resolveNoSymlinks != 0 {
			err = ErrSymlink
		}
		return -1, &fs.PathError{Op: op, Path: rel, Err: err}
	}
	return fd, nil
}

// openRegular opens rel for reading and checks, on the open file, that it
// is a regular file.
func (o *linuxOps) openRegular(rel string) (int, Info, error) {
	fd, err := o.openat("open", rel, syscall.O_RDONLY|syscall.O_NOFOLLOW|readFlags, exact)
	if err != nil {
		return -1, Info{}, err
	}
	var st syscall.Stat_t
	if err := fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return -1, Info{}, &fs.PathError{Op: "stat", Path: rel, Err: err}
	}
	info := infoOfStat(&st)
	if !info.IsRegular() {
		syscall.Close(fd)
		return -1, Info{}, &fs.PathError{Op: "open", Path: rel, Err: ErrNotRegular}
	}
	return fd, info, nil
}

func (o *linuxOps) readFile(rel string, limit int64) ([]byte, Info, error) {
	fd, info, err := o.openRegular(rel)
	if err != nil {
		return nil, Info{}, err
	}
	defer syscall.Close(fd)
	data, err := readAll(fdReader(fd), info.Size, limit, true, rel)
	if err != nil {
		return nil, Info{}, err
	}
	return data, info, nil
}

func (o *linuxOps) open(rel string) (*os.File, Info, error) {
	fd, info, err := o.openRegular(rel)
	if err != nil {
		return nil, Info{}, err
	}
	return os.NewFile(uintptr(fd), o.dir+"/"+rel), info, nil
}

func (o *linuxOps) lstat(rel string) (Info, error) {
	fd, err := o.openat("lstat", rel, oPath|syscall.O_NOFOLLOW, beneath)
	if err != nil {
		return Info{}, err
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := fstat(fd, &st); err != nil {
		return Info{}, &fs.PathError{Op: "lstat", Path: rel, Err: err}
	}
	return infoOfStat(&st), nil
}

func (o *linuxOps) readlink(rel string) (string, error) {
	fd, err := o.openat("readlink", rel, oPath|syscall.O_NOFOLLOW, beneath)
	if err != nil {
		return "", err
	}
	defer syscall.Close(fd)
	for size := 256; ; size *= 2 {
		buf := make([]byte, size)
		n, err := readlinkat(fd, buf)
		if err != nil {
			return "", &fs.PathError{Op: "readlink", Path: rel, Err: err}
		}
		if n < size {
			return string(buf[:n]), nil
		}
	}
}

func (o *linuxOps) readDir(rel string, max int) ([]Entry, bool, error) {
	fd, err := o.openat("readdir", rel, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW, exact)
	if err != nil {
		return nil, false, err
	}
	defer syscall.Close(fd)
	return readDirents(fd, rel, max)
}

// readDirents lists an open directory. The kernel gives each name's type;
// where a file system does not (DT_UNKNOWN), the entry is stat'ed relative
// to the directory, never by a path.
func readDirents(fd int, rel string, max int) ([]Entry, bool, error) {
	var out []Entry
	buf := make([]byte, 32<<10)
	// the names of one read are made one string, which the entries slice:
	// a directory of a thousand configs costs a few allocations, not one a
	// name
	type record struct {
		start, end int
		typ        byte
	}
	var names []byte
	var recs []record
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, false, &fs.PathError{Op: "readdir", Path: rel, Err: err}
		}
		if n <= 0 {
			break
		}
		names, recs = names[:0], recs[:0]
		for b := buf[:n]; len(b) >= 19; {
			reclen := int(*(*uint16)(unsafe.Pointer(&b[16])))
			if reclen < 19 || reclen > len(b) {
				break
			}
			typ := b[18]
			name := b[19:reclen]
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			b = b[reclen:]
			if string(name) == "." || string(name) == ".." {
				continue
			}
			recs = append(recs, record{len(names), len(names) + len(name), typ})
			names = append(names, name...)
		}
		all := string(names)
		for _, r := range recs {
			if max > 0 && len(out) >= max {
				sortEntries(out)
				return out, true, nil
			}
			s := all[r.start:r.end]
			out = append(out, Entry{Name: s, Type: direntType(fd, s, r.typ)})
		}
	}
	sortEntries(out)
	return out, false, nil
}

func direntType(dirfd int, name string, typ byte) fs.FileMode {
	switch typ {
	case syscall.DT_REG:
		return 0
	case syscall.DT_DIR:
		return fs.ModeDir
	case syscall.DT_LNK:
		return fs.ModeSymlink
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe
	case syscall.DT_SOCK:
		return fs.ModeSocket
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.DT_BLK:
		return fs.ModeDevice
	}
	fd, err := openat2(dirfd, name, oPath|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, exact)
	if err != nil {
		return fs.ModeIrregular
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if fstat(fd, &st) != nil {
		return fs.ModeIrregular
	}
	return modeOf(st.Mode) & fs.ModeType
}

func fstat(fd int, st *syscall.Stat_t) error {
	for {
		err := syscall.Fstat(fd, st)
		if err != syscall.EINTR {
			return err
		}
	}
}

// readlinkat reads the link an O_PATH descriptor names (an empty path).
func readlinkat(fd int, buf []byte) (int, error) {
	empty := []byte{0}
	for {
		r, _, e := syscall.Syscall6(syscall.SYS_READLINKAT, uintptr(fd), uintptr(unsafe.Pointer(&empty[0])), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0, 0)
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return 0, e
		}
		return int(r), nil
	}
}

// fdReader reads a descriptor with plain read calls.
type fdReader int

func (f fdReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(int(f), p)
		if err == syscall.EINTR || err == syscall.EAGAIN {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

func infoOfStat(st *syscall.Stat_t) Info {
	return Info{
		Mode:       modeOf(st.Mode),
		Size:       st.Size,
		ModTime:    time.Unix(int64(st.Mtim.Sec), int64(st.Mtim.Nsec)).UnixNano(),
		ChangeTime: time.Unix(int64(st.Ctim.Sec), int64(st.Ctim.Nsec)).UnixNano(),
		Dev:        uint64(st.Dev),
		Ino:        uint64(st.Ino),
		Nlink:      uint64(st.Nlink),
		Uid:        st.Uid,
		Gid:        st.Gid,
		Owned:      true,
	}
}

// modeOf converts a stat mode as the os package does.
func modeOf(m uint32) fs.FileMode {
	mode := fs.FileMode(m & 0o777)
	switch m & syscall.S_IFMT {
	case syscall.S_IFBLK:
		mode |= fs.ModeDevice
	case syscall.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		mode |= fs.ModeDir
	case syscall.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		mode |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		mode |= fs.ModeSocket
	}
	if m&syscall.S_ISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if m&syscall.S_ISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if m&syscall.S_ISVTX != 0 {
		mode |= fs.ModeSticky
	}
	return mode
}
