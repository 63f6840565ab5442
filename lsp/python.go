package lsp

import (
	"context"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

// lintPython gives a Python file of a rollout, open or pulled, the
// findings lint.PythonFile gives it: those of the entrypoints some config
// of its workspace names (the configs as the editor holds them) whose
// import executes the file, the other files as saved. publish is false
// for a file no such import executes (nothing is published for it, but to
// clear what was): among them every file outside rollouts/, outside every
// workspace folder, or that a symlink leads to. When ctx is done first,
// err is its error.
func (s *Server) lintPython(ctx context.Context, snap *snapshot, d *document) (fs []lint.Finding, publish bool, err error) {
	pl := s.sess.placeOf(d.path)
	if !pl.inside || pl.noEdit != "" {
		return nil, false, nil
	}
	sp := holder(snap, d.path)
	if sp == nil {
		if sp = s.sess.spaceFor(d.path); sp == nil {
			return nil, false, nil
		}
		snap = s.sess.snapshot() // with the workspace just loaded
	}
	if sp.ws == nil {
		return nil, false, nil
	}
	rel, ok := sp.ws.Snapshot.Rel(d.path)
	if !ok || !strings.HasPrefix(rel, "rollouts/") {
		return nil, false, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	var eps []lint.Entrypoint
	for _, fr := range s.refsView(snap, sp.root) {
		for _, r := range fr.refs {
			if r.Kind == assist.RefEntrypoint && r.Rollout != "" {
				eps = append(eps, lint.Entrypoint{Rollout: r.Rollout, Entrypoint: r.Name})
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	fs, reached := lint.PythonFile(sp.ws, rel, d.path, d.text, eps)
	return fs, reached, nil
}
