package gitsync

import (
	"fmt"
	"io"

	"github.com/go-git/go-git/v5/plumbing"
)

// Pack object types of whole objects (gitformat-pack).
const (
	packedCommit = 1
	packedTree   = 2
	packedBlob   = 3
	packedTag    = 4
)

// maxChainWork bounds the bytes one object's chain of deltas may inflate
// and rebuild, in object size bounds.
const maxChainWork = 64

// maxBaseCache bounds the bytes of delta bases kept between reads: trees
// are chains of deltas, and the trees of neighbouring commits share most
// of their chain.
const maxBaseCache = 4 << 20

type cachedBase struct {
	typ  plumbing.ObjectType
	data []byte
}

// openPack makes p the open pack (its windows forgotten when it was not).
// The caller holds g.mu.
func (g *deltaGuard) openPack(p *packIndex) error {
	if g.open == p.pack {
		return nil
	}
	if g.file != nil {
		g.file.Close()
	}
	g.open, g.file = "", nil
	g.forget()
	f, _, err := g.fs.Open(p.pack)
	if err != nil {
		return err
	}
	g.open, g.file = p.pack, f
	return nil
}

// span returns the bytes of the open pack from off to the end of the
// window holding off, at least need of them unless the pack ends first
// (then what is left, empty at its end). The caller holds g.mu.
func (g *deltaGuard) span(off int64, need int) ([]byte, error) {
	g.tick++
	lru := 0
	for i := range g.win {
		w := &g.win[i]
		if w.n > 0 && off >= w.off && off+int64(need) <= w.off+int64(w.n) {
			w.used = g.tick
			return w.buf[off-w.off : w.n], nil
		}
		if w.used < g.win[lru].used {
			lru = i
		}
	}
	w := &g.win[lru]
	if w.buf == nil {
		w.buf = make([]byte, windowSize)
	}
	n, err := g.file.ReadAt(w.buf, off)
	w.off, w.n, w.used = off, n, g.tick
	if n == 0 {
		w.n = 0
		if err == nil || err == io.EOF {
			return nil, nil
		}
		return nil, err
	}
	return w.buf[:n], nil
}

// packStream reads the open pack from an offset through the windows, for
// the inflater (a ByteReader, so that it reads no further than its
// stream).
type packStream struct {
	g   *deltaGuard
	off int64
	err error
}

func (s *packStream) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	b, err := s.g.span(s.off, 1)
	if len(b) == 0 {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		s.err = err
		return 0, err
	}
	n := copy(p, b)
	s.off += int64(n)
	return n, nil
}

func (s *packStream) ReadByte() (byte, error) {
	var one [1]byte
	if _, err := s.Read(one[:]); err != nil {
		return 0, err
	}
	return one[0], nil
}

// inflate reads the zlib stream at off of the open pack: size bytes, and
// its end. The caller holds g.mu.
func (g *deltaGuard) inflate(off, size int64) ([]byte, error) {
	g.stream = packStream{g: g, off: off}
	if err := inflater(&g.zr, &g.stream); err != nil {
		return nil, fmt.Errorf("%w: %v", errCorrupt, err)
	}
	return readExactly(g.zr, size)
}

// entryHeader reads the header of the pack entry at off: its type, its
// size once inflated, and where its data (a delta's base reference
// included) begins.
func entryHeader(b []byte) (typ byte, size int64, n int, err error) {
	if len(b) == 0 {
		return 0, 0, 0, fmt.Errorf("%w: a pack ends inside an entry", errCorrupt)
	}
	c := b[0]
	typ = c >> 4 & 7
	size = int64(c & 0x0f)
	shift := 4
	n = 1
	for c&0x80 != 0 {
		if n == len(b) || shift > 56 {
			return 0, 0, 0, fmt.Errorf("%w: a pack entry's size is unreadable", errCorrupt)
		}
		c = b[n]
		n++
		size |= int64(c&0x7f) << shift
		shift += 7
	}
	if size < 0 {
		return 0, 0, 0, fmt.Errorf("%w: a pack entry's size is unreadable", errCorrupt)
	}
	return typ, size, n, nil
}

