// Package gitindex reads git's index file (format versions 2, 3 and 4):
// the workspace's dotenv check asks which root files it tracks, and
// gitsync the entries of a rollout, to compare them with HEAD's commit and
// the worktree. It stays instead of go-git's index decoder, which refuses
// a split index (the "link" extension, `git update-index --split-index`)
// and, built for SHA-1, cannot read a SHA-256 repository's index; and for
// the root's dotenv names it costs about 40 times the time and 30,000
// times the allocations (BenchmarkIndexPaths in workspace).
package gitindex

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sort"
)

// Index entry layout: ctime, mtime (8 bytes each), dev, ino, mode, uid,
// gid, size (4 bytes each), the object hash, then 2 bytes of flags.
const (
	indexStatBytes     = 40
	indexExtendedFlag  = 0x4000
	indexMaxEntryCount = 1 << 26
)

// Entry is one entry of the index: a path at one stage, as `git add` (or
// a merge) left it.
type Entry struct {
	// Name is the slash path, relative to the worktree.
	Name string
	// Mode is the file mode as git records it (0100644, 0100755,
	// 0120000, 0160000).
	Mode uint32
	// Hash is the object id; its first hashSize bytes count.
	Hash [32]byte
	// Size is the file's size when added, truncated to 32 bits.
	Size uint32
	// ModTime is the file's modification time when added, in Unix
	// nanoseconds (0 when the index records none).
	ModTime int64
	// ChangeSec is the seconds of the file's change time (ctime) when
	// added, as the index keeps them (32 bits).
	ChangeSec uint32
	// Stage is 0 for a merged entry, 1 to 3 for the sides of a conflict.
	Stage uint8
	// IntentToAdd and SkipWorktree are the extended flags of
	// `git add -N` and of a sparse checkout.
	IntentToAdd, SkipWorktree bool
}

// Index is what Parse read.
type Index struct {
	Version uint32
	// Entries are the kept entries, in index order.
	Entries []Entry
	// Shared is the hex name of the shared index a split index links to
	// ("" for a whole index): its entries are in that file.
	Shared string
	// Sparse is set for a sparse index (the "sdir" extension): some
	// entries stand for whole directories.
	Sparse bool
	// deleted are the runs of the shared index's entries a split index
	// deletes (the link extension's delete bitmap), ascending
	deleted []span
	// Required lists the extensions other than "link" that a reader must
	// understand to read the entries right (their signature starts with a
	// byte outside A to Z: "sdir", and any git adds later).
	Required []string
}

// Parse reads an index of size bytes from r, keeping the entries whose
// name keep accepts (nil: every entry), in index order. Names of entries
// not kept are not copied: the bytes keep is given are reused for the next
// entry, so keep must not hold on to them.
func Parse(r io.Reader, size int64, hashSize int, keep func(name []byte) bool) (*Index, error) {
	if hashSize != 20 && hashSize != 32 {
		return nil, fmt.Errorf("%w: a hash of %d bytes", ErrCorrupt, hashSize)
	}
	if keep == nil {
		keep = func([]byte) bool { return true }
	}
	// a path must fit in the buffer; none is longer than the file
	buf := int(min(64<<10, max(size, 0)+16))
	ir := &indexReader{r: bufio.NewReaderSize(r, buf), size: size}
	return ir.read(hashSize, keep)
}

// ErrCorrupt is the error of an index that cannot be read.
var ErrCorrupt = errors.New("corrupt git index")

var errIndexCorrupt = ErrCorrupt

// Entry flags (gitformat-index).
const (
	stageShift       = 12
	intentToAddFlag  = 1 << 13
	skipWorktreeFlag = 1 << 14
)

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

