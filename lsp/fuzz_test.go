package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// quietClient is the client of a server driven by direct calls: it takes
// every message and drops it.
type quietClient struct{}

func (quietClient) PublishDiagnostics(context.Context, *protocol.PublishDiagnosticsParams) error {
	return nil
}
func (quietClient) ShowMessage(context.Context, *protocol.ShowMessageParams) error { return nil }
func (quietClient) RegisterCapability(context.Context, *protocol.RegistrationParams) error {
	return nil
}
func (quietClient) DiagnosticRefresh(context.Context) error { return nil }
func (quietClient) InlayHintRefresh(context.Context) error  { return nil }
func (quietClient) WorkDoneProgressCreate(context.Context, *protocol.WorkDoneProgressCreateParams) error {
	return nil
}
func (quietClient) Progress(context.Context, *protocol.ProgressParams) error { return nil }

// fuzzInserts are the texts an edit of the fuzz script inserts.
var fuzzInserts = []string{
	"", "\n", "[", "]", "=", "\"", "'", "{", "}", ",", "#", ".", " ", "\t", "\r\n", "\x00", "\xff",
	"🚀", "é", "𝄞", "[training]\n", "[[agents]]\n", "lr = ", "rollout = \"", "entrypoint = ",
	"dataset = \"multiply\"", "model = { type = \"provider\", ", "'''", "\"\"\"", "training.", "# osmosis-lint: ignore[",
	"[experiment]\nrollout = \"multiply-agent\"\n",
}

// scriptReader returns a function that gives the bytes of a fuzz script
// one at a time, then zeros.
func scriptReader(script []byte) func() int {
	return func() int {
		if len(script) == 0 {
			return 0
		}
		b := script[0]
		script = script[1:]
		return int(b)
	}
}

