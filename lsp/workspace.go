package lsp

import (
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/assist"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// space is a workspace the server has seen, by its root. The snapshot is
// replaced (never modified) when files change.
type space struct {
	root    string
	ws      *lint.Workspace
	problem string // the settings error, if any
	names   *nameIndex
	shown   atomic.Bool // the settings error was shown to the user
}

// reportProblem shows a workspace's settings error once.
func (s *Server) reportProblem(sp *space) {
	if sp != nil && sp.problem != "" && sp.shown.CompareAndSwap(false, true) {
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: "osmosis-lint: " + sp.problem})
		})
	}
}

// nameIndex holds the env and secret names each config of a workspace
// uses, for completion, and their union. It is replaced, not changed.
type nameIndex struct {
	byFile map[string]fileNames // by workspace-relative path
	all    *assist.Names
}

type fileNames struct{ env, secrets []string }

// indexNames indexes the names of a workspace's configs. With a previous
// index, only the configs in changed are read again.
func indexNames(snap *workspace.Snapshot, prev *nameIndex, changed map[string]bool) *nameIndex {
	x := &nameIndex{byFile: map[string]fileNames{}}
	for _, c := range snap.Configs() {
		if c.Location != workspace.LocationKindDir {
			continue
		}
		if prev != nil && !changed[c.Path] {
			if fn, ok := prev.byFile[c.Path]; ok {
				x.byFile[c.Path] = fn
				continue
			}
		}
		x.byFile[c.Path] = readNames(filepath.Join(snap.Root(), filepath.FromSlash(c.Path)))
	}
	env, secrets := map[string]bool{}, map[string]bool{}
	for _, fn := range x.byFile {
		for _, n := range fn.env {
			env[n] = true
		}
		for _, n := range fn.secrets {
			secrets[n] = true
		}
	}
	x.all = &assist.Names{Env: sortedSet(env), Secrets: sortedSet(secrets)}
	return x
}

// readNames reads the env var names and the required secrets of a config.
func readNames(path string) fileNames {
	var fn fileNames
	src, err := readSmall(path)
	if err != nil {
		return fn
	}
	doc := toml.Parse(src)
	if _, v := doc.Root.Lookup("env"); v != nil && v.Kind == toml.KindTable {
		for _, e := range v.Table.Entries {
			fn.env = append(fn.env, e.Key)
		}
	}
	for _, sec := range []string{"secrets", "verifier"} {
		if _, v := doc.Root.Lookup(sec, "required"); v != nil && v.Kind == toml.KindArray {
			for _, it := range v.Items {
				if it.Kind == toml.KindString {
					fn.secrets = append(fn.secrets, it.Str)
				}
			}
		}
	}
	return fn
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fileInfo is what the checks and features need to know about a document
// beyond its text, for one generation of the workspaces: it depends on the
// path only, and is handed from a version of the document to the next.
type fileInfo struct {
	gen    uint64
	in     lint.Input
	config bool
	snap   *workspace.Snapshot
	names  *assist.Names
}

// assistView is the assist view of one document version.
type assistView struct {
	gen  uint64
	file *assist.File
}

// fileFor returns what the checks and features need for a document: the
// check input, the assist view, and whether it is a config at all. Files
// outside configs/{training,eval,benchmark} are not configs: the server
// leaves them to general TOML tools. Finding the workspace of a path
// touches the file system, so it is done once per path and workspace
// generation, not on each keystroke.
func (s *Server) fileFor(snap *snapshot, d *document) (lint.Input, *assist.File, bool) {
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
		v = &assistView{gen: gen, file: assist.NewFile(d.parse(), fi.in.Kind, fi.snap, fi.names)}
		d.view.Store(v)
	}
	return fi.in, v.file, true
}

func (s *Server) lookupFile(path string, gen uint64) *fileInfo {
	fi := &fileInfo{gen: gen}
	sp := s.sess.spaceFor(path)
	s.reportProblem(sp)
	var ws *lint.Workspace
	if sp != nil {
		ws = sp.ws
	}
	in, ok := lint.InputFor(path, path, ws, "")
	if !ok {
		return fi
	}
	if in.Env != nil {
		if _, ok := lint.KindFromPath(in.Env.Rel); !ok || !strings.HasPrefix(in.Env.Rel, "configs/") {
			return fi
		}
	}
	fi.in, fi.config = in, true
	if ws != nil {
		fi.snap, fi.names = ws.Snapshot, sp.names.all
	}
	return fi
}
