package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// DocumentLink links rollout and entrypoint values to the entrypoint file,
// dataset values to their data file and the rules of suppression comments
// to their documentation.
func (s *Server) DocumentLink(ctx context.Context, p *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	out := []protocol.DocumentLink{}
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return out, nil
	}
	f, m := v.file(), v.mapper()
	for _, l := range f.Links(v.refs().refs) {
		var target uri.URI
		switch {
		case l.Path != "" && f.WS != nil:
			target = uri.File(filepath.Join(f.WS.Root(), filepath.FromSlash(l.Path)))
		case l.URL != "":
			u, err := uri.Parse(l.URL)
			if err != nil {
				continue
			}
			target = u
		default:
			continue
		}
		out = append(out, protocol.DocumentLink{Range: m.rng(l.Range), Target: &target})
	}
	return out, nil
}