// FuzzDocument drives the document pipeline with a text and a script of
// edits and requests: nothing panics, and every range or position the server
// returns lies inside the document in the negotiated encoding.
func FuzzDocument(f *testing.F) {
	root := newWorkspace(f, nil)
	for _, seed := range []struct {
		text   string
		script []byte
	}{
		{multibyte, []byte{0, 2, 1, 5, 3, 4, 4, 0, 1, 0, 9, 3, 2, 1, 7, 5, 6, 0, 0, 9, 9, 7, 1, 10}},
		{"[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\n", []byte{1, 0, 2, 2, 2, 3, 3, 1, 12, 0, 1, 3, 5, 4, 8, 2, 3, 20}},
		{"sampling = { x = \"🚀\", rollout_top_p = 1.5 }\n", []byte{0, 0, 0, 30, 2, 0, 20, 3, 0, 40, 4, 0, 0, 1, 0, 5, 6, 0, 0, 2}},
		{"[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\n", []byte{2, 0, 3, 7, 0, 3, 0, 0, 26, 2, 4, 0}},
		{"\ufeff[training]\r\nlr = \"x\"\r\n\x00\xff", []byte{3, 1, 1, 0, 1, 4, 1, 0, 16, 5, 7, 1, 2}},
		{"", []byte{0, 0, 0, 0, 32, 2, 2, 0, 5}},
	} {
		f.Add(seed.text, seed.script)
	}
	kinds := []string{"training", "eval", "benchmark"}
	f.Fuzz(func(t *testing.T, text string, script []byte) {
		if len(text) > 64<<10 || len(script) > 256 {
			return
		}
		next := scriptReader(script)
		var logs syncBuffer
		s := newServer(Options{Home: root, Log: &logs})
		s.client = quietClient{}
		s.ctx = context.Background()
		enc := []string{"utf-16", "utf-8"}[next()%2]
		rootURI := uri.File(root)
		_, err := s.Initialize(s.ctx, &protocol.InitializeParams{
			RootURI: &rootURI,
			Capabilities: protocol.ClientCapabilities{
				General:      &protocol.GeneralClientCapabilities{PositionEncodings: []protocol.PositionEncodingKind{protocol.PositionEncodingKind(enc)}},
				TextDocument: &protocol.TextDocumentClientCapabilities{Diagnostic: &protocol.DiagnosticClientCapabilities{}},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(root, "configs", kinds[next()%3], "fuzz.toml")
		u := uri.File(path)
		ctx := context.Background()
		check := newRangeChecker(t, enc == "utf-16")
		must(t, serveDirect(ctx, s, protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "toml", Version: 1, Text: text}}))
		doc := func() string { return string(s.current(u).text) }
		version := int32(1)
		pos := func() protocol.Position {
			return protocol.Position{Line: uint32(next() % (strings.Count(doc(), "\n") + 2)), Character: uint32(next())}
		}
		for steps := 0; len(script) > 0 && steps < 64; steps++ {
			id := protocol.TextDocumentIdentifier{URI: u}
			switch next() % 11 {
			case 0: // an incremental change
				start := pos()
				end := protocol.Position{Line: start.Line + uint32(next()%2), Character: uint32(next())}
				version++
				must(t, serveDirect(ctx, s, protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
					TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: id, Version: version},
					ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{Range: protocol.Range{Start: start, End: end}, Text: fuzzInserts[next()%len(fuzzInserts)]}},
				}))
			case 1: // the whole text, with one insert
				old := doc()
				at := min(next()*len(old)/256, len(old))
				version++
				must(t, serveDirect(ctx, s, protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
					TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: id, Version: version},
					ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: old[:at] + fuzzInserts[next()%len(fuzzInserts)] + old[at:]}},
				}))
			case 2:
				p := pos()
				res, err := s.Completion(ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: id, Position: p}})
				must(t, err)
				list := res.(*protocol.CompletionList)
				at := check.clamp(doc(), p)
				for _, it := range list.Items {
					r := it.TextEdit.(*protocol.TextEdit).Range
					check.rng(doc(), r, "completion "+it.Label)
					if r.Start.Line != r.End.Line || r.Start.Line != at.Line || r.Start.Character > at.Character || r.End.Character < at.Character {
						t.Errorf("completion %q: edit range %+v does not hold the cursor %+v (asked at %+v) on one line", it.Label, r, at, p)
					}
				}
			case 3:
				p := pos()
				h, err := s.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: id, Position: p}})
				must(t, err)
				if h != nil && h.Range != nil {
					check.rng(doc(), *h.Range, "hover")
				}
			case 4:
				r := protocol.Range{Start: pos(), End: pos()}
				actions, err := s.CodeAction(ctx, &protocol.CodeActionParams{TextDocument: id, Range: r, Context: protocol.CodeActionContext{Only: [][]protocol.CodeActionKind{nil, {protocol.CodeActionKindSourceFixAll}}[next()%2]}})
				must(t, err)
				for _, a := range actions {
					ca := a.(*protocol.CodeAction)
					for _, tes := range ca.Edit.Changes {
						for _, te := range tes {
							check.rng(doc(), te.Range, "code action "+ca.Title)
						}
					}
					for _, d := range ca.Diagnostics {
						check.rng(doc(), d.Range, "diagnostic of "+ca.Title)
					}
				}
			case 5:
				syms, err := s.DocumentSymbol(ctx, &protocol.DocumentSymbolParams{TextDocument: id})
				must(t, err)
				check.symbols(doc(), syms.(protocol.DocumentSymbolSlice))
				folds, err := s.FoldingRanges(ctx, &protocol.FoldingRangeParams{TextDocument: id})
				must(t, err)
				lines := uint32(strings.Count(doc(), "\n") + 1)
				for _, fr := range folds {
					if fr.StartLine > fr.EndLine || fr.EndLine >= lines {
						t.Errorf("fold %d-%d in %d lines", fr.StartLine, fr.EndLine, lines)
					}
				}
			case 6:
				hints, err := s.InlayHint(ctx, &protocol.InlayHintParams{TextDocument: id, Range: protocol.Range{Start: pos(), End: pos()}})
				must(t, err)
				for _, h := range hints {
					check.rng(doc(), protocol.Range{Start: h.Position, End: h.Position}, "inlay hint")
				}
			case 7:
				_, err := s.Definition(ctx, &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: id, Position: pos()}})
				must(t, err)
			case 8:
				rep, err := s.Diagnostic(ctx, &protocol.DocumentDiagnosticParams{TextDocument: id})
				must(t, err)
				for _, d := range rep.(*protocol.RelatedFullDocumentDiagnosticReport).Items {
					check.rng(doc(), d.Range, "diagnostic "+fmt.Sprint(d.Code))
				}
			case 9: // selection ranges: each inside the next, all in the text
				srs, err := s.SelectionRange(ctx, &protocol.SelectionRangeParams{TextDocument: id, Positions: []protocol.Position{pos(), pos()}})
				must(t, err)
				if len(srs) != 2 {
					t.Errorf("%d selection ranges for 2 positions", len(srs))
				}
				for i := range srs {
					for sr := &srs[i]; sr != nil; sr = sr.Parent {
						check.rng(doc(), sr.Range, "selection range")
						if p := sr.Parent; p != nil && (before(sr.Range.Start, p.Range.Start) || before(p.Range.End, sr.Range.End)) {
							t.Errorf("selection range %+v is not inside its parent %+v", sr.Range, p.Range)
						}
					}
				}
			case 10: // links, references, rename
				links, err := s.DocumentLink(ctx, &protocol.DocumentLinkParams{TextDocument: id})
				must(t, err)
				for _, l := range links {
					check.rng(doc(), l.Range, "document link")
				}
				at := protocol.TextDocumentPositionParams{TextDocument: id, Position: pos()}
				locs, err := s.References(ctx, &protocol.ReferenceParams{TextDocumentPositionParams: at})
				must(t, err)
				for _, l := range locs {
					if l.URI == u {
						check.rng(doc(), l.Range, "reference")
					}
				}
				if res, err := s.PrepareRename(ctx, &protocol.PrepareRenameParams{TextDocumentPositionParams: at}); err == nil && res != nil {
					check.rng(doc(), res.(*protocol.PrepareRenamePlaceholder).Range, "prepareRename")
				}
			}
		}
		if l := logs.String(); strings.Contains(l, "panic") {
			t.Fatalf("the server recovered a panic:\n%s", l)
		}
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// rangeChecker validates positions against a text, counting columns as
// the server does: UTF-16 units or bytes, an invalid byte as one unit.
type rangeChecker struct {
	t     *testing.T
	utf16 bool
}