func (ir *indexReader) read(hashSize int, keep func([]byte) bool) (*Index, error) {
	var header [12]byte
	if err := ir.full(header[:]); err != nil {
		return nil, err
	}
	if string(header[:4]) != "DIRC" {
		return nil, fmt.Errorf("%w: bad signature", errIndexCorrupt)
	}
	version := binary.BigEndian.Uint32(header[4:8])
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("%w: unsupported version %d", errIndexCorrupt, version)
	}
	count := binary.BigEndian.Uint32(header[8:12])
	fixed := indexStatBytes + hashSize + 2
	if count > indexMaxEntryCount || int64(count)*int64(fixed) > ir.size {
		return nil, fmt.Errorf("%w: %d entries cannot fit", errIndexCorrupt, count)
	}
	idx := &Index{Version: version}
	entry := make([]byte, fixed+2)
	add := func(name []byte, extended uint16) {
		flags := binary.BigEndian.Uint16(entry[fixed-2 : fixed])
		e := Entry{
			Name:         string(name),
			Mode:         binary.BigEndian.Uint32(entry[24:28]),
			Size:         binary.BigEndian.Uint32(entry[36:40]),
			ChangeSec:    binary.BigEndian.Uint32(entry[0:4]),
			Stage:        uint8(flags>>stageShift) & 3,
			IntentToAdd:  extended&intentToAddFlag != 0,
			SkipWorktree: extended&skipWorktreeFlag != 0,
		}
		if sec, nsec := binary.BigEndian.Uint32(entry[8:12]), binary.BigEndian.Uint32(entry[12:16]); sec != 0 || nsec != 0 {
			e.ModTime = int64(sec)*1e9 + int64(nsec)
		}
		copy(e.Hash[:hashSize], entry[indexStatBytes:indexStatBytes+hashSize])
		idx.Entries = append(idx.Entries, e)
	}
	// a version 4 name is its predecessor's, cut and extended: built in
	// one buffer (a name is copied only when kept), and the names kept
	// hold at most maxKeptNames(size) bytes, since a file of names that
	// each extend the last would otherwise hold the square of its size
	var prev []byte
	kept, keptMax := int64(0), maxKeptNames(ir.size)
	for i := uint32(0); i < count; i++ {
		if err := ir.full(entry[:fixed]); err != nil {
			return nil, err
		}
		flags := binary.BigEndian.Uint16(entry[fixed-2 : fixed])
		head := fixed
		extended := uint16(0)
		if flags&indexExtendedFlag != 0 {
			if version < 3 {
				return nil, fmt.Errorf("%w: extended flags in version 2", errIndexCorrupt)
			}
			if err := ir.full(entry[fixed : fixed+2]); err != nil {
				return nil, err
			}
			extended = binary.BigEndian.Uint16(entry[fixed : fixed+2])
			head += 2
		}
		var name []byte
		if version == 4 {
			strip, err := ir.varint()
			if err != nil {
				return nil, err
			}
			suffix, err := ir.pathUntilNUL()
			if err != nil {
				return nil, err
			}
			if strip > uint64(len(prev)) {
				return nil, fmt.Errorf("%w: bad path compression", errIndexCorrupt)
			}
			prev = append(prev[:len(prev)-int(strip)], suffix...)
			name = prev
		} else {
			b, err := ir.pathUntilNUL()
			if err != nil {
				return nil, err
			}
			// The bytes live in the read buffer until the next read. A split
			// index leaves the name empty for entries that replace a shared one.
			if len(b) > 0 && keep(b) {
				add(b, extended)
			}
			name = b
			// Entries are padded with 1 to 8 NULs to a multiple of 8 bytes;
			// one NUL is already read.
			total := (head + len(name) + 8) &^ 7
			if err := ir.skip(int64(total - head - len(name) - 1)); err != nil {
				return nil, err
			}
			continue
		}
		if len(name) > 0 && keep(name) {
			if kept += int64(len(name)); kept > keptMax {
				return nil, fmt.Errorf("%w: the names of the entries hold more than %d bytes", errIndexCorrupt, keptMax)
			}
			add(name, extended)
		}
	}
	if err := ir.extensions(hashSize, idx); err != nil {
		return nil, err
	}
	return idx, nil
}

// maxKeptNames bounds the bytes of the names a version 4 index of size
// bytes gives its kept entries: a path prefix compressed away is at most
// a few times the bytes of an entry in any index git writes, and a
// version 2 or 3 index holds its names whole.
func maxKeptNames(size int64) int64 { return 1<<20 + 8*max(size, 0) }

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

