package lsp

import (
	"context"
	"path/filepath"
	"sort"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/assist"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// space is a workspace the server has seen, by its root. The snapshot is
// replaced (never modified) when files change.
type space struct {
	root    string
	ws      *lint.Workspace
	problem string // the settings error, if any
	names   *nameIndex
	shown   bool // the settings error was shown to the user
}

// spaceFor returns the workspace of a file, loading it on first use; nil
// when the file is outside any git repository.
func (s *Server) spaceFor(path string) *space {
	root, err := workspace.FindRoot(filepath.Dir(path))
	if err != nil {
		return nil
	}
	for {
		s.mu.Lock()
		if sp := s.spaces[root]; sp != nil {
			s.mu.Unlock()
			return sp
		}
		// one load per root: the startup lint and the first documents
		// ask at once, and a load reads every config
		if wait := s.loading[root]; wait != nil {
			s.mu.Unlock()
			<-wait
			continue
		}
		done := make(chan struct{})
		s.loading[root] = done
		s.mu.Unlock()
		return s.loadOnce(root, done)
	}
}

// loadOnce loads the workspace at root and lets those waiting for it go,
// even if the load panics.
func (s *Server) loadOnce(root string, done chan struct{}) *space {
	var sp *space
	defer func() {
		s.mu.Lock()
		if sp != nil {
			s.spaces[root] = sp
		}
		delete(s.loading, root)
		s.mu.Unlock()
		close(done)
	}()
	sp = s.loadSpace(root)
	s.stampSpace(sp)
	return sp
}

func (s *Server) loadSpace(root string) *space {
	ws, err := lint.LoadWorkspace(root, s.opts.Home, s.opts.DatasetsFile)
	sp := &space{root: root, ws: ws}
	if err != nil {
		sp.problem = err.Error()
		s.log.Printf("%v", err)
		if ws == nil {
			sp.ws = nil
		}
	}
	if sp.ws != nil {
		sp.names = indexNames(sp.ws.Snapshot, nil, nil)
	}
	return sp
}

// reportProblem shows a workspace's settings error once.
func (s *Server) reportProblem(sp *space) {
	s.mu.Lock()
	show := sp != nil && sp.problem != "" && !sp.shown
	if show {
		sp.shown = true
	}
	s.mu.Unlock()
	if show {
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: "osmosis-lint: " + sp.problem})
		})
	}
}

// nameIndex holds the env and secret names each config of a workspace
// uses, for completion, and their union. It is replaced, not changed.
type nameIndex struct {
	byFile map[string]fileNames // by workspace-relative path
	all    *assist.Names
}

type fileNames struct{ env, secrets []string }

// indexNames indexes the names of a workspace's configs. With a previous
// index, only the configs in changed are read again.
func indexNames(snap *workspace.Snapshot, prev *nameIndex, changed map[string]bool) *nameIndex {
	x := &nameIndex{byFile: map[string]fileNames{}}
	for _, c := range snap.Configs() {
		if c.Location != workspace.LocationKindDir {
			continue
		}
		if prev != nil && !changed[c.Path] {
			if fn, ok := prev.byFile[c.Path]; ok {
				x.byFile[c.Path] = fn
				continue
			}
		}
		x.byFile[c.Path] = readNames(filepath.Join(snap.Root(), filepath.FromSlash(c.Path)))
	}
	env, secrets := map[string]bool{}, map[string]bool{}
	for _, fn := range x.byFile {
		for _, n := range fn.env {
			env[n] = true
		}
		for _, n := range fn.secrets {
			secrets[n] = true
		}
	}
	x.all = &assist.Names{Env: sortedSet(env), Secrets: sortedSet(secrets)}
	return x
}