func newRangeChecker(t *testing.T, utf16 bool) *rangeChecker {
	return &rangeChecker{t: t, utf16: utf16}
}

// units returns the column of every character boundary of a line.
func (c *rangeChecker) units(line string) map[uint32]bool {
	ok := map[uint32]bool{0: true}
	col := uint32(0)
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRuneInString(line[i:])
		switch {
		case !c.utf16:
			col += uint32(n)
		case r >= 0x10000:
			col += 2
		default:
			col++
		}
		i += n
		ok[col] = true
	}
	return ok
}

func (c *rangeChecker) lines(text string) []string {
	return strings.Split(text, "\n")
}

// line is a line without its "\r\n" or "\n" ending (the server's view).
func (c *rangeChecker) line(lines []string, i int) string {
	if i < len(lines)-1 {
		return strings.TrimSuffix(lines[i], "\r")
	}
	return lines[i]
}

func (c *rangeChecker) pos(text string, p protocol.Position, what string) {
	c.t.Helper()
	lines := c.lines(text)
	if int(p.Line) >= len(lines) {
		c.t.Errorf("%s: line %d past the last line (%d lines)", what, p.Line, len(lines))
		return
	}
	// a position in a line's "\r" is accepted: LSP clients tell "\r\n"
	// apart, but the server may point at the end of the text before it
	l := lines[p.Line]
	if !c.units(l)[p.Character] && !c.units(c.line(lines, int(p.Line)))[p.Character] {
		c.t.Errorf("%s: character %d is not a character boundary of line %d %q", what, p.Character, p.Line, l)
	}
}

func (c *rangeChecker) rng(text string, r protocol.Range, what string) {
	c.t.Helper()
	c.pos(text, r.Start, what)
	c.pos(text, r.End, what)
	if r.End.Line < r.Start.Line || r.End.Line == r.Start.Line && r.End.Character < r.Start.Character {
		c.t.Errorf("%s: range %+v runs backwards", what, r)
	}
}

// clamp is where the server puts a requested position: inside the text,
// on a character boundary.
func (c *rangeChecker) clamp(text string, p protocol.Position) protocol.Position {
	x := toml.NewLineIndex([]byte(text))
	enc := toml.UTF8
	if c.utf16 {
		enc = toml.UTF16
	}
	l, col := x.Position(x.Offset(int(p.Line), int(p.Character), enc), enc)
	return protocol.Position{Line: uint32(l), Character: uint32(col)}
}

func (c *rangeChecker) symbols(text string, syms []protocol.DocumentSymbol) {
	c.t.Helper()
	for _, s := range syms {
		c.rng(text, s.Range, "symbol "+s.Name)
		c.rng(text, s.SelectionRange, "symbol selection "+s.Name)
		if before(s.SelectionRange.Start, s.Range.Start) || before(s.Range.End, s.SelectionRange.End) {
			c.t.Errorf("symbol %s: selection %+v outside its range %+v", s.Name, s.SelectionRange, s.Range)
		}
		c.symbols(text, s.Children)
	}
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// serveDirect hands a notification to the server as the connection would:
// its params on the wire, through the method table.
func serveDirect(ctx context.Context, s *Server, method string, params any) error {
	raw, err := protocol.Marshal(params)
	if err != nil {
		return err
	}
	_, err = s.dispatch(ctx, byName[method], raw)
	return err
}
