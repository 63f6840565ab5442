package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

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
	// one change at a time: each builds on the workspaces the last made
	s.sess.applying.Lock()
	defer s.sess.applying.Unlock()
	snap := s.sess.snapshot()
	next := map[string]*space{}
	var configs []string // the changed config files, when nothing else changed
	onlyConfigs := true
	for root, changes := range routeChanges(snap.roots(), all) {
		sp := snap.spaces[root]
		wsnap := sp.ws.Snapshot.Apply(changes)
		if wsnap == sp.ws.Snapshot {
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
		next[root] = s.sess.respace(sp, wsnap, only, rels)
	}
	if len(next) == 0 {
		return
	}
	s.sess.replaceSpaces(next)
	for u := range s.sess.snapshot().docs {
		s.checks.schedule(u)
	}
	c := s.caps()
	switch {
	case c.pull && c.refresh:
		s.refreshDiagnostics()
	case c.pull:
	case onlyConfigs:
		s.queue.schedule(configs)
	default:
		s.queue.schedule(nil)
	}
}

// respace makes the space that follows sp on a changed workspace snapshot.
// When only the configs in rels changed, only their names are read again.
func (ss *session) respace(sp *space, wsnap *workspace.Snapshot, only bool, rels map[string]bool) *space {
	ws, err := lint.WorkspaceOf(wsnap)
	nsp := &space{root: sp.root, ws: ws}
	if only {
		nsp.index = ss.startIndex(sp.root, wsnap, sp.index, rels)
	} else {
		nsp.index = ss.startIndex(sp.root, wsnap, nil, nil)
	}
	if err != nil {
		nsp.problem = err.Error()
	}
	// a settings error is shown again only when it changes
	nsp.shown.Store(sp.shown.Load() && sp.problem == nsp.problem)
	return nsp
}

// routeChanges gives each loaded workspace the changes under its root (a
// path under nested roots belongs to the innermost) and every change
// outside all roots: the dataset cache, a dataset list or the git
// directory of a worktree may live elsewhere, and each snapshot knows
// which of those it reads.
func routeChanges(roots []string, changes []workspace.Change) map[string][]workspace.Change {
	out := map[string][]workspace.Change{}
	for _, c := range changes {
		owner := ""
		for _, root := range roots {
			if disk.Within(c.Path, root) && len(root) > len(owner) {
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