// object reads the object at off of pack p, its chain of deltas applied:
// of type want (another is plumbing.ErrObjectNotFound), at most max bytes,
// and each delta of the chain at most about twice that.
func (g *deltaGuard) object(p *packIndex, off int64, want plumbing.ObjectType, max int64) ([]byte, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.openPack(p); err != nil {
		return nil, err
	}
	type delta struct {
		off, data, size int64
	}
	var chain []delta
	var base cachedBase
	for depth := 0; ; depth++ {
		if depth > maxDeltaDepth {
			return nil, errDeltaDepth
		}
		if c, ok := p.bases[off]; ok {
			base = c
			break
		}
		hdr, err := g.span(off, 32)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errCorrupt, err)
		}
		hdr = hdr[:min(len(hdr), 32)]
		typ, size, n, err := entryHeader(hdr)
		if err != nil {
			return nil, err
		}
		switch typ {
		case packedCommit, packedTree, packedBlob, packedTag:
			base.typ = plumbing.ObjectType(typ)
			if size > max {
				if base.typ != want {
					return nil, plumbing.ErrObjectNotFound
				}
				return nil, errHuge
			}
			data, err := g.inflate(off+int64(n), size)
			if err != nil {
				return nil, err
			}
			base.data = data
			if len(chain) > 0 {
				p.keep(off, base)
			}
		case ofsDelta:
			c := byte(0x80)
			dist := int64(-1)
			for c&0x80 != 0 {
				if n == len(hdr) || dist > 1<<48 {
					return nil, fmt.Errorf("%w: a delta's base offset is unreadable", errCorrupt)
				}
				c = hdr[n]
				n++
				dist = (dist+1)<<7 | int64(c&0x7f)
			}
			if dist <= 0 || dist > off {
				return nil, fmt.Errorf("%w: a delta's base lies outside its pack", errCorrupt)
			}
			chain = append(chain, delta{off, off + int64(n), size})
			off -= dist
			continue
		case refDelta:
			if n+20 > len(hdr) {
				return nil, fmt.Errorf("%w: a pack ends inside an entry", errCorrupt)
			}
			var h plumbing.Hash
			copy(h[:], hdr[n:n+20])
			next, err := p.idx.FindOffset(h)
			if err != nil {
				return nil, plumbing.ErrObjectNotFound
			}
			chain = append(chain, delta{off, off + int64(n) + 20, size})
			off = next
			continue
		default:
			return nil, fmt.Errorf("%w: a pack entry's type is unknown", errCorrupt)
		}
		break
	}
	// the bytes inflated and rebuilt along the chain: a chain of
	// thousands of deltas each rebuilding an object near the bound would
	// run for minutes
	work := int64(len(base.data))
	for i := len(chain) - 1; i >= 0; i-- {
		d := chain[i]
		if d.size > 2*max+1024 {
			return nil, errHuge
		}
		if work += d.size; work > maxChainWork*max {
			return nil, errHuge
		}
		instr, err := g.inflate(d.data, d.size)
		if err != nil {
			return nil, err
		}
		out, err := patchDelta(base.data, instr, max)
		if err != nil {
			return nil, err
		}
		if work += int64(len(out)); work > maxChainWork*max {
			return nil, errHuge
		}
		base.data = out
		p.keep(d.off, base)
	}
	// as go-git answers: an object of another type is not found
	if base.typ != want {
		return nil, plumbing.ErrObjectNotFound
	}
	return base.data, nil
}

// keep remembers a base of deltas, within maxBaseCache (all are dropped
// when it is full: a walk moves on to other chains).
func (p *packIndex) keep(off int64, b cachedBase) {
	if int64(len(b.data)) > maxBaseCache/4 {
		return
	}
	if p.baseBytes+int64(len(b.data)) > maxBaseCache {
		clear(p.bases)
		p.baseBytes = 0
	}
	if p.bases == nil {
		p.bases = map[int64]cachedBase{}
	}
	p.bases[off] = b
	p.baseBytes += int64(len(b.data))
}

var errBadDelta error = wrapped{errCorrupt, errCorrupt.Error() + ": a delta does not apply to its base"}

// wrapped is an error made at start-up without fmt: its text, and its
// base for errors.Is.
type wrapped struct {
	base error
	text string
}

func (e wrapped) Error() string { return e.text }
func (e wrapped) Unwrap() error { return e.base }

// deltaSize reads a size of a delta's header (little-endian base 128).
func deltaSize(b []byte) (uint64, []byte, error) {
	var v uint64
	for shift := 0; ; shift += 7 {
		if len(b) == 0 || shift > 63 {
			return 0, nil, errBadDelta
		}
		c := b[0]
		b = b[1:]
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, b, nil
		}
	}
}

// patchDelta rebuilds an object from its base and a delta (gitformat-pack:
// the base's size, the result's size, then copy and insert instructions),
// refusing a result over max bytes (errHuge) and any instruction that
// reaches outside the base or past the result's size.
func patchDelta(base, delta []byte, max int64) ([]byte, error) {
	srcSize, delta, err := deltaSize(delta)
	if err != nil {
		return nil, err
	}
	if srcSize != uint64(len(base)) {
		return nil, errBadDelta
	}
	size, delta, err := deltaSize(delta)
	if err != nil {
		return nil, err
	}
	if size > uint64(max) {
		return nil, errHuge
	}
	out := make([]byte, 0, size)
	for len(delta) > 0 {
		cmd := delta[0]
		delta = delta[1:]
		switch {
		case cmd&0x80 != 0:
			var off, n uint64
			for i := uint(0); i < 7; i++ {
				if cmd&(1<<i) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, errBadDelta
				}
				if i < 4 {
					off |= uint64(delta[0]) << (8 * i)
				} else {
					n |= uint64(delta[0]) << (8 * (i - 4))
				}
				delta = delta[1:]
			}
			if n == 0 {
				n = 0x10000
			}
			if off+n > uint64(len(base)) || uint64(len(out))+n > size {
				return nil, errBadDelta
			}
			out = append(out, base[off:off+n]...)
		case cmd != 0:
			n := uint64(cmd)
			if n > uint64(len(delta)) || uint64(len(out))+n > size {
				return nil, errBadDelta
			}
			out = append(out, delta[:n]...)
			delta = delta[n:]
		default:
			return nil, errBadDelta
		}
	}
	if uint64(len(out)) != size {
		return nil, errBadDelta
	}
	return out, nil
}
