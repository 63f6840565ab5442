package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/assist"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// view returns the open document at u with its assist view, or false when
// it is not an open config.
func (s *Server) view(u uri.URI) (*document, *assist.File, mapper, bool) {
	d := s.current(u)
	if d == nil {
		return nil, nil, mapper{}, false
	}
	_, f, ok := s.fileFor(d)
	if !ok {
		return nil, nil, mapper{}, false
	}
	return d, f, d.mapper(s.enc), true
}

func (s *Server) Completion(ctx context.Context, p *protocol.CompletionParams) (protocol.CompletionResult, error) {
	_, f, m, ok := s.view(p.TextDocument.URI)
	if !ok {
		return &protocol.CompletionList{Items: []protocol.CompletionItem{}}, nil
	}
	items := f.Complete(m.offset(p.Position))
	out := make([]protocol.CompletionItem, 0, len(items))
	var list uint64
	var docs []string
	if s.lazyDocs {
		// the documentation stays here until the client shows an item:
		// lists are a fraction of the size
		docs = make([]string, len(items))
		s.compMu.Lock()
		s.compList++
		list = s.compList
		s.compMu.Unlock()
	}
	for i, it := range items {
		ci := protocol.CompletionItem{
			Label:    it.Label,
			Kind:     itemKind(it.Kind),
			SortText: protocol.NewOptional(it.Sort),
			TextEdit: &protocol.TextEdit{Range: m.rng(it.Range), NewText: it.Text},
		}
		if it.Detail != "" {
			ci.Detail = protocol.NewOptional(it.Detail)
		}
		switch {
		case it.Doc == "":
		case s.lazyDocs:
			docs[i] = it.Doc
			ci.Data = protocol.LSPAny(fmt.Appendf(nil, `{"list":%d,"item":%d}`, list, i))
		default:
			ci.Documentation = &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: it.Doc}
		}
		if it.Snippet {
			ci.InsertTextFormat = protocol.InsertTextFormatSnippet
		}
		if it.Preselect {
			ci.Preselect = protocol.NewOptional(true)
		}
		out = append(out, ci)
	}
	if s.lazyDocs {
		s.compMu.Lock()
		if s.compList == list {
			s.compDocs = docs
		}
		s.compMu.Unlock()
	}
	return &protocol.CompletionList{Items: out}, nil
}

// CompletionResolve adds the documentation of an item of the last
// completion list; an item of an older list comes back as it is.
func (s *Server) CompletionResolve(ctx context.Context, it *protocol.CompletionItem) (*protocol.CompletionItem, error) {
	var ref struct {
		List uint64 `json:"list"`
		Item int    `json:"item"`
	}
	if len(it.Data) == 0 || json.Unmarshal(it.Data, &ref) != nil {
		return it, nil
	}
	s.compMu.Lock()
	defer s.compMu.Unlock()
	if ref.List == s.compList && ref.Item >= 0 && ref.Item < len(s.compDocs) && s.compDocs[ref.Item] != "" {
		it.Documentation = &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: s.compDocs[ref.Item]}
	}
	return it, nil
}

func itemKind(k assist.ItemKind) protocol.CompletionItemKind {
	switch k {
	case assist.ItemSection:
		return protocol.CompletionItemKindModule
	case assist.ItemKey:
		return protocol.CompletionItemKindProperty
	case assist.ItemEnum:
		return protocol.CompletionItemKindEnumMember
	case assist.ItemFolder:
		return protocol.CompletionItemKindFolder
	case assist.ItemFile:
		return protocol.CompletionItemKindFile
	}
	return protocol.CompletionItemKindValue
}

func (s *Server) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	_, f, m, ok := s.view(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	text, r, ok := f.Hover(m.offset(p.Position))
	if !ok || text == "" {
		return nil, nil
	}
	rng := m.rng(r)
	return &protocol.Hover{Contents: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}, Range: &rng}, nil
}

func (s *Server) Definition(ctx context.Context, p *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	_, f, m, ok := s.view(p.TextDocument.URI)
	if !ok || f.WS == nil {
		return nil, nil
	}
	t, _, ok := f.Definition(m.offset(p.Position))
	if !ok {
		return nil, nil
	}
	target := filepath.Join(f.WS.Root(), filepath.FromSlash(t.Path))
	return &protocol.Location{URI: uri.File(target)}, nil
}

