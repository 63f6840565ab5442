package lsp

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// The workspace scan: the findings of every config of a workspace that is
// not open, published one config after the other in the order of the
// workspace's listing. It shares what a run of `check` shares: the
// workspace's one listing (each config read at the place the listing
// resolved, its kind and place not looked for again), one open of the
// root for the whole scan, the rollout and entrypoint paths resolved once
// for all configs, and a parse that reads the bytes read and hands its
// memory to the next. A config whose path is anything but plain (a
// symlink on its way, a directory another workspace claims, outside the
// workspace folders) is checked as any closed file is (lintClosed): the
// findings are those of the file alone either way.
//
// The scan gives way to the documents the user has open: it goes in
// chunks, checked on as many goroutines as there are processors and then
// published in order, and before each chunk it waits while an open
// document is being checked; each config checked yields the processor, so
// a request that arrives meanwhile is read and answered at once. A config
// without findings is published for only when diagnostics are shown for
// it (publishClosed): a clean workspace sends the client nothing but the
// scan's work-done progress, which says how many configs are checked and
// when the scan is done.

// scanGate counts the workspace scans asked for or under way (lintQueue
// holds it from the request of a scan to its end). The index of a
// workspace, built beside them, waits while one is (both read every
// config, and the diagnostics go first) unless something waits for the
// index: a completion's names, references, the check of a rollout's
// Python file (which the scan itself may be waiting for).
type scanGate struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n falls to zero
	// floor releases the heap floor the scans hold (heapfloor.go)
	floor func()
}

func (g *scanGate) begin() {
	g.mu.Lock()
	if g.n == 0 {
		g.idle = make(chan struct{})
		g.floor = holdHeapFloor()
	}
	g.n++
	g.mu.Unlock()
}

func (g *scanGate) end() {
	g.mu.Lock()
	g.n--
	if g.n == 0 {
		close(g.idle)
		g.floor()
	}
	g.mu.Unlock()
}

// running reports whether a scan runs.
func (g *scanGate) running() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n > 0
}

// wait returns when no scan runs or want is closed.
func (g *scanGate) wait(want <-chan struct{}) {
	g.mu.Lock()
	if g.n == 0 {
		g.mu.Unlock()
		return
	}
	idle := g.idle
	g.mu.Unlock()
	select {
	case <-idle:
	case <-want:
	}
}

// scanChunk is the number of configs checked between two looks for open
// documents to check first: a few milliseconds of work.
const scanChunk = 32

// scanItem is one config of a chunk: what to check, then its findings.
type scanItem struct {
	c     *workspace.ConfigFile
	path  string
	u     uri.URI
	plain bool

	done bool // checked (a panic leaves it undone, and unpublished)
	fs   []lint.Finding
	d    *document
	err  error
}

// scanSpace publishes the findings of the configs of one workspace that
// are not open, and marks every config of it in seen; false when ctx is
// done first (nothing more is published).
func (s *Server) scanSpace(ctx context.Context, snap *snapshot, sp *space, seen map[uri.URI]bool, pr *progress) bool {
	s.reportProblem(sp)
	ws := sp.ws.Shared()
	defer ws.Snapshot.Hold()()
	plainDirs := map[string]bool{}
	configs := ws.Snapshot.Configs()
	chunk := make([]scanItem, 0, scanChunk)
	for i := 0; i < len(configs); {
		chunk = chunk[:0]
		steps := 0
		for ; i < len(configs) && len(chunk) < scanChunk; i++ {
			c := &configs[i]
			if !scanned(c) {
				continue
			}
			steps++
			path := filepath.Join(sp.root, filepath.FromSlash(c.Path))
			u := uri.File(path)
			seen[u] = true
			if s.current(u) != nil {
				continue
			}
			chunk = append(chunk, scanItem{c: c, path: path, u: u, plain: s.plainConfig(c, path, sp.root, plainDirs)})
		}
		s.checks.waitIdle(ctx)
		if ctx.Err() != nil {
			return false
		}
		s.scanChunk(ctx, snap, sp, ws, chunk)
		for k := range chunk {
			it := &chunk[k]
			if it.err != nil {
				return false // superseded: nothing of it is published
			}
			if it.done {
				s.pub.publishClosed(it.u, it.d, it.fs, false)
			}
			*it = scanItem{} // the chunk's memory is the next chunk's
		}
		pr.add(steps)
	}
	return true
}

// scanChunk checks the configs of a chunk on as many goroutines as there
// are processors, the caller's one of them.
func (s *Server) scanChunk(ctx context.Context, snap *snapshot, sp *space, ws *lint.Workspace, chunk []scanItem) {
	var next atomic.Int64
	work := func() {
		defer func() {
			if r := recover(); r != nil {
				s.internalError("the workspace diagnostics", r)
			}
		}()
		for {
			k := int(next.Add(1) - 1)
			if k >= len(chunk) {
				return
			}
			it := &chunk[k]
			if it.plain {
				it.fs, it.d, it.err = s.lintListed(ctx, snap, sp, ws, it.c, it.path)
			} else {
				it.fs, it.d, _, it.err = s.lintClosed(ctx, snap, it.path)
			}
			it.done = true
			runtime.Gosched() // a request waiting for a processor goes first
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < min(runtime.GOMAXPROCS(0), len(chunk)); w++ {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// plainConfig reports whether a config of the listing of the workspace at
// root is where it is spelled, no link on its way, in a directory whose
// workspace is root and which the workspace folders hold: what lookupFile
// finds for it is then what the listing says. The look is made once a
// directory.
func (s *Server) plainConfig(c *workspace.ConfigFile, path, root string, dirs map[string]bool) bool {
	if c.Symlink || !c.Resolved.Inside || c.Resolved.Loop || c.Resolved.Path != c.Path || !strings.HasSuffix(path, ".toml") {
		return false
	}
	if _, ok := lint.KindFromPath(c.Path); !ok || !strings.HasPrefix(c.Path, "configs/") {
		return false
	}
	dir := filepath.Dir(path)
	plain, ok := dirs[dir]
	if !ok {
		r, found := rootOf(dir)
		plain = found && r == root && s.sess.placeOf(path) == place{inside: true}
		dirs[dir] = plain
	}
	return plain
}

// lintListed checks a plain config of the listing as it is on disk, as
// lintClosed does, with what the scan shares.
func (s *Server) lintListed(ctx context.Context, snap *snapshot, sp *space, ws *lint.Workspace, c *workspace.ConfigFile, path string) ([]lint.Finding, *document, error) {
	content, err := ws.Snapshot.ReadConfig(*c, maxFileSize)
	if err != nil {
		return nil, nil, nil // as a closed file that cannot be read: nothing
	}
	in, _ := lint.InputAt(*c, path, ws, "")
	fi := &fileInfo{gen: snap.gen, space: sp, in: in, config: true, excluded: ws.Snapshot.ExcludedFile(c.Path)}
	d := &document{uri: uri.File(path), path: path, text: content.Data}
	fs, err := s.lintAs(ctx, d, fi, true, true)
	return fs, d, err
}

// largeConfig is the size from which a config's parse holds the session's
// parsing lock: one large tree in the making at a time.
const largeConfig = 1 << 20

// parseOwned parses text that nothing writes to again, holding the parsing
// lock for a large one.
func (ss *session) parseOwned(text []byte) *toml.Document {
	if len(text) >= largeConfig {
		ss.parsing.Lock()
		defer ss.parsing.Unlock()
	}
	return toml.ParseOwned(text)
}
