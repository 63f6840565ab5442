package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// renamable are the names a rename changes in every config: rollouts
// (with their directory), datasets, secrets and env vars.
var renamable = map[assist.RefKind]bool{
	assist.RefRollout: true, assist.RefDataset: true, assist.RefSecret: true, assist.RefEnv: true,
}

// errRename is the reply to a rename that cannot be done.
func errRename(format string, args ...any) error {
	return jsonrpc2.NewError(jsonrpc2.Code(-32803), escape.Lines("osmosis-lint: "+fmt.Sprintf(format, args...)))
}

// PrepareRename answers with the name under the cursor, or null where
// nothing can be renamed.
func (s *Server) PrepareRename(ctx context.Context, p *protocol.PrepareRenameParams) (protocol.PrepareRenameResult, error) {
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return nil, nil
	}
	r, ok := v.refAt(p.Position)
	if !ok || !renamable[r.Kind] {
		return nil, nil
	}
	return &protocol.PrepareRenamePlaceholder{Range: v.mapper().rng(r.NameRange), Placeholder: r.Name}, nil
}

// Rename renames the rollout, dataset, secret or env var under the cursor
// in every config of the workspace, and a rollout's directory with it.
func (s *Server) Rename(ctx context.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	var r assist.Ref
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if ok {
		r, ok = v.refAt(p.Position)
	}
	if !ok || !renamable[r.Kind] {
		return nil, errRename("only rollout, dataset, secret and env var names can be renamed")
	}
	snap, root := v.snap, v.info.root()
	if msg := lint.NameProblem(string(r.Kind), p.NewName); msg != "" {
		return nil, errRename("cannot rename to %q: %s", p.NewName, msg)
	}
	if clash := s.renameClash(snap, root, r, p.NewName); clash != "" {
		return nil, errRename("%s already has %s %q: renaming %q to it would leave it twice", clash, r.Kind, p.NewName, r.Name)
	}
	edits, left := containEdits(root, s.renameEdits(snap, root, r, p.NewName))
	if len(left) > 0 {
		// a rename of some of the configs would leave the others naming
		// the old name: refused whole, with the files that stand in the way
		return nil, errRename("cannot rename %s %q in every config that names it: %s; no edit is made there, so rename by hand or remove the link", r.Kind, r.Name, strings.Join(left, "; "))
	}
	var move *protocol.RenameFile
	if r.Kind == assist.RefRollout && p.NewName != r.Name {
		var err error
		if move, err = s.rolloutMove(snap, root, r.Name, p.NewName); err != nil {
			return nil, err
		}
	}
	return s.workspaceEditOf(snap, edits, move), nil
}

// rolloutMove is the rename of the rollout directory, when it exists; the
// client does it if it can, else the user is told to.
func (s *Server) rolloutMove(snap *snapshot, root, from, to string) (*protocol.RenameFile, error) {
	sp := snap.spaces[root]
	if sp == nil || sp.ws == nil {
		return nil, nil
	}
	ws := sp.ws.Snapshot
	if _, ok := ws.Rollout(from); !ok {
		return nil, nil // the configs name a rollout that is not there
	}
	if res := ws.Resolve("rollouts/" + to); res.Exists {
		return nil, errRename("rollouts/%s already exists", to)
	}
	dir := filepath.Join(root, "rollouts", from)
	c := workspace.NewContainer(root)
	if why := editable(c, dir); why != "" || !c.Contain(filepath.Join(root, "rollouts")).Inside {
		if why == "" {
			why = "is in a rollouts/ that " + outsideReason
		}
		return nil, errRename("cannot rename the directory rollouts/%s: it %s", from, why)
	}
	if !s.caps().renameFiles {
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeWarning,
				Message: escape.Lines(fmt.Sprintf("osmosis-lint: the configs now name %q; rename the directory rollouts/%s to rollouts/%s (this editor cannot rename files from a language server)", to, from, to))})
		})
		return nil, nil
	}
	return &protocol.RenameFile{
		Kind:   "rename",
		OldURI: uri.File(filepath.Join(root, "rollouts", from)),
		NewURI: uri.File(filepath.Join(root, "rollouts", to)),
	}, nil
}

// renameClash names a config that has both the name and the new one of
// an env var or a secret: the rename would give it a duplicate key (broken
// TOML) or a secret listed twice.
func (s *Server) renameClash(snap *snapshot, root string, r assist.Ref, to string) string {
	if r.Kind != assist.RefEnv && r.Kind != assist.RefSecret || to == r.Name {
		return ""
	}
	view := s.refsView(snap, root)
	for _, rel := range sortedRels(view) {
		has, hasNew := false, false
		for _, x := range view[rel].refs {
			if x.Kind == r.Kind {
				has = has || x.Name == r.Name
				hasNew = hasNew || x.Name == to
			}
		}
		if has && hasNew {
			return rel
		}
	}
	return ""
}

