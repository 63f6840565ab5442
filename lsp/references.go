package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

// References lists every config of the workspace that names the rollout,
// entrypoint, dataset, model, secret or env var under the cursor, open
// documents as they are typed.
func (s *Server) References(ctx context.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	out := []protocol.Location{}
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return out, nil
	}
	target, ok := v.refAt(p.Position)
	if !ok {
		return out, nil
	}
	snap, root := v.snap, v.info.root()
	// the snapshot is taken: the walk of the workspace's configs need not
	// hold up the messages after this one, and a cancel stops it
	s.release(ctx)
	view := s.refsView(snap, root)
	for _, rel := range sortedRels(view) {
		if canceled(ctx) {
			return nil, protocol.ErrRequestCancelled
		}
		fr := view[rel]
		for i, r := range fr.refs {
			if sameThing(r, target) {
				out = append(out, protocol.Location{URI: uri.File(filepath.Join(root, filepath.FromSlash(rel))), Range: fr.rngs[i]})
			}
		}
	}
	return out, nil
}

// sameThing reports whether two refs name the same thing: the same kind
// and name, and for entrypoints the same rollout.
func sameThing(a, b assist.Ref) bool {
	return a.Kind == b.Kind && a.Name == b.Name && (a.Kind != assist.RefEntrypoint || a.Rollout == b.Rollout)
}
