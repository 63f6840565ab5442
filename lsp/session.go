package lsp

import (
	"context"
	"log"
	"maps"
	"path/filepath"
	"sync"

	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// session owns the state of a connection that requests read: the open
// documents, the workspaces the server has loaded and their generation.
// Each change makes a new snapshot; a request or a background check takes
// the snapshot of its moment and reads it without locks, and never sees
// half of a change.
type session struct {
	opts Options
	log  *log.Logger
	// caps are the client's capabilities (the index keeps protocol
	// positions, in the agreed encoding)
	caps func() *clientCaps
	// loaded is told of each workspace loaded for the first time.
	loaded func(*space)
	// indexing runs before the index of a workspace is built (a test
	// hook, nil in production)
	indexing func(root string)

	mu        sync.Mutex
	snap      *snapshot
	cancelGen context.CancelFunc
	loading   map[string]chan struct{} // roots being loaded

	// applying orders the changes of workspace files
	applying sync.Mutex
	// scans counts the workspace scans under way, which the index of a
	// workspace waits for (scan.go)
	scans scanGate

	// parsing is held by the index while it parses a config and by a check
	// while it parses its document: one tree in the making at a time, so a
	// large config is not held twice at once (the index of its file on
	// disk and the check of its open document), and the check waits for
	// one config of the index at most, never for all of them
	parsing sync.Mutex
}

// snapshot is the session at one moment. It is never changed: a change
// makes a new one.
type snapshot struct {
	// gen counts the changes of the workspaces (files on disk); document
	// edits do not move it. Results computed against the workspaces carry
	// it.
	gen uint64
	// ctx is cancelled when gen moves on: work for this generation is
	// superseded.
	ctx     context.Context
	folders []string
	// containers place paths in the folders, one per folder, opened once
	containers []*workspace.Container
	// below are the workspaces found in the folders, looked for once
	below  *folderRoots
	docs   map[uri.URI]*document
	spaces map[string]*space // by workspace root
}

func newSession(opts Options, logger *log.Logger, caps func() *clientCaps) *session {
	ctx, cancel := context.WithCancel(context.Background())
	ss := &session{
		opts:      opts,
		log:       logger,
		caps:      caps,
		snap:      &snapshot{ctx: ctx, docs: map[uri.URI]*document{}, spaces: map[string]*space{}},
		cancelGen: cancel,
		loading:   map[string]chan struct{}{},
	}
	return ss
}

// snapshot returns the current snapshot.
func (ss *session) snapshot() *snapshot {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.snap
}

// next makes the snapshot after the current one, with its maps copied;
// the caller holds mu.
func (ss *session) next() *snapshot {
	n := *ss.snap
	n.docs = maps.Clone(ss.snap.docs)
	n.spaces = maps.Clone(ss.snap.spaces)
	return &n
}

func (ss *session) setFolders(folders []string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	n := ss.next()
	n.folders = folders
	n.containers = make([]*workspace.Container, len(folders))
	for i, f := range folders {
		n.containers[i] = workspace.NewContainer(f)
	}
	n.below = &folderRoots{folders: folders}
	ss.snap = n
}

// folderRoots are the workspaces of the workspace folders: the one each
// folder is in, and those below it (a folder may be a monorepo's top).
type folderRoots struct {
	folders []string
	once    sync.Once
	roots   []string
}

func (f *folderRoots) get() []string {
	if f == nil {
		return nil
	}
	f.once.Do(func() {
		seen := map[string]bool{}
		add := func(r string) {
			if !seen[r] {
				seen[r] = true
				f.roots = append(f.roots, r)
			}
		}
		for _, folder := range f.folders {
			// the folder's own workspace, as check finds it for the whole
			// workspace: a git root without configs/ or rollouts/ has no
			// configs to load
			if found, err := workspace.Root(folder); err == nil && found.Scaffold {
				add(found.Root)
			}
			below, _ := workspace.FindBelow(folder)
			for _, r := range below {
				add(r)
			}
		}
	})
	return f.roots
}

// rootOf returns the workspace a path is in, by workspace.Root: the one
// policy of every door, so a document is in the workspace check finds.
func rootOf(path string) (string, bool) {
	f, err := workspace.Root(path)
	if err != nil {
		return "", false
	}
	return f.Root, true
}

// editDoc replaces the open document at u with what edit makes of it (nil
// closes it) and returns the old and the new document. edit runs under the
// session's lock, so edits of a document never interleave.
func (ss *session) editDoc(u uri.URI, edit func(old *document) *document) (old, now *document) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	old = ss.snap.docs[u]
	now = edit(old)
	if now == old {
		return old, now
	}
	n := ss.next()
	if now == nil {
		delete(n.docs, u)
	} else {
		n.docs[u] = now
	}
	ss.snap = n
	return old, now
}

// replaceSpaces installs changed workspaces and moves the generation on,
// cancelling the work of the last one.
func (ss *session) replaceSpaces(spaces map[string]*space) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	n := ss.next()
	maps.Copy(n.spaces, spaces)
	n.gen++
	ss.cancelGen()
	n.ctx, ss.cancelGen = context.WithCancel(context.Background())
	ss.snap = n
}