func (s *Server) DocumentSymbol(ctx context.Context, p *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	_, f, m, ok := s.view(p.TextDocument.URI)
	if !ok {
		return protocol.DocumentSymbolSlice{}, nil
	}
	syms := f.Symbols()
	// every top-level symbol is in the outline; their children while the
	// budget lasts
	budget := max(maxSymbols-len(syms), 0)
	out := make([]protocol.DocumentSymbol, 0, len(syms))
	for _, sym := range syms {
		out = append(out, symbol(m, sym, &budget))
	}
	return protocol.DocumentSymbolSlice(out), nil
}

// maxSymbols bounds the outline. A config with a hundred thousand keys
// would otherwise get an outline of tens of megabytes that no editor can
// show.
const maxSymbols = 10000

func symbol(m mapper, sym assist.Symbol, budget *int) protocol.DocumentSymbol {
	kind := protocol.SymbolKindProperty
	if sym.Section {
		kind = protocol.SymbolKindNamespace
	} else if len(sym.Children) > 0 {
		kind = protocol.SymbolKindObject
	}
	ds := protocol.DocumentSymbol{
		Name:           sym.Name,
		Kind:           kind,
		Range:          m.rng(sym.Range),
		SelectionRange: m.rng(sym.Selection),
	}
	if sym.Detail != "" {
		ds.Detail = ptr(sym.Detail)
	}
	for _, c := range sym.Children {
		if *budget <= 0 {
			break
		}
		*budget--
		ds.Children = append(ds.Children, symbol(m, c, budget))
	}
	return ds
}

func (s *Server) FoldingRanges(ctx context.Context, p *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	_, f, _, ok := s.view(p.TextDocument.URI)
	if !ok {
		return []protocol.FoldingRange{}, nil
	}
	folds := f.Folds()
	out := make([]protocol.FoldingRange, 0, len(folds))
	for _, fo := range folds {
		fr := protocol.FoldingRange{StartLine: uint32(fo.StartLine), EndLine: uint32(fo.EndLine)}
		if fo.Comment {
			fr.Kind = protocol.FoldingRangeKindComment
		}
		out = append(out, fr)
	}
	return out, nil
}

func (s *Server) InlayHint(ctx context.Context, p *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	_, f, m, ok := s.view(p.TextDocument.URI)
	if !ok {
		return []protocol.InlayHint{}, nil
	}
	hints := f.InlayHints(m.toRange(p.Range))
	out := make([]protocol.InlayHint, 0, len(hints))
	for _, h := range hints {
		out = append(out, protocol.InlayHint{
			Position:    m.position(h.At),
			Label:       protocol.String(h.Label),
			Tooltip:     &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: h.Tooltip},
			PaddingLeft: ptr(true),
		})
	}
	return out, nil
}

func (s *Server) CodeAction(ctx context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	d := s.current(p.TextDocument.URI)
	if d == nil {
		return []protocol.CommandOrCodeAction{}, nil
	}
	res := s.findings(d)
	if !res.config {
		return []protocol.CommandOrCodeAction{}, nil
	}
	m := d.mapper(s.enc)
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
				kind := protocol.CodeActionKindQuickFix
				out = append(out, &protocol.CodeAction{
					Title:       fx.Title,
					Kind:        &kind,
					Diagnostics: []protocol.Diagnostic{diag},
					IsPreferred: ptr(i == 0 && fx.Safe),
					Edit:        s.workspaceEdit(d.uri, m, fx.Edits),
				})
			}
			if lint.Suppressible(f.Rule) {
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
		var fixes []lint.Fix
		for _, f := range res.findings {
			for _, fx := range f.Fixes {
				if fx.Safe {
					fixes = append(fixes, fx)
					break
				}
			}
		}
		if len(fixes) > 0 {
			fixed, n := lint.ApplyFixes(d.text, fixes)
			if n > 0 {
				kind := protocol.CodeActionKindSourceFixAll
				whole := toml.Range{Start: 0, End: len(d.text)}
				out = append(out, &protocol.CodeAction{
					Title: "Fix all safe osmosis-lint problems",
					Kind:  &kind,
					Edit:  s.workspaceEdit(d.uri, m, []lint.Edit{{Range: whole, NewText: string(fixed)}}),
				})
			}
		}
	}
	if out == nil {
		out = []protocol.CommandOrCodeAction{}
	}
	return out, nil
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
