package lsp

import (
	"bytes"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// refIndex is what each config of a workspace names (rollouts, entrypoints,
// datasets, models, secrets, env vars), as the files are on disk. It is
// built with the workspace's snapshot and replaced with it, never changed;
// requests lay the open documents over it (refsView), so what is typed and
// not saved counts too.
type refIndex struct {
	byFile map[string]*fileRefs // by workspace-relative path
	// names are the env and secret names of the configs, for completion
	names *assist.Names
}

// fileRefs are the refs of one config with their protocol ranges, in the
// encoding of the session.
type fileRefs struct {
	refs      []assist.Ref
	rngs      []protocol.Range // of each ref's Range
	nameRngs  []protocol.Range // of each ref's NameRange
	kind      schema.Kind
	docLength int
}

// indexing is the index of a workspace, built beside the checks: reading
// every config of a workspace takes long, and neither the check of a
// document nor its publication waits for it. The features that need it
// (completion's names, references, rename, workspace symbols) wait in get.
type indexing struct {
	done chan struct{}
	x    *refIndex
	// wanted is closed when something waits for the index: it is then
	// built without waiting for the workspace scans
	wanted   chan struct{}
	wantOnce sync.Once
}

// get returns the index, once it is built.
func (ix *indexing) get() *refIndex {
	ix.wantOnce.Do(func() { close(ix.wanted) })
	<-ix.done
	return ix.x
}

// built reports whether the index is built (get returns at once).
func (ix *indexing) built() bool {
	select {
	case <-ix.done:
		return true
	default:
		return false
	}
}

// startIndex builds the index of a workspace snapshot in the background;
// with a previous index, only the configs in changed are read again. A
// panic leaves an empty index (and is logged), never the process down.
func (ss *session) startIndex(root string, wsnap *workspace.Snapshot, prev *indexing, changed map[string]bool) *indexing {
	ix := &indexing{done: make(chan struct{}), wanted: make(chan struct{})}
	enc := ss.caps().enc
	go func() {
		defer close(ix.done)
		defer func() {
			if r := recover(); r != nil {
				ss.log.Printf("panic indexing %s: %v", root, r)
				ix.x = &refIndex{byFile: map[string]*fileRefs{}, names: &assist.Names{}}
			}
		}()
		if ss.indexing != nil {
			ss.indexing(root)
		}
		var p *refIndex
		if prev != nil {
			p = prev.get()
		}
		ix.x = buildIndex(wsnap, p, changed, enc, ss.openParse, &ss.parsing, &ss.scans, ix.wanted)
	}()
	return ix
}

// openParse returns the parse of the open document at path when its text
// is src (the file as it is on disk), nil otherwise: the index then shares
// the tree the check of the document has made or makes, rather than
// holding a second one of a large file at the same time.
func (ss *session) openParse(path string, src []byte) *toml.Document {
	for _, d := range ss.snapshot().docs {
		if d.path == path && bytes.Equal(d.text, src) {
			return d.parse()
		}
	}
	return nil
}

// buildIndex indexes the configs of a workspace. With a previous index,
// only the configs in changed are read again. open, when not nil, gives
// the parse an open document has of the same text; parsing, when not nil,
// is held while a config is parsed and indexed; scans, when not nil, are
// waited for before each config until wanted is closed (the root's
// descriptor let go meanwhile).
func buildIndex(wsnap *workspace.Snapshot, prev *refIndex, changed map[string]bool, enc toml.Encoding, open func(path string, src []byte) *toml.Document, parsing *sync.Mutex, scans *scanGate, wanted <-chan struct{}) *refIndex {
	x := &refIndex{byFile: map[string]*fileRefs{}}
	release := wsnap.Hold() // one open of the root for every config
	defer func() { release() }()
	for _, c := range wsnap.Configs() {
		if c.Location != workspace.LocationKindDir {
			continue
		}
		if scans != nil && scans.running() && !closed(wanted) {
			release()
			scans.wait(wanted)
			release = wsnap.Hold()
		}
		if prev != nil && !changed[c.Path] {
			if fr, ok := prev.byFile[c.Path]; ok {
				x.byFile[c.Path] = fr
				continue
			}
		}
		kind, ok := schema.ParseKind(c.Kind.String())
		if !ok {
			continue
		}
		content, err := wsnap.ReadConfig(c, maxFileSize)
		if err != nil {
			continue
		}
		var doc *toml.Document
		if open != nil {
			doc = open(filepath.Join(wsnap.Root(), filepath.FromSlash(c.Path)), content.Data)
		}
		if parsing != nil {
			parsing.Lock()
		}
		if doc == nil {
			doc = toml.Parse(content.Data)
		}
		x.byFile[c.Path] = refsOf(assist.NewFile(doc, kind, wsnap, nil), mapper{lines: doc.Lines, enc: enc})
		if parsing != nil {
			parsing.Unlock()
		}
		runtime.Gosched() // a request waiting for a processor goes first
	}
	env, secrets := map[string]bool{}, map[string]bool{}
	for _, fr := range x.byFile {
		for _, r := range fr.refs {
			if lint.Redact(nil, r.Name) != r.Name {
				continue // a credential pasted as a name is never offered
			}
			switch r.Kind {
			case assist.RefEnv:
				env[r.Name] = true
			case assist.RefSecret:
				secrets[r.Name] = true
			}
		}
	}
	x.names = &assist.Names{Env: sortedSet(env), Secrets: sortedSet(secrets)}
	return x
}

// refsOf lists the refs of a config with their positions.
func refsOf(f *assist.File, m mapper) *fileRefs {
	fr := &fileRefs{refs: f.Refs(), kind: f.Kind, docLength: len(f.Doc.Src)}
	for _, r := range fr.refs {
		fr.rngs = append(fr.rngs, m.rng(r.Range))
		fr.nameRngs = append(fr.nameRngs, m.rng(r.NameRange))
	}
	return fr
}

// refsView returns the refs of every config of the workspace at root, open
// documents in front of the files on disk, by workspace-relative path.
func (s *Server) refsView(snap *snapshot, root string) map[string]*fileRefs {
	sp := snap.spaces[root]
	out := map[string]*fileRefs{}
	if sp == nil || sp.index == nil {
		return out
	}
	for rel, fr := range sp.index.get().byFile {
		out[rel] = fr
	}
	for _, d := range snap.docs {
		if v, ok := s.viewOf(snap, d); ok && v.info.root() == root {
			if rel, ok := v.file().WS.Rel(d.path); ok {
				out[rel] = v.refs()
			}
		}
	}
	return out
}

// sortedRels returns the keys of a refs view in order.
func sortedRels(view map[string]*fileRefs) []string {
	out := make([]string, 0, len(view))
	for rel := range view {
		out = append(out, rel)
	}
	sort.Strings(out)
	return out
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// closed reports whether ch is closed (a nil one never is).
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
