package protocol

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"go.lsp.dev/uri"
)

func ptr[T any](v T) *T { return &v }

// What the server sends: required properties written even when zero,
// optional ones left out when unset, T | null written null, unions as the
// value they hold.
func TestMarshal(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"position at 0:0", Position{}, `{"line":0,"character":0}`},
		{"empty location", Location{}, `{"uri":"","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}}`},
		{"text edit deleting", TextEdit{}, `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"newText":""}`},
		{"empty completion list", &CompletionList{Items: []CompletionItem{}}, `{"isIncomplete":false,"items":[]}`},
		{"diagnostic with nothing optional", Diagnostic{}, `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":""}`},
		{"diagnostic with a string code", Diagnostic{Code: StringValue("unknown-key"), Severity: DiagnosticSeverityWarning, Tags: []DiagnosticTag{DiagnosticTagUnnecessary}},
			`{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"severity":2,"code":"unknown-key","message":"","tags":[1]}`},
		{"integer code 0", Diagnostic{Code: IntegerOrString{IsInt: true}}, `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"code":0,"message":""}`},
		{"publish without a version", PublishDiagnosticsParams{URI: "file:///a.toml", Diagnostics: []Diagnostic{}}, `{"uri":"file:///a.toml","diagnostics":[]}`},
		{"publish with version 0", PublishDiagnosticsParams{URI: "file:///a.toml", Version: ptr[int32](0), Diagnostics: []Diagnostic{}}, `{"uri":"file:///a.toml","version":0,"diagnostics":[]}`},
		{"full report, closed file", &WorkspaceFullDocumentDiagnosticReport{FullDocumentDiagnosticReport: FullDocumentDiagnosticReport{Kind: "full", Items: []Diagnostic{}}, URI: "file:///a.toml"},
			`{"kind":"full","items":[],"uri":"file:///a.toml","version":null}`},
		{"unchanged report", DocumentDiagnosticReport(&RelatedUnchangedDocumentDiagnosticReport{UnchangedDocumentDiagnosticReport{Kind: "unchanged", ResultID: "1"}}),
			`{"kind":"unchanged","resultId":"1"}`},
		{"edit of the file on disk", TextDocumentEdit{TextDocument: OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: TextDocumentIdentifier{URI: "file:///a"}}, Edits: []TextEdit{}},
			`{"textDocument":{"uri":"file:///a","version":null},"edits":[]}`},
		{"document changes", WorkspaceEdit{DocumentChanges: []DocumentChange{&RenameFile{Kind: ResourceOperationKindRename, OldURI: "file:///a", NewURI: "file:///b"}}},
			`{"documentChanges":[{"kind":"rename","oldUri":"file:///a","newUri":"file:///b"}]}`},
		{"no prepare rename", PrepareRenameResult(nil), `null`},
		{"no prepare rename (typed)", PrepareRenameResult((*PrepareRenamePlaceholder)(nil)), `null`},
		{"code action", []CommandOrCodeAction{&CodeAction{Title: "t", Kind: ptr(CodeActionKindQuickFix), IsPreferred: ptr(false)}}, `[{"title":"t","kind":"quickfix","isPreferred":false}]`},
		{"html left alone", MarkupContent{Kind: MarkupKindMarkdown, Value: "a <b> & c >= 1"}, `{"kind":"markdown","value":"a <b> & c >= 1"}`},
		{"completion text edit", CompletionTextEdit{Range: &Range{}, NewText: "x"}, `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"newText":"x"}`},
		{"insert replace edit", CompletionTextEdit{NewText: "x", Insert: &Range{}, Replace: &Range{}},
			`{"newText":"x","insert":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"replace":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}}`},
		{"resolve provider false", CompletionOptions{ResolveProvider: ptr(false)}, `{"resolveProvider":false}`},
		{"diagnostic options", DiagnosticOptions{}, `{"interFileDependencies":false,"workspaceDiagnostics":false}`},
		{"document symbols", DocumentSymbolResult(DocumentSymbolSlice{}), `[]`},
		{"a whole change", TextDocumentContentChangeEvent{Text: "x"}, `{"text":"x"}`},
		{"registration without options", Registration{ID: "1", Method: "m"}, `{"id":"1","method":"m"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// What clients send: every arm of a union decodes, a value of the wrong
// type is an error.
func TestUnmarshal(t *testing.T) {
	for _, tc := range []struct {
		name string
		json string
		into any // a pointer to a zero value
		want any // nil when an error is wanted
	}{
		{"integer id", `{"id":7}`, &CancelParams{}, &CancelParams{ID: &IntegerOrString{Int: 7, IsInt: true}}},
		{"string id", `{"id":"7"}`, &CancelParams{}, &CancelParams{ID: &IntegerOrString{Str: "7"}}},
		{"large id", `{"id":9007199254740993}`, &CancelParams{}, &CancelParams{ID: &IntegerOrString{Int: 9007199254740993, IsInt: true}}},
		{"fractional id", `{"id":1.5}`, &CancelParams{}, nil},
		{"boolean id", `{"id":true}`, &CancelParams{}, nil},
		{"null id", `{"id":null}`, &CancelParams{}, &CancelParams{}},
		{"a numeric diagnostic code", `{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":3}},"message":"m","code":2304}`, &Diagnostic{},
			&Diagnostic{Range: Range{Start: Position{1, 2}, End: Position{1, 3}}, Message: "m", Code: IntegerOrString{Int: 2304, IsInt: true}}},
		{"documentation as a string", `{"label":"x","documentation":"plain"}`, &CompletionItem{}, &CompletionItem{Label: "x", Documentation: &MarkupContent{Kind: MarkupKindPlainText, Value: "plain"}}},
		{"documentation as markup", `{"label":"x","documentation":{"kind":"markdown","value":"*m*"}}`, &CompletionItem{}, &CompletionItem{Label: "x", Documentation: &MarkupContent{Kind: MarkupKindMarkdown, Value: "*m*"}}},
		{"documentation null", `{"label":"x","documentation":null}`, &CompletionItem{}, &CompletionItem{Label: "x"}},
		{"documentation a number", `{"label":"x","documentation":3}`, &CompletionItem{}, nil},
		{"insert replace edit", `{"label":"x","textEdit":{"newText":"n","insert":{"start":{"line":0,"character":1},"end":{"line":0,"character":1}},"replace":{"start":{"line":0,"character":1},"end":{"line":0,"character":4}}}}`, &CompletionItem{},
			&CompletionItem{Label: "x", TextEdit: &CompletionTextEdit{NewText: "n", Insert: &Range{Position{0, 1}, Position{0, 1}}, Replace: &Range{Position{0, 1}, Position{0, 4}}}}},
		{"partial change", `{"textDocument":{"uri":"file:///a","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"rangeLength":1,"text":"y"},{"text":"whole"}]}`, &DidChangeTextDocumentParams{},
			&DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{TextDocumentIdentifier{"file:///a"}, 2},
				ContentChanges: []TextDocumentContentChangeEvent{{Range: &Range{End: Position{0, 1}}, Text: "y"}, {Text: "whole"}}}},
		{"initialize with nulls", `{"processId":null,"rootUri":null,"workspaceFolders":null,"capabilities":{"textDocument":{"completion":{"completionItem":{"resolveSupport":null}}}}}`, &InitializeParams{},
			&InitializeParams{Capabilities: ClientCapabilities{TextDocument: &TextDocumentClientCapabilities{Completion: &CompletionClientCapabilities{CompletionItem: &CompletionItemClientCapabilities{}}}}}},
		{"a negative line", `{"textDocument":{"uri":"file:///a"},"position":{"line":-1,"character":0}}`, &HoverParams{}, nil},
		{"a position of strings", `{"textDocument":{"uri":"file:///a"},"position":{"line":"1","character":0}}`, &HoverParams{}, nil},
		{"a URI that is not a string", `{"textDocument":{"uri":5}}`, &DocumentSymbolParams{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Unmarshal([]byte(tc.json), tc.into)
			if tc.want == nil {
				if err == nil {
					t.Fatalf("decoded %+v, want an error", tc.into)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tc.into, tc.want) {
				t.Errorf("got  %+v\nwant %+v", tc.into, tc.want)
			}
		})
	}
}

