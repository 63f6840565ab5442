package gitsync

import (
	"bufio"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"
)

// The walks read commits and trees from the object store, loose (a zlib
// stream of `TYPE SIZE\0CONTENT` in objects/xx/yyyy...) or packed (found
// by the packs' version 2 indexes, deltas applied), as go-git's filesystem
// storage does, but bounded: no object over Limits.MaxObjectSize is
// inflated, a header is held to the content it announces, and every byte
// comes through the door. objstore_test.go holds the reader equal to
// go-git's storage on the repositories the tests build.

// objectStore reads objects of one git directory. It is used under the
// Repo's lock.
type objectStore struct {
	git   doorFS
	max   int64
	packs *deltaGuard

	// buffers reused from one loose object to the next
	br *bufio.Reader
	zr io.ReadCloser
}

// inflater sets *zr to an inflater reading from src, reusing the one there.
func inflater(zr *io.ReadCloser, src io.Reader) error {
	if *zr == nil {
		r, err := zlib.NewReader(src)
		if err != nil {
			return err
		}
		*zr = r
		return nil
	}
	return (*zr).(zlib.Resetter).Reset(src, nil)
}

// object reads the content of the object h, which must be of type want
// (another type is plumbing.ErrObjectNotFound, as go-git answers).
func (s *objectStore) object(h plumbing.Hash, want plumbing.ObjectType) ([]byte, error) {
	if s.packs != nil {
		if err := s.packs.load(); err != nil {
			return nil, err
		}
		for _, p := range s.packs.packs {
			off, err := p.idx.FindOffset(h)
			if err != nil {
				continue
			}
			// a pack that has the object but not its base: go-git looks
			// for a loose copy then, and so does this
			b, err := s.packs.object(p, off, want, s.max)
			if !errors.Is(err, plumbing.ErrObjectNotFound) {
				return b, err
			}
			break
		}
	}
	return s.loose(h, want)
}

// loose reads a loose object.
func (s *objectStore) loose(h plumbing.Hash, want plumbing.ObjectType) ([]byte, error) {
	hex := h.String()
	f, _, err := s.git.Open("objects/" + hex[:2] + "/" + hex[2:])
	if errors.Is(err, fs.ErrNotExist) {
		return nil, plumbing.ErrObjectNotFound
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if s.br == nil {
		s.br = bufio.NewReaderSize(f, 4<<10)
	} else {
		s.br.Reset(f)
	}
	defer s.br.Reset(nil)
	if err := inflater(&s.zr, s.br); err != nil {
		return nil, fmt.Errorf("%w: %v", errCorrupt, err)
	}
	return looseContent(s.zr, want, s.max)
}

// looseContent reads a loose object's inflated stream: its header, then
// exactly the content the header announces.
func looseContent(zr io.Reader, want plumbing.ObjectType, max int64) ([]byte, error) {
	typ, size, err := looseHeader(zr)
	if err != nil {
		return nil, err
	}
	// in go-git's order: an object over the bound is not read, and one of
	// another type is not found once read
	if size > max {
		if typ != want {
			return nil, plumbing.ErrObjectNotFound
		}
		return nil, errHuge
	}
	b, err := readExactly(zr, size)
	if err != nil {
		return nil, err
	}
	if typ != want {
		return nil, plumbing.ErrObjectNotFound
	}
	return b, nil
}

// readExactly reads size bytes of an inflated stream that must end there.
func readExactly(zr io.Reader, size int64) ([]byte, error) {
	b := make([]byte, size)
	if _, err := io.ReadFull(zr, b); err != nil {
		return nil, fmt.Errorf("%w: shorter than its header says: %v", errCorrupt, err)
	}
	var one [1]byte
	if n, err := zr.Read(one[:]); n > 0 || err != io.EOF {
		if n > 0 {
			err = errors.New("longer than its header says")
		}
		return nil, fmt.Errorf("%w: %v", errCorrupt, err)
	}
	return b, nil
}

// looseHeader reads `TYPE SP SIZE NUL`: a type git writes loose
// (commit, tree, blob, tag) and a decimal size.
func looseHeader(r io.Reader) (plumbing.ObjectType, int64, error) {
	var buf [32]byte
	n := 0
	sp := -1
	for {
		if n == len(buf) {
			return 0, 0, fmt.Errorf("%w: a loose object's header is too long", errCorrupt)
		}
		if _, err := io.ReadFull(r, buf[n:n+1]); err != nil {
			return 0, 0, fmt.Errorf("%w: a loose object's header: %v", errCorrupt, err)
		}
		c := buf[n]
		n++
		if c == ' ' && sp < 0 {
			sp = n - 1
		}
		if c == 0 {
			break
		}
	}
	if sp < 0 {
		return 0, 0, fmt.Errorf("%w: a loose object's header has no size", errCorrupt)
	}
	var typ plumbing.ObjectType
	switch string(buf[:sp]) {
	case "commit":
		typ = plumbing.CommitObject
	case "tree":
		typ = plumbing.TreeObject
	case "blob":
		typ = plumbing.BlobObject
	case "tag":
		typ = plumbing.TagObject
	default:
		return 0, 0, fmt.Errorf("%w: a loose object's type is unknown", errCorrupt)
	}
	size, err := strconv.ParseInt(string(buf[sp+1:n-1]), 10, 64)
	if err != nil || size < 0 {
		return 0, 0, fmt.Errorf("%w: a loose object's size is unreadable", errCorrupt)
	}
	return typ, size, nil
}
