package workspace

// This reader stays beside go-git's index decoder (which gitsync uses for
// the rollout's status): go-git refuses a split index (the "link"
// extension, `git update-index --split-index`) and, built for SHA-1,
// cannot read a SHA-256 repository's index; and for the root's dotenv
// names it costs about 40 times the time and 30,000 times the allocations
// (BenchmarkIndexPaths). TestReadIndexVersions checks both differences.

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Index entry layout: ctime, mtime (8 bytes each), dev, ino, mode, uid,
// gid, size (4 bytes each), the object hash, then 2 bytes of flags.
const (
	indexStatBytes     = 40
	indexExtendedFlag  = 0x4000
	indexMaxEntryCount = 1 << 26
)

// readIndexPaths streams the git index at path (format versions 2, 3 and
// 4) and returns the entry paths for which keep reports true, in index
// order. With a split index (the "link" extension) the shared index's paths
// are read too; its deletion bitmap is not applied, so a path removed only
// in the split part still reads as tracked.
func readIndexPaths(path string, hashSize int, keep func([]byte) bool) ([]string, error) {
	out, shared, err := readIndexFile(path, hashSize, keep)
	if err != nil {
		return nil, err
	}
	if shared != "" {
		more, _, err := readIndexFile(filepath.Join(filepath.Dir(path), "sharedindex."+shared), hashSize, keep)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// readIndexFile reads one index file; shared is the hex name of the shared
// index a split index links to, "" otherwise.
func readIndexFile(path string, hashSize int, keep func([]byte) bool) (paths []string, shared string, err error) {
	f, fi, err := disk.OpenNamed(path)
	if err != nil {
		return nil, "", fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	paths, shared, err = parseIndex(f, fi.Size, hashSize, keep)
	if err != nil {
		return nil, "", fmt.Errorf("read %s: %w", path, err)
	}
	return paths, shared, nil
}

// parseIndex reads an index of size bytes from r.
func parseIndex(r io.Reader, size int64, hashSize int, keep func([]byte) bool) ([]string, string, error) {
	ir := &indexReader{r: bufio.NewReaderSize(r, 64<<10), size: size}
	return ir.read(hashSize, keep)
}

var errIndexCorrupt = errors.New("corrupt git index")

type indexReader struct {
	r    *bufio.Reader
	off  int64
	size int64
}

func (ir *indexReader) full(buf []byte) error {
	n, err := io.ReadFull(ir.r, buf)
	ir.off += int64(n)
	if err != nil {
		return fmt.Errorf("%w: truncated at byte %d", errIndexCorrupt, ir.off)
	}
	return nil
}

func (ir *indexReader) skip(n int64) error {
	if n < 0 || ir.off+n > ir.size {
		return fmt.Errorf("%w: truncated at byte %d", errIndexCorrupt, ir.off)
	}
	m, err := ir.r.Discard(int(n))
	ir.off += int64(m)
	if err != nil {
		return fmt.Errorf("%w: truncated at byte %d", errIndexCorrupt, ir.off)
	}
	return nil
}

// pathUntilNUL reads bytes up to and including a NUL and returns them
// without it.
func (ir *indexReader) pathUntilNUL() ([]byte, error) {
	b, err := ir.r.ReadSlice(0)
	ir.off += int64(len(b))
	if err != nil {
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, fmt.Errorf("%w: path longer than %d bytes", errIndexCorrupt, len(b))
		}
		return nil, fmt.Errorf("%w: truncated path at byte %d", errIndexCorrupt, ir.off)
	}
	return b[:len(b)-1], nil
}

func (ir *indexReader) read(hashSize int, keep func([]byte) bool) ([]string, string, error) {
	var header [12]byte
	if err := ir.full(header[:]); err != nil {
		return nil, "", err
	}
	if string(header[:4]) != "DIRC" {
		return nil, "", fmt.Errorf("%w: bad signature", errIndexCorrupt)
	}
	version := binary.BigEndian.Uint32(header[4:8])
	if version < 2 || version > 4 {
		return nil, "", fmt.Errorf("%w: unsupported version %d", errIndexCorrupt, version)
	}
	count := binary.BigEndian.Uint32(header[8:12])
	fixed := indexStatBytes + hashSize + 2
	if count > indexMaxEntryCount || int64(count)*int64(fixed) > ir.size {
		return nil, "", fmt.Errorf("%w: %d entries cannot fit", errIndexCorrupt, count)
	}
	var out []string
	entry := make([]byte, fixed+2)
	var prev []byte
	for i := uint32(0); i < count; i++ {
		if err := ir.full(entry[:fixed]); err != nil {
			return nil, "", err
		}
		flags := binary.BigEndian.Uint16(entry[fixed-2 : fixed])
		head := fixed
		if flags&indexExtendedFlag != 0 {
			if version < 3 {
				return nil, "", fmt.Errorf("%w: extended flags in version 2", errIndexCorrupt)
			}
			if err := ir.full(entry[fixed : fixed+2]); err != nil {
				return nil, "", err
			}
			head += 2
		}
		var name []byte
		if version == 4 {
			strip, err := ir.varint()
			if err != nil {
				return nil, "", err
			}
			suffix, err := ir.pathUntilNUL()
			if err != nil {
				return nil, "", err
			}
			if strip > uint64(len(prev)) {
				return nil, "", fmt.Errorf("%w: bad path compression", errIndexCorrupt)
			}
			name = append(prev[:len(prev)-int(strip):len(prev)-int(strip)], suffix...)
			prev = name
		} else {
			b, err := ir.pathUntilNUL()
			if err != nil {
				return nil, "", err
			}
			// The bytes live in the read buffer until the next read. A split
			// index leaves the name empty for entries that replace a shared one.
			if len(b) > 0 && keep(b) {
				out = append(out, string(b))
			}
			name = b
			// Entries are padded with 1 to 8 NULs to a multiple of 8 bytes;
			// one NUL is already read.
			total := (head + len(name) + 8) &^ 7
			if err := ir.skip(int64(total - head - len(name) - 1)); err != nil {
				return nil, "", err
			}
			continue
		}
		if len(name) > 0 && keep(name) {
			out = append(out, string(name))
		}
	}
	shared, err := ir.linkExtension(hashSize)
	if err != nil {
		return nil, "", err
	}
	return out, shared, nil
}

// varint decodes git's offset varint used by index version 4.
func (ir *indexReader) varint() (uint64, error) {
	c, err := ir.r.ReadByte()
	if err != nil {
		return 0, fmt.Errorf("%w: truncated", errIndexCorrupt)
	}
	ir.off++
	val := uint64(c & 127)
	for c&128 != 0 {
		val++
		if val >= 1<<57 {
			return 0, fmt.Errorf("%w: varint overflow", errIndexCorrupt)
		}
		c, err = ir.r.ReadByte()
		if err != nil {
			return 0, fmt.Errorf("%w: truncated", errIndexCorrupt)
		}
		ir.off++
		val = val<<7 | uint64(c&127)
	}
	return val, nil
}

// linkExtension walks the extensions after the entries and returns the
// shared index name from a "link" extension, if any.
func (ir *indexReader) linkExtension(hashSize int) (string, error) {
	end := ir.size - int64(hashSize)
	var head [8]byte
	for ir.off+8 <= end {
		if err := ir.full(head[:]); err != nil {
			return "", err
		}
		n := int64(binary.BigEndian.Uint32(head[4:8]))
		if ir.off+n > end {
			return "", fmt.Errorf("%w: extension %q overruns the file", errIndexCorrupt, head[:4])
		}
		if string(head[:4]) != "link" {
			if err := ir.skip(n); err != nil {
				return "", err
			}
			continue
		}
		if n < int64(hashSize) {
			return "", fmt.Errorf("%w: short link extension", errIndexCorrupt)
		}
		id := make([]byte, hashSize)
		if err := ir.full(id); err != nil {
			return "", err
		}
		zero := true
		for _, b := range id {
			if b != 0 {
				zero = false
				break
			}
		}
		if zero {
			return "", nil
		}
		return hex.EncodeToString(id), nil
	}
	return "", nil
}