// extensions walks the extensions after the entries: the shared index's
// name from a "link" extension, if any, and whether an "sdir" one makes
// the index sparse.
func (ir *indexReader) extensions(hashSize int, idx *Index) error {
	end := ir.size - int64(hashSize)
	var head [8]byte
	for ir.off+8 <= end {
		if err := ir.full(head[:]); err != nil {
			return err
		}
		n := int64(binary.BigEndian.Uint32(head[4:8]))
		if ir.off+n > end {
			return fmt.Errorf("%w: extension %q overruns the file", errIndexCorrupt, head[:4])
		}
		if string(head[:4]) == "sdir" {
			idx.Sparse = true
		}
		if (head[0] < 'A' || head[0] > 'Z') && string(head[:4]) != "link" {
			idx.Required = append(idx.Required, string(head[:4]))
		}
		if string(head[:4]) != "link" {
			if err := ir.skip(n); err != nil {
				return err
			}
			continue
		}
		if n < int64(hashSize) {
			return fmt.Errorf("%w: short link extension", errIndexCorrupt)
		}
		id := make([]byte, hashSize)
		if err := ir.full(id); err != nil {
			return err
		}
		zero := true
		for _, b := range id {
			if b != 0 {
				zero = false
				break
			}
		}
		if !zero {
			idx.Shared = hex.EncodeToString(id)
		}
		if n == int64(hashSize) {
			return nil // no bitmaps: nothing deleted
		}
		rest := make([]byte, n-int64(hashSize))
		if err := ir.full(rest); err != nil {
			return err
		}
		deleted, err := readEWAH(rest)
		if err != nil {
			return err
		}
		idx.deleted = deleted
		return nil
	}
	return nil
}

// span is the entries lo to hi-1.
type span struct{ lo, hi uint64 }

// Deleted reports whether a split index deletes the entry at position pos
// (from 0, in index order) of its shared index.
func (idx *Index) Deleted(pos int) bool {
	d := idx.deleted
	i := sort.Search(len(d), func(i int) bool { return d[i].hi > uint64(pos) })
	return i < len(d) && d[i].lo <= uint64(pos)
}

// readEWAH reads the first bitmap of b, git's EWAH encoding (ewah/ewah_io.c:
// the bits' count, the 64-bit words' count, the words, the last marker's
// position), as the runs of its set bits. A word of markers holds a
// running bit (bit 0), how many words of it follow (bits 1 to 32) and
// then how many literal words (bits 33 to 63). The runs kept are no more
// than the words read, each bounded by the bits' count.
func readEWAH(b []byte) ([]span, error) {
	bad := fmt.Errorf("%w: a split index's delete bitmap is malformed", errIndexCorrupt)
	if len(b) < 8 {
		return nil, bad
	}
	bits := uint64(binary.BigEndian.Uint32(b))
	count := uint64(binary.BigEndian.Uint32(b[4:]))
	if count > uint64(len(b)-8)/8 {
		return nil, bad
	}
	words := b[8 : 8+8*count]
	var out []span
	add := func(lo, hi uint64) {
		hi = min(hi, bits)
		if lo >= hi {
			return
		}
		if n := len(out); n > 0 && out[n-1].hi == lo {
			out[n-1].hi = hi
			return
		}
		out = append(out, span{lo, hi})
	}
	pos := uint64(0)
	for i := uint64(0); i < count && pos < bits; {
		rlw := binary.BigEndian.Uint64(words[8*i:])
		i++
		run := (rlw >> 1) & (1<<32 - 1)
		literals := rlw >> 33
		if rlw&1 != 0 {
			add(pos, pos+64*run)
		}
		pos += 64 * run
		if literals > count-i {
			return nil, bad
		}
		for ; literals > 0; literals-- {
			w := binary.BigEndian.Uint64(words[8*i:])
			i++
			for bit := uint64(0); bit < 64; bit++ {
				if w>>bit&1 != 0 {
					add(pos+bit, pos+bit+1)
				}
			}
			pos += 64
		}
	}
	return out, nil
}
