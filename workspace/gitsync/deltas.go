package gitsync

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// maxDeltaDepth bounds a chain of deltas: git never writes one deeper
// (pack-objects' depth is 12 bits), and go-git's pack parser refuses the
// same.
const maxDeltaDepth = 4095

// maxPacks bounds the packs whose indexes are read.
const maxPacks = 1000

var (
	errDeltaLoop = errors.New("a pack's deltas name each other in a loop")
	// (no fmt at start-up: a clean check prints nothing and needs none of it)
	errDeltaDepth = errors.New("a pack's chain of deltas is deeper than git writes (" + strconv.Itoa(maxDeltaDepth) + ")")
)

// deltaGuard holds the repository's packs (their indexes, read once, the
// pack last read kept open) and walks, before an object is read from a
// pack, the chain of deltas that rebuilds it, refusing a chain that comes
// back to one of its own objects or runs deeper than git writes (a loop is
// named as one; the reader in packs.go cuts any chain at that depth too).
// The walk reads, per object read, a few bytes of each header of its chain.
type deltaGuard struct {
	fs      doorFS
	maxSize int64 // bound of the index files, all of them

	once  sync.Once
	err   error
	packs []*packIndex

	// the pack last walked, kept open for the next object's walk (a walk
	// of history reads one object after the other from the same pack)
	// until release, at the end of each answer of the Repo
	mu   sync.Mutex
	open string
	file *os.File
	seen []int64
	// windows of the open pack, read a few KiB at a time: a walk asks
	// for objects near each other (git writes commits together, then
	// trees), so most headers come without a system call
	win  [4]window
	tick int
	// the inflater of the open pack's objects, reused
	stream packStream
	zr     io.ReadCloser
}

type window struct {
	off  int64
	n    int
	used int
	buf  []byte
}

const windowSize = 16 << 10

// forget empties the windows (keeping their buffers).
func (g *deltaGuard) forget() {
	for i := range g.win {
		g.win[i].n, g.win[i].used = 0, 0
	}
}

// header returns up to 32 bytes of the open pack at off.
func (g *deltaGuard) header(off int64) ([]byte, error) {
	b, err := g.span(off, 32)
	return b[:min(len(b), 32)], err
}

type packIndex struct {
	pack string // the pack file's name, under the git directory
	idx  *packIdx
	// good holds the offsets whose chain was walked to its end, with its
	// depth: a later chain through one of them stops there (its depth
	// added), so that a walk of history reads each header once (trees
	// are chains of up to 50 deltas)
	good map[int64]int
	// bases are objects rebuilt from deltas, by offset, kept for the
	// next chain through them (baseBytes of them in all)
	bases     map[int64]cachedBase
	baseBytes int64
}

func (g *deltaGuard) load() error {
	g.once.Do(func() {
		infos, err := g.fs.ReadDir("objects/pack")
		if err != nil {
			return // no packs: nothing is a delta
		}
		names := make(map[string]bool, len(infos))
		for _, fi := range infos {
			names[fi.Name] = true
		}
		read := int64(0)
		for _, fi := range infos {
			name := fi.Name
			if !strings.HasPrefix(name, "pack-") || !strings.HasSuffix(name, ".idx") || fi.IsDir() {
				continue
			}
			pack := strings.TrimSuffix(name, ".idx") + ".pack"
			if !names[pack] {
				continue // an index without its pack, which git does not read either
			}
			if len(g.packs) == maxPacks {
				g.err = fmt.Errorf("%w: more than %d packs", errLimit, maxPacks)
				return
			}
			// the indexes are kept whole: all of them hold at most
			// maxSize bytes, not maxSize each
			data, err := g.fs.ReadFile(path.Join("objects/pack", name), g.maxSize-read)
			if err != nil {
				g.err = err
				return
			}
			read += int64(len(data))
			idx, err := parseIdx(data)
			if err != nil {
				g.err = err
				return
			}
			g.packs = append(g.packs, &packIndex{pack: path.Join("objects/pack", pack), idx: idx, good: map[int64]int{}})
		}
	})
	return g.err
}

// check refuses h when a pack holding it rebuilds it from a chain of
// deltas that loops or runs too deep.
func (g *deltaGuard) check(h plumbing.Hash) error {
	if g == nil {
		return nil
	}
	if err := g.load(); err != nil {
		return err
	}
	for _, p := range g.packs {
		off, err := p.idx.FindOffset(h)
		if err != nil {
			continue // not in this pack
		}
		if err := g.walk(p, off); err != nil {
			return err
		}
	}
	return nil
}

// release closes the pack kept open, if any.
func (g *deltaGuard) release() {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.file != nil {
		g.file.Close()
	}
	g.open, g.file = "", nil
	g.forget()
}

// Pack object types of a delta (gitformat-pack).
const (
	ofsDelta = 6
	refDelta = 7
)

// walk follows the chain from the object at off, as the reader does: an
// offset delta to the object that many bytes before it, a reference delta
// to the object of that hash in the same pack.
func (g *deltaGuard) walk(p *packIndex, off int64) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.openPack(p); err != nil {
		return nil // reading the object fails on the same pack, with its own error
	}
	// the offsets of the chain so far: a chain is short (git's default
	// depth is 50), and a hostile one is cut at maxDeltaDepth
	seen := g.seen[:0]
	defer func() { g.seen = seen[:0] }()
	// mark records the depth of each offset of the chain: seen[i] is
	// base-i+d deltas from its end
	mark := func(base, d int) {
		for i, o := range seen {
			p.good[o] = base - i + d
		}
	}
	// ends marks the chain good: its last offset is where the reader's
	// chain ends too (a whole object, or an error the reader reports)
	ends := func() error {
		mark(len(seen)-1, 0)
		return nil
	}
	for depth := 0; ; depth++ {
		if d, ok := p.good[off]; ok {
			if len(seen)+d > maxDeltaDepth {
				return errDeltaDepth
			}
			mark(len(seen), d)
			return nil
		}
		if slices.Contains(seen, off) {
			return errDeltaLoop
		}
		if depth > maxDeltaDepth {
			return errDeltaDepth
		}
		seen = append(seen, off)
		b, _ := g.header(off)
		if len(b) == 0 {
			return ends() // a truncated pack: the reader reports it
		}
		typ := b[0] >> 4 & 7
		i := 1
		for c := b[0]; c&0x80 != 0 && i < len(b); i++ { // the size
			c = b[i]
		}
		switch typ {
		case ofsDelta:
			if i >= len(b) {
				return ends()
			}
			c := b[i]
			dist := int64(c & 0x7f)
			for i++; c&0x80 != 0 && i < len(b); i++ {
				c = b[i]
				if dist > 1<<50 {
					return errCorrupt
				}
				dist = (dist+1)<<7 | int64(c&0x7f)
			}
			if dist <= 0 || dist > off {
				return ends() // no object there: the reader fails to read it
			}
			off -= dist
		case refDelta:
			if i+20 > len(b) {
				return ends()
			}
			var base plumbing.Hash
			copy(base[:], b[i:i+20])
			next, err := p.idx.FindOffset(base)
			if err != nil {
				return ends() // a base outside the pack: the reader reports it missing
			}
			off = next
		default:
			return ends() // a whole object ends the chain
		}
	}
}
