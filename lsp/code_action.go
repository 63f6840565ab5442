package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func (s *Server) CodeAction(ctx context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	snap := s.sess.snapshot()
	d := snap.docs[p.TextDocument.URI]
	if d == nil {
		return []protocol.CommandOrCodeAction{}, nil
	}
	res, err := s.findings(ctx, snap, d)
	if err != nil {
		return nil, err
	}
	v, ok := s.viewOf(snap, d)
	if !res.config || !ok {
		return []protocol.CommandOrCodeAction{}, nil
	}
	if v.info.noEdit != "" {
		// no edit of a file outside the workspace or of a symlink: its
		// diagnostics say why (config-location), the actions stay empty
		return []protocol.CommandOrCodeAction{}, nil
	}
	in, m := v.info.in, v.mapper()
	in.Path = d.path
	want := m.toRange(p.Range)
	only := map[protocol.CodeActionKind]bool{}
	for _, k := range p.Context.Only {
		only[k] = true
	}
	allow := func(k protocol.CodeActionKind) bool {
		if len(only) == 0 {
			return true
		}
		for o := range only {
			if k == o || strings.HasPrefix(string(k), string(o)+".") {
				return true
			}
		}
		return false
	}
	var out []protocol.CommandOrCodeAction
	if allow(protocol.CodeActionKindQuickFix) {
		for _, f := range res.findings {
			if f.Range.End < want.Start || f.Range.Start > want.End {
				continue
			}
			diag := s.diagnostic(m, f)
			for i, fx := range f.Fixes {
				if fx.Create != "" {
					if a := s.createAction(v, diag, fx); a != nil {
						out = append(out, a)
					}
					continue
				}
				// the fixer checks each offered fix as it checks --fix
				if _, reason := lint.CheckFix(d.text, in, res.findings, &f, fx); reason != "" {
					continue
				}
				kind := protocol.CodeActionKindQuickFix
				out = append(out, &protocol.CodeAction{
					Title:       fx.Title,
					Kind:        &kind,
					Diagnostics: []protocol.Diagnostic{diag},
					IsPreferred: ptr(i == 0 && fx.Applicability == lint.Safe),
					Edit:        s.workspaceEdit(d.uri, m, fx.Edits),
				})
			}
			if f.Suppressible() {
				if e, ok := ignoreEdit(d.parse(), f); ok {
					kind := protocol.CodeActionKindQuickFix
					out = append(out, &protocol.CodeAction{
						Title:       "Ignore " + f.Rule + " on this line",
						Kind:        &kind,
						Diagnostics: []protocol.Diagnostic{diag},
						Edit:        s.workspaceEdit(d.uri, m, []lint.Edit{e}),
					})
				}
			}
		}
	}
	if allow(protocol.CodeActionKindSourceFixAll) && (len(only) > 0) {
		// the same fixer as --fix: the editor's result is the command's
		if fixed := lint.FixSource(d.text, in, lint.FixOptions{}); len(fixed.Applied) > 0 {
			kind := protocol.CodeActionKindSourceFixAll
			// the lines that change, not the whole document: the editor
			// keeps its marks and folds on the rest
			out = append(out, &protocol.CodeAction{
				Title: "Fix all safe osmosis-lint problems",
				Kind:  &kind,
				Edit:  s.workspaceEdit(d.uri, m, minimalEdits(d.text, fixed.Src)),
			})
		}
	}
	if out == nil {
		out = []protocol.CommandOrCodeAction{}
	}
	return out, nil
}

// createAction is the code action of a fix that creates a file of the
// workspace (Fix.Create): a CreateFile that fails on a file that exists
// and the file's text, for a client that can create files; nil otherwise
// (the finding's message says what to do).
func (s *Server) createAction(v docView, diag protocol.Diagnostic, fx lint.Fix) *protocol.CodeAction {
	env := v.info.in.Env
	if !s.caps().createFiles || env == nil || len(fx.Edits) != 1 {
		return nil
	}
	u := uri.File(filepath.Join(env.WS.Root(), filepath.FromSlash(fx.Create)))
	no := false
	td := &protocol.TextDocumentEdit{TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{
		TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u},
	}, Edits: []protocol.TextDocumentEditElement{&protocol.TextEdit{NewText: fx.Edits[0].NewText}}}
	kind := protocol.CodeActionKindQuickFix
	return &protocol.CodeAction{
		Title:       fx.Title,
		Kind:        &kind,
		Diagnostics: []protocol.Diagnostic{diag},
		Edit: &protocol.WorkspaceEdit{DocumentChanges: []protocol.DocumentChange{
			&protocol.CreateFile{Kind: "create", URI: u, Options: &protocol.CreateFileOptions{Overwrite: &no, IgnoreIfExists: &no}},
			td,
		}},
	}
}

func (s *Server) workspaceEdit(u uri.URI, m mapper, edits []lint.Edit) *protocol.WorkspaceEdit {
	tes := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		tes = append(tes, protocol.TextEdit{Range: m.rng(e.Range), NewText: e.NewText})
	}
	return &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{u: tes}}
}

// ignoreEdit adds the finding's rule to the suppression comment of its line,
// or writes one.
func ignoreEdit(doc *toml.Document, f lint.Finding) (lint.Edit, bool) {
	line := doc.Lines.Line(f.Range.Start)
	start, end := doc.Lines.LineStart(line), doc.Lines.LineEnd(line)
	for _, c := range doc.Comments {
		if c.Range.Start < start || c.Range.Start > end {
			continue
		}
		text := c.Text
		if i := strings.Index(text, "osmosis-lint: ignore["); i >= 0 {
			if j := strings.IndexByte(text[i:], ']'); j >= 0 {
				at := c.Range.Start + i + j
				return lint.Edit{Range: toml.Range{Start: at, End: at}, NewText: ", " + f.Rule}, true
			}
		}
		// an ordinary comment on the line: put the directive on the line above
		indent := ""
		for k := start; k < end && (doc.Src[k] == ' ' || doc.Src[k] == '\t'); k++ {
			indent += string(doc.Src[k])
		}
		return lint.Edit{Range: toml.Range{Start: start, End: start}, NewText: indent + "# osmosis-lint: ignore[" + f.Rule + "]\n"}, true
	}
	return lint.Edit{Range: toml.Range{Start: end, End: end}, NewText: "  # osmosis-lint: ignore[" + f.Rule + "]"}, true
}
