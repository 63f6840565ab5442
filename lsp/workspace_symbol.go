package lsp

import (
	"context"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

// maxWorkspaceSymbols bounds an answer; a query narrows it.
const maxWorkspaceSymbols = 1000

// refSymbolKinds are the refs listed as workspace symbols, with their kind.
var refSymbolKinds = map[assist.RefKind]protocol.SymbolKind{
	assist.RefRollout: protocol.SymbolKindModule,
	assist.RefDataset: protocol.SymbolKindConstant,
	assist.RefModel:   protocol.SymbolKindClass,
}

// Symbols finds configs by their path and by the rollout, dataset and
// model they name, and rollouts by their name.
func (s *Server) Symbols(ctx context.Context, p *protocol.WorkspaceSymbolParams) (protocol.WorkspaceSymbolResult, error) {
	// loading the folders' workspaces the first time, and their indexes,
	// reads their configs: later messages need not wait, and a cancel
	// stops the answer
	s.release(ctx)
	s.sess.loadFolders()
	snap := s.sess.snapshot()
	q := strings.ToLower(p.Query)
	out := protocol.WorkspaceSymbolSlice{}
	add := func(name string, kind protocol.SymbolKind, container string, loc protocol.Location) bool {
		if !fuzzyMatch(q, name) && !fuzzyMatch(q, container) {
			return true
		}
		out = append(out, protocol.WorkspaceSymbol{
			BaseSymbolInformation: protocol.BaseSymbolInformation{Name: name, Kind: kind, ContainerName: ptr(container)},
			Location:              &loc,
		})
		return len(out) < maxWorkspaceSymbols
	}
	roots := snap.roots()
	sort.Strings(roots)
	for _, root := range roots {
		view := s.refsView(snap, root)
		for _, rel := range sortedRels(view) {
			if canceled(ctx) {
				return nil, protocol.ErrRequestCancelled
			}
			u := uri.File(filepath.Join(root, filepath.FromSlash(rel)))
			fr := view[rel]
			if !add(strings.TrimSuffix(path.Base(rel), ".toml"), protocol.SymbolKindFile, rel, protocol.Location{URI: u}) {
				return out, nil
			}
			for i, r := range fr.refs {
				kind, ok := refSymbolKinds[r.Kind]
				if !ok || r.Name == "" {
					continue
				}
				if !add(r.Name, kind, string(r.Kind)+" in "+rel, protocol.Location{URI: u, Range: fr.rngs[i]}) {
					return out, nil
				}
			}
		}
		if !s.rolloutSymbols(snap, root, add) {
			return out, nil
		}
	}
	return out, nil
}

// rolloutSymbols adds the rollouts of a workspace, at their entrypoint.
func (s *Server) rolloutSymbols(snap *snapshot, root string, add func(string, protocol.SymbolKind, string, protocol.Location) bool) bool {
	sp := snap.spaces[root]
	if sp == nil || sp.ws == nil {
		return true
	}
	for _, r := range sp.ws.Snapshot.Rollouts() {
		if len(r.PyFiles) == 0 {
			continue
		}
		file := r.PyFiles[0]
		for _, f := range r.PyFiles {
			if f == "main.py" {
				file = f
			}
		}
		loc := protocol.Location{URI: uri.File(filepath.Join(root, filepath.FromSlash(r.Path), filepath.FromSlash(file)))}
		if !add(r.Name, protocol.SymbolKindPackage, r.Path, loc) {
			return false
		}
	}
	return true
}

// fuzzyMatch reports whether the letters of the lower-case query appear in
// s in order, as editors match symbol queries.
func fuzzyMatch(q, s string) bool {
	s = strings.ToLower(s)
	for _, c := range q {
		i := strings.IndexRune(s, c)
		if i < 0 {
			return false
		}
		s = s[i+len(string(c)):]
	}
	return true
}