// fileEdits are the text edits of one file.
type fileEdits struct {
	path  string
	edits []protocol.TextEdit
}

// renameEdits are the edits that make every config of the workspace that
// names what r names name to instead.
func (s *Server) renameEdits(snap *snapshot, root string, r assist.Ref, to string) []fileEdits {
	view := s.refsView(snap, root)
	var out []fileEdits
	for _, rel := range sortedRels(view) {
		fr := view[rel]
		var fe fileEdits
		for i, x := range fr.refs {
			if sameThing(x, r) {
				fe.edits = append(fe.edits, protocol.TextEdit{Range: fr.rngs[i], NewText: x.Text(to)})
			}
		}
		if len(fe.edits) > 0 {
			fe.path = filepath.Join(root, filepath.FromSlash(rel))
			out = append(out, fe)
		}
	}
	return out
}

// workspaceEditOf makes a workspace edit of text edits and a file rename:
// versioned document changes where the client takes them (an open
// document's edits then apply only to the version they were made for).
func (s *Server) workspaceEditOf(snap *snapshot, files []fileEdits, move *protocol.RenameFile) *protocol.WorkspaceEdit {
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	if !s.caps().docChanges {
		changes := map[uri.URI][]protocol.TextEdit{}
		for _, f := range files {
			changes[uri.File(f.path)] = f.edits
		}
		return &protocol.WorkspaceEdit{Changes: changes}
	}
	open := map[string]*document{}
	for _, d := range snap.docs {
		open[d.path] = d
	}
	changes := []protocol.DocumentChange{}
	for _, f := range files {
		td := &protocol.TextDocumentEdit{TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{
			TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(f.path)},
		}}
		if d := open[f.path]; d != nil {
			td.TextDocument.Version = ptr(d.version)
		}
		td.Edits = make([]protocol.TextDocumentEditElement, len(f.edits))
		for i := range f.edits {
			td.Edits[i] = &f.edits[i]
		}
		changes = append(changes, td)
	}
	if move != nil {
		changes = append(changes, move)
	}
	return &protocol.WorkspaceEdit{DocumentChanges: changes}
}

// WillRenameFiles answers a rollout directory renamed in the editor's file
// explorer with the edits of the configs that name it.
func (s *Server) WillRenameFiles(ctx context.Context, p *protocol.RenameFilesParams) (*protocol.WorkspaceEdit, error) {
	snap := s.sess.snapshot()
	var files []fileEdits
	var left []string
	for _, fr := range p.Files {
		from, ok1 := filePath(uri.URI(fr.OldURI))
		to, ok2 := filePath(uri.URI(fr.NewURI))
		if !ok1 || !ok2 {
			continue
		}
		root, oldName, ok := rolloutDirOf(snap, from)
		if !ok {
			continue
		}
		newRoot, newName, ok := rolloutDirOf(snap, to)
		if !ok || newRoot != root || lint.NameProblem("rollout", newName) != "" {
			continue // moved out of rollouts/, or to a name no config may use
		}
		kept, l := containEdits(root, s.renameEdits(snap, root, assist.Ref{Kind: assist.RefRollout, Name: oldName}, newName))
		files, left = append(files, kept...), append(left, l...)
	}
	if len(left) > 0 {
		// the editor renames the directory whatever we answer: the configs
		// that may be edited are, and the user is told of the others
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeWarning,
				Message: escape.Lines("osmosis-lint: the rename leaves these configs naming the old rollout, since no edit is made there: " + strings.Join(left, "; "))})
		})
	}
	if len(files) == 0 {
		return nil, nil
	}
	return s.workspaceEditOf(snap, files, nil), nil
}

// containEdits keeps the file edits the editor may be handed: those of
// files whose real location is in the workspace at root and that are not
// symlinks themselves. left names the others, relative to root, with why.
func containEdits(root string, files []fileEdits) (kept []fileEdits, left []string) {
	c := workspace.NewContainer(root)
	for _, f := range files {
		if why := editable(c, f.path); why == "" {
			kept = append(kept, f)
		} else {
			name := f.path
			if rel, err := filepath.Rel(root, f.path); err == nil {
				name = filepath.ToSlash(rel)
			}
			left = append(left, name+" "+why)
		}
	}
	return kept, left
}

// rolloutDirOf tells whether path is rollouts/<name> of a loaded workspace.
func rolloutDirOf(snap *snapshot, path string) (root, name string, ok bool) {
	dir := filepath.Dir(filepath.Clean(path))
	if filepath.Base(dir) != "rollouts" {
		return "", "", false
	}
	root = filepath.Dir(dir)
	if sp := snap.spaces[root]; sp == nil || sp.ws == nil {
		return "", "", false
	}
	return root, filepath.Base(path), true
}
