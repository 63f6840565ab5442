package gitsync

import (
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
)

// maxDeltaDepth bounds a chain of deltas: git never writes one deeper
// (pack-objects' depth is 12 bits), and go-git's pack parser refuses the
// same.
const maxDeltaDepth = 4095

// maxPacks bounds the packs whose indexes are read.
const maxPacks = 1000

var (
	errDeltaLoop  = errors.New("a pack's deltas name each other in a loop")
	errDeltaDepth = fmt.Errorf("a pack's chain of deltas is deeper than git writes (%d)", maxDeltaDepth)
)

// deltaGuard walks, before go-git reads an object from a pack, the chain
// of deltas go-git would follow to rebuild it, and refuses a chain that
// comes back to one of its own objects or runs deeper than git writes.
// go-git follows a chain by recursion, once a level: a pack whose deltas
// name each other would recurse until the stack overflows, which stops the
// whole process (no recover catches it). The walk reads the pack indexes
// once and, per object read, a few bytes of each header of its chain.
type deltaGuard struct {
	fs      doorFS
	maxSize int64 // bound of an index file

	once  sync.Once
	err   error
	packs []packIndex
}

type packIndex struct {
	pack string // the pack file's name, under the git directory
	idx  *idxfile.MemoryIndex
}

func (g *deltaGuard) load() error {
	g.once.Do(func() {
		infos, err := g.fs.ReadDir("objects/pack")
		if err != nil {
			return // no packs: nothing is a delta
		}
		for _, fi := range infos {
			name := fi.Name()
			if !strings.HasPrefix(name, "pack-") || !strings.HasSuffix(name, ".idx") || fi.IsDir() {
				continue
			}
			if len(g.packs) == maxPacks {
				g.err = fmt.Errorf("%w: more than %d packs", errLimit, maxPacks)
				return
			}
			if fi.Size() > g.maxSize {
				g.err = errHuge
				return
			}
			f, err := g.fs.Open(path.Join("objects/pack", name))
			if err != nil {
				g.err = err
				return
			}
			idx := idxfile.NewMemoryIndex()
			err = idxfile.NewDecoder(io.LimitReader(f, g.maxSize)).Decode(idx)
			f.Close()
			if err != nil {
				g.err = fmt.Errorf("%w: %v", errCorrupt, err)
				return
			}
			g.packs = append(g.packs, packIndex{pack: path.Join("objects/pack", strings.TrimSuffix(name, ".idx")+".pack"), idx: idx})
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

// Pack object types of a delta (gitformat-pack).
const (
	ofsDelta = 6
	refDelta = 7
)

// walk follows the chain from the object at off, as go-git would: an
// offset delta to the object that many bytes before it, a reference delta
// to the object of that hash in the same pack.
func (g *deltaGuard) walk(p packIndex, off int64) error {
	f, err := g.fs.Open(p.pack)
	if err != nil {
		return nil // go-git fails on the same pack, with its own error
	}
	defer f.Close()
	seen := map[int64]bool{}
	var buf [32]byte
	for depth := 0; ; depth++ {
		if seen[off] {
			return errDeltaLoop
		}
		if depth > maxDeltaDepth {
			return errDeltaDepth
		}
		seen[off] = true
		n, err := f.ReadAt(buf[:], off)
		if n == 0 && err != nil {
			return nil // a truncated pack: go-git reports it
		}
		b := buf[:n]
		typ := b[0] >> 4 & 7
		i := 1
		for c := b[0]; c&0x80 != 0 && i < len(b); i++ { // the size
			c = b[i]
		}
		switch typ {
		case ofsDelta:
			if i >= len(b) {
				return nil
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
				return nil // no object there: go-git fails to read it
			}
			off -= dist
		case refDelta:
			if i+20 > len(b) {
				return nil
			}
			var base plumbing.Hash
			copy(base[:], b[i:i+20])
			next, err := p.idx.FindOffset(base)
			if err != nil {
				return nil // a base outside the pack: go-git reports it missing
			}
			off = next
		default:
			return nil // a whole object ends the chain
		}
	}
}