// dropSpaces lets go of the workspaces drop chooses, moving the
// generation on.
func (ss *session) dropSpaces(drop func(root string, snap *snapshot) bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var gone []string
	for root := range ss.snap.spaces {
		if drop(root, ss.snap) {
			gone = append(gone, root)
		}
	}
	if len(gone) == 0 {
		return
	}
	n := ss.next()
	for _, root := range gone {
		delete(n.spaces, root)
	}
	n.gen++
	ss.cancelGen()
	n.ctx, ss.cancelGen = context.WithCancel(context.Background())
	ss.snap = n
}

// spaceFor returns the workspace of a file, loading it on first use; nil
// when the file is in no workspace.
func (ss *session) spaceFor(path string) *space {
	root, ok := rootOf(filepath.Dir(path))
	if !ok {
		return nil
	}
	return ss.spaceAt(root)
}

// spaceAt returns the workspace at root, loading it on first use.
func (ss *session) spaceAt(root string) *space {
	for {
		ss.mu.Lock()
		if sp := ss.snap.spaces[root]; sp != nil {
			ss.mu.Unlock()
			return sp
		}
		// one load per root: the startup lint and the first documents
		// ask at once, and a load lists the whole workspace (its index of
		// every config is built beside, see startIndex)
		if wait := ss.loading[root]; wait != nil {
			ss.mu.Unlock()
			<-wait
			continue
		}
		done := make(chan struct{})
		ss.loading[root] = done
		ss.mu.Unlock()
		return ss.loadOnce(root, done)
	}
}

// loadOnce loads the workspace at root and lets those waiting for it go,
// even if the load panics.
func (ss *session) loadOnce(root string, done chan struct{}) *space {
	var sp *space
	defer func() {
		ss.mu.Lock()
		if sp != nil {
			n := ss.next()
			n.spaces[root] = sp
			ss.snap = n
		}
		delete(ss.loading, root)
		ss.mu.Unlock()
		close(done)
	}()
	sp = ss.loadSpace(root)
	if ss.loaded != nil {
		ss.loaded(sp)
	}
	return sp
}

func (ss *session) loadSpace(root string) *space {
	ws, err := lint.LoadWorkspace(root, workspace.Options{Home: ss.opts.Home, DatasetsFile: ss.opts.DatasetsFile, ModelListFile: ss.opts.ModelListFile, SecretListFile: ss.opts.SecretListFile})
	if f, ferr := workspace.Root(root); ws != nil && ferr == nil && f.Root == root && f.BelowGitRoot() {
		// config-location tells each config that the osmosis CLI takes
		// the git root as the workspace and cannot submit it from here
		ws.CLIRoot = f.GitRoot
	}
	sp := &space{root: root, ws: ws}
	if err != nil {
		sp.problem = err.Error()
		ss.log.Printf("%v", err)
	}
	if sp.ws != nil {
		sp.index = ss.startIndex(root, sp.ws.Snapshot, nil, nil)
	}
	return sp
}

// loadFolders loads the workspaces of the workspace folders.
func (ss *session) loadFolders() {
	for _, root := range ss.snapshot().below.get() {
		ss.spaceAt(root)
	}
}

// roots returns the roots of the workspaces loaded in a snapshot.
func (snap *snapshot) roots() []string {
	out := make([]string, 0, len(snap.spaces))
	for root, sp := range snap.spaces {
		if sp != nil && sp.ws != nil {
			out = append(out, root)
		}
	}
	return out
}

// workspaceConfigs lists the config files of the workspaces the server
// knows: its workspace folders and the workspaces of open documents.
func (ss *session) workspaceConfigs(snap *snapshot) []string {
	var out []string
	for _, sp := range ss.knownSpaces(snap) {
		for _, c := range sp.ws.Snapshot.Configs() {
			if scanned(&c) {
				out = append(out, filepath.Join(sp.root, filepath.FromSlash(c.Path)))
			}
		}
	}
	return out
}

// knownSpaces are the loaded workspaces of the workspace folders and of
// the open documents, each loaded on first use.
func (ss *session) knownSpaces(snap *snapshot) []*space {
	roots := map[string]bool{}
	for r := range snap.spaces {
		roots[r] = true
	}
	for _, root := range snap.below.get() {
		roots[root] = true
	}
	var out []*space
	for root := range roots {
		if sp := ss.spaceAt(root); sp != nil && sp.ws != nil {
			out = append(out, sp)
		}
	}
	return out
}

// scanned reports whether a config of a workspace listing is one the
// workspace diagnostics cover: readable, in configs/<kind>/.
func scanned(c *workspace.ConfigFile) bool {
	return c.Err == nil && c.Location == workspace.LocationKindDir
}

// filePath turns a file URI into a path.
func filePath(u uri.URI) (string, bool) {
	if !u.IsFile() {
		return "", false
	}
	p := u.FsPath()
	return p, p != ""
}
