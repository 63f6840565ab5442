package lsp

import (
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// space is a workspace the server has seen, by its root. The snapshot is
// replaced (never modified) when files change.
type space struct {
	root    string
	ws      *lint.Workspace
	problem string // the settings error, if any
	index   *refIndex
	shown   atomic.Bool // the settings error was shown to the user
}

// reportProblem shows a workspace's settings error once.
func (s *Server) reportProblem(sp *space) {
	if sp != nil && sp.problem != "" && sp.shown.CompareAndSwap(false, true) {
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: "osmosis-lint: " + shown(sp.problem)})
		})
	}
}

// fileInfo is what the checks and features need to know about a document
// beyond its text, for one generation of the workspaces: it depends on the
// path only, and is handed from a version of the document to the next.
type fileInfo struct {
	gen    uint64
	root   string // of the workspace, "" outside one
	in     lint.Input
	config bool
	snap   *workspace.Snapshot
	names  *assist.Names
	// unread: the file is a symlink of a workspace that leads out of it;
	// its findings are those of its place alone, as check gives them
	unread bool
	// noEdit says why no edit of the file is offered ("" when one may be)
	noEdit string
	// excluded: the settings' exclude covers the file, so it gets no
	// diagnostics (completion and hover still work)
	excluded bool
}

// assistView is the assist view of one document version.
type assistView struct {
	gen  uint64
	file *assist.File
	root string // of the document's workspace, "" outside one

	refsOnce sync.Once
	refs     *fileRefs
}

// fileFor returns what the checks and features need for a document: the
// check input, the assist view, and whether it is a config at all. Files
// outside configs/{training,eval,benchmark} are not configs: the server
// leaves them to general TOML tools. Finding the workspace of a path
// touches the file system, so it is done once per path and workspace
// generation, not on each keystroke.
func (s *Server) fileFor(snap *snapshot, d *document) (lint.Input, *assist.File, bool) {
	in, v, ok := s.viewOf(snap, d)
	if !ok {
		return lint.Input{}, nil, false
	}
	return in, v.file, true
}

// viewOf is fileFor with the whole assist view.
func (s *Server) viewOf(snap *snapshot, d *document) (lint.Input, *assistView, bool) {
	gen := snap.gen
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
		v = &assistView{gen: gen, file: assist.NewFile(d.parse(), fi.in.Kind, fi.snap, fi.names), root: fi.root}
		d.view.Store(v)
	}
	return fi.in, v, true
}

func (s *Server) lookupFile(path string, gen uint64) *fileInfo {
	fi := &fileInfo{gen: gen}
	if !strings.HasSuffix(path, ".toml") {
		return fi // a notes.md under configs/training is no config
	}
	pl := s.sess.placeOf(path)
	fi.noEdit = pl.noEdit
	// nothing beside a document outside every workspace folder is read:
	// it is checked as a buffer alone, or, when a link of a workspace's
	// configs/ leads it out, has check's finding on that link
	var sp *space
	switch {
	case pl.inside:
		sp = s.sess.spaceFor(path)
	case pl.escapes:
		if root, ok := rootOf(pl.from); ok {
			sp = s.sess.spaceAt(root)
		}
	}
	s.reportProblem(sp)
	var ws *lint.Workspace
	if sp != nil {
		ws = sp.ws
	}
	in, ok := lint.InputFor(path, path, ws, "")
	if pl.escapes && (!ok || in.Env == nil || !strings.HasPrefix(in.Env.Rel, "configs/")) {
		// led out by a link that is no config's place (linkws): a buffer
		in, ok = lint.InputFor(path, path, nil, "")
		pl.escapes, ws = false, nil
	}
	if !ok {
		return fi
	}
	if in.Env != nil {
		if _, ok := lint.KindFromPath(in.Env.Rel); !ok || !strings.HasPrefix(in.Env.Rel, "configs/") {
			return fi
		}
	}
	fi.in, fi.config = in, true
	if pl.escapes {
		fi.unread = ws != nil
		return fi
	}
	if ws != nil {
		fi.excluded = in.Env != nil && ws.Snapshot.ExcludedFile(in.Env.Rel)
		fi.root = sp.root
		fi.snap, fi.names = ws.Snapshot, sp.index.names
	}
	return fi
}
