package lsp

import (
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// The document cache: an open buffer, and what is computed of it once,
// either per version (the parse, the line index, the assist file, the
// findings) or per path and workspace generation (where the file is, its
// check input). Requests and checks reach a document through one
// accessor, Server.viewOf.

// document is one open buffer. Its text is replaced, never edited in place:
// a check or a request that captured a version keeps reading it unchanged.
type document struct {
	uri     uri.URI
	path    string
	version int32
	text    []byte

	once   sync.Once
	parsed *toml.Document
	done   atomic.Bool // parsed is set

	linesOnce sync.Once
	lines     *toml.LineIndex

	// what depends on the workspaces, for the generation it records
	info   atomic.Pointer[fileInfo]
	assist atomic.Pointer[assistView]
	res    atomic.Pointer[result]
}

// parse returns the parse of the document's text, made once.
func (d *document) parse() *toml.Document {
	d.once.Do(func() {
		d.parsed = toml.Parse(d.text)
		d.done.Store(true)
	})
	return d.parsed
}

// mapper converts positions of the document's text, with a line index made
// once.
func (d *document) mapper(enc toml.Encoding) mapper {
	d.linesOnce.Do(func() {
		// the parse has one already; the line index is not worth a parse
		if d.done.Load() {
			d.lines = d.parsed.Lines
		} else {
			d.lines = toml.NewLineIndex(d.text)
		}
	})
	return mapper{lines: d.lines, enc: enc}
}

// fileInfo is what the checks and features need to know about a document
// beyond its text, for one generation of the workspaces: it depends on the
// path only, and is handed from a version of the document to the next.
type fileInfo struct {
	gen uint64
	// space is the workspace of the file, nil outside one (and for a file
	// a link leads out of it)
	space  *space
	in     lint.Input
	config bool
	// unread: the file is a symlink of a workspace that leads out of it;
	// its findings are those of its place alone, as check gives them
	unread bool
	// noEdit says why no edit of the file is offered ("" when one may be)
	noEdit string
	// excluded: the settings' exclude covers the file, so it gets no
	// diagnostics (completion and hover still work)
	excluded bool
}

// lookupFile finds what a path is for a generation of the workspaces:
// its workspace (loaded on first use), check input, and whether it is a
// config of one.
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
		fi.space = sp
	}
	return fi
}

// root is the root of the file's workspace, "" outside one.
func (fi *fileInfo) root() string {
	if fi == nil || fi.space == nil {
		return ""
	}
	return fi.space.root
}

// assistView is the assist view of one document version, for one
// generation.
type assistView struct {
	gen  uint64
	file *assist.File

	refsOnce sync.Once
	refs     *fileRefs
}

// docView is an open config as requests and checks see it: the document
// version, what its path is for the generation, the agreed position
// encoding, and the snapshot to answer from (one that holds the document's
// workspace).
type docView struct {
	snap *snapshot
	doc  *document
	info *fileInfo
	enc  toml.Encoding
}

// mapper converts positions of the document in the agreed encoding. The
// check never asks for it: its findings keep byte offsets, converted when
// they are published.
func (v docView) mapper() mapper { return v.doc.mapper(v.enc) }

// viewOf returns the view of a document of snap (nil: none), or false when
// it is not a config at all: files outside configs/{training,eval,benchmark}
// are left to general TOML tools. Finding the workspace of a path touches
// the file system, so it is done once per path and workspace generation,
// not on each keystroke.
func (s *Server) viewOf(snap *snapshot, d *document) (docView, bool) {
	if d == nil {
		return docView{}, false
	}
	fi := d.info.Load()
	if fi == nil || fi.gen != snap.gen {
		fi = s.lookupFile(d.path, snap.gen)
		d.info.Store(fi)
	}
	if !fi.config {
		return docView{}, false
	}
	if fi.space != nil && snap.spaces[fi.space.root] == nil {
		snap = s.sess.snapshot() // the lookup loaded the workspace
	}
	return docView{snap: snap, doc: d, info: fi, enc: s.caps().enc}, true
}

// file returns the assist view of the document, made once per version and
// generation. It never waits for the workspace's index: a hover or a
// folding range on a document opened while the server reads every config
// of a large workspace is answered at once.
func (v docView) file() *assist.File {
	return v.assist().file
}

// indexPending reports whether the index of the document's workspace is
// still being built (completionFile would wait for it).
func (v docView) indexPending() bool {
	sp := v.info.space
	return sp != nil && sp.index != nil && !sp.index.built()
}

// completionFile is file with the env and secret names of the workspace's
// configs, which completion offers: it waits for the index.
func (v docView) completionFile() *assist.File {
	f := v.file()
	if sp := v.info.space; sp != nil && sp.index != nil {
		withNames := *f
		withNames.Names = sp.index.get().names
		return &withNames
	}
	return f
}

func (v docView) assist() *assistView {
	d, fi := v.doc, v.info
	a := d.assist.Load()
	if a == nil || a.gen != fi.gen {
		var wsnap *workspace.Snapshot
		if sp := fi.space; sp != nil {
			wsnap = sp.ws.Snapshot
		}
		a = &assistView{gen: fi.gen, file: assist.NewFile(d.parse(), fi.in.Kind, wsnap, nil)}
		d.assist.Store(a)
	}
	return a
}

// refs returns the refs of the document with their positions, made once
// per version and generation.
func (v docView) refs() *fileRefs {
	a := v.assist()
	a.refsOnce.Do(func() { a.refs = refsOf(a.file, v.mapper()) })
	return a.refs
}

// refAt returns the ref at a position of the document, false also outside
// a workspace (where a ref names nothing).
func (v docView) refAt(pos protocol.Position) (assist.Ref, bool) {
	if v.info.root() == "" {
		return assist.Ref{}, false
	}
	return assist.RefAt(v.refs().refs, v.mapper().offset(pos))
}