// A completion item the client sends back to resolve comes back with every
// property it had, the ones the server never sets included.
func TestCompletionItemRoundTrip(t *testing.T) {
	in := `{"label":"lr","labelDetails":{"detail":" number"},"kind":10,"tags":[1],"detail":"number","documentation":{"kind":"markdown","value":"*rate*"},"deprecated":false,"preselect":true,"sortText":"1","filterText":"lr","insertText":"lr","insertTextFormat":2,"insertTextMode":2,"textEdit":{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":2}},"newText":"lr = ${1:1e-6}"},"textEditText":"x","additionalTextEdits":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"newText":"#"}],"commitCharacters":["="],"command":{"title":"t","command":"c"},"data":{"list":1,"item":0}}`
	var it CompletionItem
	if err := Unmarshal([]byte(in), &it); err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(&it)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("round trip:\n got %s\nwant %s", out, in)
	}
}

// Document URIs decode to the canonical form of go.lsp.dev/uri, as the
// server's maps of documents are keyed.
func TestURIsCanonical(t *testing.T) {
	raw := `{"textDocument":{"uri":"file:///tmp/a%20b/c.toml"}}`
	var p DocumentSymbolParams
	if err := Unmarshal([]byte(raw), &p); err != nil {
		t.Fatal(err)
	}
	want, err := uri.Parse("file:///tmp/a%20b/c.toml")
	if err != nil {
		t.Fatal(err)
	}
	if p.TextDocument.URI != want || p.TextDocument.URI != uri.File("/tmp/a b/c.toml") {
		t.Errorf("uri %q, want %q", p.TextDocument.URI, want)
	}
}