// readNames reads the env var names and the required secrets of a config.
func readNames(path string) fileNames {
	var fn fileNames
	src, err := readSmall(path)
	if err != nil {
		return fn
	}
	doc := toml.Parse(src)
	if _, v := doc.Root.Lookup("env"); v != nil && v.Kind == toml.KindTable {
		for _, e := range v.Table.Entries {
			fn.env = append(fn.env, e.Key)
		}
	}
	for _, sec := range []string{"secrets", "verifier"} {
		if _, v := doc.Root.Lookup(sec, "required"); v != nil && v.Kind == toml.KindArray {
			for _, it := range v.Items {
				if it.Kind == toml.KindString {
					fn.secrets = append(fn.secrets, it.Str)
				}
			}
		}
	}
	return fn
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fileInfo is what the checks and features need to know about a document
// beyond its text, for one generation of the workspaces: it depends on the
// path only, and is handed from a version of the document to the next.
type fileInfo struct {
	gen    uint64
	in     lint.Input
	config bool
	snap   *workspace.Snapshot
	names  *assist.Names
}

// assistView is the assist view of one document version.
type assistView struct {
	gen  uint64
	file *assist.File
}

// fileFor returns what the checks and features need for a document: the
// check input, the assist view, and whether it is a config at all. Files
// outside configs/{training,eval,benchmark} are not configs: the server
// leaves them to general TOML tools. Finding the workspace of a path
// touches the file system, so it is done once per path and workspace
// generation, not on each keystroke.
func (s *Server) fileFor(d *document) (lint.Input, *assist.File, bool) {
	s.mu.Lock()
	gen := s.gen
	s.mu.Unlock()
	fi := d.info.Load()
	if fi == nil || fi.gen != gen {
		fi = s.lookupFile(d.path, gen)
		d.info.Store(fi)
	}
	if !fi.config {
		return lint.Input{}, nil, false
	}
	v := d.view.Load()
	if v == nil || v.gen != gen {
		v = &assistView{gen: gen, file: assist.NewFile(d.parse(), fi.in.Kind, fi.snap, fi.names)}
		d.view.Store(v)
	}
	return fi.in, v.file, true
}

func (s *Server) lookupFile(path string, gen uint64) *fileInfo {
	fi := &fileInfo{gen: gen}
	sp := s.spaceFor(path)
	s.reportProblem(sp)
	var ws *lint.Workspace
	if sp != nil {
		ws = sp.ws
	}
	in, ok := lint.InputFor(path, path, ws, "")
	if !ok {
		return fi
	}
	if in.Env != nil {
		if _, ok := lint.KindFromPath(in.Env.Rel); !ok || !strings.HasPrefix(in.Env.Rel, "configs/") {
			return fi
		}
	}
	fi.in, fi.config = in, true
	if ws != nil {
		fi.snap, fi.names = ws.Snapshot, sp.names.all
	}
	return fi
}

// DidChangeWatchedFiles updates the workspaces with the changed files and
// checks again what depends on them. A change of config files alone is the
// common case (a save): only those files are read again, for their names
// and their findings. Any other change (a rollout, a data file, the
// settings) can change the findings of every config.
func (s *Server) DidChangeWatchedFiles(ctx context.Context, p *protocol.DidChangeWatchedFilesParams) error {
	var all []workspace.Change
	for _, ev := range p.Changes {
		path, ok := filePath(ev.URI)
		if !ok {
			continue
		}
		kind := workspace.Changed
		switch ev.Type {
		case protocol.FileChangeTypeCreated:
			kind = workspace.Created
		case protocol.FileChangeTypeDeleted:
			kind = workspace.Deleted
		}
		all = append(all, workspace.Change{Path: filepath.Clean(path), Kind: kind})
	}
	s.applyChanges(all)
	return nil
}

// applyChanges updates the workspaces with changed files and checks again
// what depends on them.
func (s *Server) applyChanges(all []workspace.Change) {
	byRoot := s.routeChanges(all)
	changed := false
	var configs []string // the changed config files, when nothing else changed
	onlyConfigs := true
	for root, changes := range byRoot {
		s.mu.Lock()
		sp := s.spaces[root]
		s.mu.Unlock()
		if sp == nil || sp.ws == nil {
			continue
		}
		snap := sp.ws.Snapshot.Apply(changes)
		if snap == sp.ws.Snapshot {
			continue // nothing it holds changed
		}
		rels := map[string]bool{}
		only := true
		for _, c := range changes {
			rel, err := filepath.Rel(root, c.Path)
			rel = filepath.ToSlash(rel)
			if err != nil || !strings.HasPrefix(rel, "configs/") || !strings.HasSuffix(rel, ".toml") {
				only = false
				continue
			}
			rels[rel] = true
			configs = append(configs, c.Path)
		}
		onlyConfigs = onlyConfigs && only
		ws, err := lint.WorkspaceOf(snap)
		nsp := &space{root: root, ws: ws}
		if only {
			nsp.names = indexNames(snap, sp.names, rels)
		} else {
			nsp.names = indexNames(snap, nil, nil)
		}
		if err != nil {
			nsp.problem = err.Error()
		}
		s.mu.Lock()
		// a settings error is shown again only when it changes
		nsp.shown = sp.shown && sp.problem == nsp.problem
		s.spaces[root] = nsp
		s.gen++
		s.mu.Unlock()
		changed = true
	}
	if !changed {
		return
	}
	s.mu.Lock()
	open := make([]uri.URI, 0, len(s.docs))
	for u := range s.docs {
		open = append(open, u)
	}
	pull, refresh := s.pull, s.refresh
	s.mu.Unlock()
	for _, u := range open {
		s.schedule(u)
	}
	switch {
	case pull && refresh:
		s.background("workspace/diagnostic/refresh", func() { _ = s.client.DiagnosticRefresh(s.ctx) })
	case pull:
	case onlyConfigs:
		s.scheduleWorkspaceLint(configs)
	default:
		s.scheduleWorkspaceLint(nil)
	}
}

// routeChanges gives each loaded workspace the changes under its root (a
// path under nested roots belongs to the innermost) and every change
// outside all roots: the dataset cache, a dataset list or the git
// directory of a worktree may live elsewhere, and each snapshot knows
// which of those it reads.
func (s *Server) routeChanges(changes []workspace.Change) map[string][]workspace.Change {
	s.mu.Lock()
	roots := make([]string, 0, len(s.spaces))
	for root, sp := range s.spaces {
		if sp != nil && sp.ws != nil {
			roots = append(roots, root)
		}
	}
	s.mu.Unlock()
	out := map[string][]workspace.Change{}
	for _, c := range changes {
		owner := ""
		for _, root := range roots {
			if within(c.Path, root) && len(root) > len(owner) {
				owner = root
			}
		}
		if owner != "" {
			out[owner] = append(out[owner], c)
			continue
		}
		for _, root := range roots {
			out[root] = append(out[root], c)
		}
	}
	return out
}

// within reports whether path is dir or lies under it.
func within(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
}
