package lsp

import (
	"path"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// place is where a document really is, by the one containment rule
// (workspace.Contain): inside one of the workspace folders, a link of one
// that leads out of it, or outside every one.
type place struct {
	// inside: the real location is in a workspace folder
	inside bool
	// escapes: the path is spelled in a folder and leads out of it
	// through a symlink of the folder (the file itself, or a directory on
	// the way); from is the directory that link is in, spelled under the
	// folder, where the workspace that has the link is found
	escapes bool
	from    string
	// noEdit says why no edit of the file may be handed to the editor
	noEdit string
}

// Reasons an edit is left out.
const (
	outsideReason = "leads outside the workspace"
	linkReason    = "is a symlink (the editor would write through it or replace it)"
)

// placeOf places a path among the workspace folders; with none, in the
// workspace its own path names.
func (ss *session) placeOf(p string) place {
	snap := ss.snapshot()
	folders, containers := snap.folders, snap.containers
	if len(folders) == 0 {
		if root, ok := rootOf(filepath.Dir(p)); ok {
			folders, containers = []string{root}, []*workspace.Container{workspace.NewContainer(root)}
		}
	}
	clean := filepath.Clean(p)
	for i, f := range folders {
		r := containers[i].Contain(p)
		if r.Inside {
			if r.Link {
				return place{inside: true, noEdit: linkReason}
			}
			return place{inside: true}
		}
		if r.EscapeVia != "" && disk.Within(clean, f) {
			from := filepath.Join(f, filepath.FromSlash(path.Dir(r.EscapeVia)))
			return place{escapes: true, from: from, noEdit: outsideReason}
		}
	}
	return place{noEdit: outsideReason}
}

// editable says why the editor may not be handed an edit of path, a file
// or directory of the workspace c holds ("" when it may): its real
// location is outside the workspace, or it is itself a symlink.
func editable(c *workspace.Container, path string) string {
	r := c.Contain(path)
	switch {
	case !r.Inside:
		return outsideReason
	case r.Link:
		return linkReason
	}
	return ""
}
