package datafile

import (
	"sync"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Count is what validating a data/ file found of its rows.
type Count struct {
	// Rows is the number of data rows as the upload counts them (Result.Rows).
	Rows int64
	// Valid reports whether the upload would take the file (Result.Valid).
	Valid bool
}

// Counts remembers the row counts of data/ files by file identity (device,
// inode, size, modification and change time), so an unchanged file is
// never read again: a count is made by validating the file (Validate), in
// the same single pass, never by a second read. Safe for concurrent use.
// The zero value is not usable; see NewCounts.
type Counts struct {
	mu      sync.Mutex
	m       map[countKey]countEntry
	pending map[countKey]bool
	// slot lets one background count run at a time: a workspace of large
	// files is counted one file after another, not all at once.
	slot chan struct{}
	wg   sync.WaitGroup
}

// maxCounts bounds the remembered counts; past it the oldest are not
// kept apart from the rest: the map is cleared (a recount reads once more).
const maxCounts = 4096

type countKey struct{ root, rel string }

type countEntry struct {
	info  disk.Info
	count Count
}

// NewCounts returns an empty cache.
func NewCounts() *Counts {
	return &Counts{m: map[countKey]countEntry{}, pending: map[countKey]bool{}, slot: make(chan struct{}, 1)}
}

// Cached returns the count of the data file rel (workspace-relative, the
// file itself, not a link to it) when the cache holds one for the file as
// it is now. It reads no content: one lstat.
func (c *Counts) Cached(ws *workspace.Snapshot, rel string) (Count, bool) {
	info, err := ws.Disk().Lstat(rel)
	if err != nil || !info.IsRegular() {
		return Count{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[countKey{ws.Root(), rel}]
	if !ok || !sameFile(e.info, info) {
		return Count{}, false
	}
	return e.count, true
}

// Count returns the count of the data file rel, validating it now when
// the cache holds none for the file as it is.
func (c *Counts) Count(ws *workspace.Snapshot, rel string) (Count, bool) {
	if n, ok := c.Cached(ws, rel); ok {
		return n, true
	}
	return c.count(ws, rel)
}

// Start counts the data file rel in the background when the cache holds
// no count for it and no count of it is under way, then calls done (when
// not nil) with whether it counted. It never waits for the file.
func (c *Counts) Start(ws *workspace.Snapshot, rel string, done func(bool)) {
	if _, ok := c.Cached(ws, rel); ok {
		return
	}
	k := countKey{ws.Root(), rel}
	c.mu.Lock()
	if c.pending[k] {
		c.mu.Unlock()
		return
	}
	c.pending[k] = true
	c.mu.Unlock()
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		ok := false
		defer func() {
			// a reader's panic is a file not counted, never a crash of
			// the process that asked in the background
			recover()
			c.mu.Lock()
			delete(c.pending, k)
			c.mu.Unlock()
			if done != nil {
				done(ok)
			}
		}()
		c.slot <- struct{}{}
		defer func() { <-c.slot }()
		_, ok = c.count(ws, rel)
	}()
}

// Wait waits for the background counts under way.
func (c *Counts) Wait() { c.wg.Wait() }

// count validates the file once and keeps its count under the identity
// of the file that was read.
func (c *Counts) count(ws *workspace.Snapshot, rel string) (Count, bool) {
	f, info, err := ws.OpenFile(rel)
	if err != nil {
		return Count{}, false
	}
	res := Validate(f, rel, info.Size, Options{})
	f.Close()
	if res.Rows < 0 {
		return Count{}, false
	}
	n := Count{Rows: res.Rows, Valid: res.Valid()}
	c.mu.Lock()
	if len(c.m) >= maxCounts {
		clear(c.m)
	}
	c.m[countKey{ws.Root(), rel}] = countEntry{info: info, count: n}
	c.mu.Unlock()
	return n, true
}

// sameFile reports whether two descriptions are of the same file with the
// same content as far as its metadata tells.
func sameFile(then, now disk.Info) bool {
	return then.Unchanged(now) && then.ChangeTime == now.ChangeTime
}