// The method names the server uses are methods of the specification.
func TestMethodNames(t *testing.T) {
	known := map[string]bool{}
	for _, m := range Methods {
		if known[m.Method] {
			t.Errorf("%s listed twice", m.Method)
		}
		known[m.Method] = true
	}
	for _, name := range []string{MethodInitialize, MethodInitialized, MethodShutdown, MethodExit, MethodCancelRequest,
		MethodTextDocumentDidOpen, MethodTextDocumentDidChange, MethodTextDocumentDidSave, MethodTextDocumentDidClose,
		MethodTextDocumentDiagnostic, MethodWorkspaceDiagnostic, MethodTextDocumentCompletion, MethodCompletionItemResolve,
		MethodTextDocumentHover, MethodTextDocumentDefinition, MethodTextDocumentReferences, MethodTextDocumentDocumentSymbol,
		MethodTextDocumentCodeAction, MethodTextDocumentDocumentLink, MethodTextDocumentRename, MethodTextDocumentPrepareRename,
		MethodTextDocumentFoldingRange, MethodTextDocumentSelectionRange, MethodTextDocumentInlayHint, MethodWorkspaceSymbol,
		MethodWorkspaceDidChangeWorkspaceFolders, MethodWorkspaceWillRenameFiles, MethodWorkspaceDidChangeWatchedFiles,
		MethodTextDocumentPublishDiagnostics, MethodWindowShowMessage, MethodClientRegisterCapability, MethodWorkspaceDiagnosticRefresh} {
		if !known[name] {
			t.Errorf("%s is not in Methods", name)
		}
	}
}

// Marshal's bytes are encoding/json's but for HTML escaping.
func TestMarshalIsEncodingJSON(t *testing.T) {
	v := Hover{Contents: MarkupContent{Kind: MarkupKindPlainText, Value: "\u2028 \x01 é 🚀 \"q\" \\"}, Range: &Range{}}
	got, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if string(got)+"\n" != want.String() {
		t.Errorf("got %s, want %s", got, want.String())
	}
}

// A code is written as encoding/json writes the string, escapes and all.
func TestCodeStrings(t *testing.T) {
	for _, code := range []string{"unknown-key", "", "a\"b", `a\b`, "tab\there", "é", "<&>", "\u2028", "\xff"} {
		got, err := Marshal(StringValue(code))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Marshal(code)
		if string(got) != string(want) {
			t.Errorf("code %q: %s, want %s", code, got, want)
		}
		var back IntegerOrString
		if err := Unmarshal(got, &back); err != nil || back.IsInt || (back.Str != code && code != "\xff") {
			t.Errorf("code %q: read back %+v, %v", code, back, err)
		}
	}
}

// An optional property the server keeps as the client's bytes and sends
// back (a resolved completion item, the diagnostics of a code action's
// context) is left out when the client sent it as null: null is no value
// of labelDetails, tags, insertTextMode, command or relatedInformation
// (go.lsp.dev/protocol read it as absent). data is LSPAny, of which null is
// a value: it is kept.
func TestOptionalNullIsAbsent(t *testing.T) {
	for _, tc := range []struct {
		into any
		json string
		want string
	}{
		{&CompletionItem{}, `{"label":"x","labelDetails":null,"tags":null,"insertTextMode":null,"command":null,"data":null}`, `{"label":"x","data":null}`},
		{&CompletionItem{}, `{"label":"x","labelDetails":{"detail":"d"},"tags":[1],"insertTextMode":2,"command":{"title":"t","command":"c"}}`,
			`{"label":"x","labelDetails":{"detail":"d"},"tags":[1],"insertTextMode":2,"command":{"title":"t","command":"c"}}`},
		{&Diagnostic{}, `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":"m","relatedInformation":null}`,
			`{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":"m"}`},
	} {
		if err := Unmarshal([]byte(tc.json), tc.into); err != nil {
			t.Fatal(err)
		}
		got, err := Marshal(tc.into)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("%s\ngot  %s\nwant %s", tc.json, got, tc.want)
		}
	}
}

// A pooled decoder that took a message with white space after its value
// keeps that white space buffered; the next message must not count it as
// its own: bytes after that message's value are still refused, as
// json.Unmarshal refuses them.
func TestPooledDecoderKeepsNoWhiteSpace(t *testing.T) {
	for range 50 { // the pool may drop what is put back
		var v struct{}
		if err := Unmarshal([]byte("{}  "), &v); err != nil {
			t.Fatal(err)
		}
		if err := Unmarshal([]byte("{}xy"), &v); err == nil {
			t.Fatal(`{}xy decoded without error after "{}  "`)
		}
	}
}

// TestMarshalEscapes: a message never carries a control or bidirectional
// character raw (a file name or a value in a diagnostic, a hover): each is
// a \u escape, and the message decodes to the same text.
func TestMarshalEscapes(t *testing.T) {
	msg := "nl\n::error::x \x1b[31m \x1b]0;t\a \x7f \u0085 \u202e \u2066 \u2028"
	b, err := Marshal(Diagnostic{Message: msg})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range string(b) {
		if r < 0x20 || r >= 0x7f && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x2028 {
			t.Fatalf("raw %U in %q", r, b)
		}
	}
	var d Diagnostic
	if err := Unmarshal(b, &d); err != nil || d.Message != msg {
		t.Fatalf("reads back %q (%v)", d.Message, err)
	}
}
