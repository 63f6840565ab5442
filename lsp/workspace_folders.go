package lsp

import (
	"context"
	"slices"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// DidChangeWorkspaceFolders takes the folders added and removed: the
// workspaces of removed folders are let go (unless an open document is in
// one) and the configs of every workspace are published again.
func (s *Server) DidChangeWorkspaceFolders(ctx context.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	snap := s.sess.snapshot()
	folders := slices.Clone(snap.folders)
	var removed []string
	for _, f := range p.Event.Removed {
		if path, ok := filePath(f.URI); ok {
			removed = append(removed, path)
			folders = slices.DeleteFunc(folders, func(x string) bool { return x == path })
		}
	}
	for _, f := range p.Event.Added {
		if path, ok := filePath(f.URI); ok && !slices.Contains(folders, path) {
			folders = append(folders, path)
		}
	}
	s.sess.setFolders(folders)
	kept := s.sess.snapshot().below.get() // looked for before the lock
	s.sess.dropSpaces(func(root string, snap *snapshot) bool {
		if !slices.ContainsFunc(removed, func(f string) bool { return disk.Within(root, f) || disk.Within(f, root) }) {
			return false
		}
		for _, d := range snap.docs {
			if disk.Within(d.path, root) {
				return false // still in use
			}
		}
		return !slices.Contains(kept, root) // another folder may hold it
	})
	if c := s.caps(); c.pull {
		if c.refresh {
			s.refreshDiagnostics()
		}
		return nil
	}
	s.queue.schedule(nil)
	return nil
}
