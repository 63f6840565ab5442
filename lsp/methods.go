package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// methods is every LSP method the server serves: its name, its handler and
// what initialize advertises for it. The dispatcher, initialize's
// capabilities and the tests are built from it; a method that is not here
// is not found (-32601), one that is here and needs params answers their
// absence with invalid params (-32602).
var methods []method

func init() {
	methods = methodTable()
	byName = make(map[string]*method, len(methods))
	for i := range methods {
		if byName[methods[i].name] != nil {
			panic("lsp: method " + methods[i].name + " twice in the table") // a build mistake, met by every test
		}
		byName[methods[i].name] = &methods[i]
	}
}

// methodTable is the table of methods. It is made in init, not as the
// variable's value: Initialize reads the table, and a variable whose value
// reaches itself does not compile.
func methodTable() []method {
	return []method{
		// the lifecycle: nothing to advertise
		{protocol.MethodInitialize, request((*Server).Initialize), nil},
		{protocol.MethodInitialized, notification((*Server).Initialized).optional(), nil},
		{protocol.MethodShutdown, requestNoParams((*Server).Shutdown), nil},
		{protocol.MethodExit, notificationNoParams((*Server).Exit), nil},

		// the text of open documents, decoded from the wire (wire_text.go)
		{protocol.MethodTextDocumentDidOpen, wireNotification((*Server).didOpen), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			textSync(sc).OpenClose = ptr(true)
		}},
		{protocol.MethodTextDocumentDidChange, wireNotification((*Server).didChange), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			textSync(sc).Change = ptr(protocol.TextDocumentSyncKindIncremental)
		}},
		{protocol.MethodTextDocumentDidSave, notification((*Server).DidSave), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			textSync(sc).Save = &protocol.SaveOptions{IncludeText: ptr(false)}
		}},
		{protocol.MethodTextDocumentDidClose, notification((*Server).DidClose), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			textSync(sc).OpenClose = ptr(true)
		}},

		// diagnostics the client pulls, when it pulls (else they are published)
		{protocol.MethodTextDocumentDiagnostic, request((*Server).Diagnostic), func(c *clientCaps, sc *protocol.ServerCapabilities) {
			if d := pullDiagnostics(c, sc); d != nil {
				d.Identifier = ptr("osmosis-lint")
				d.InterFileDependencies = true
			}
		}},
		{protocol.MethodWorkspaceDiagnostic, request((*Server).DiagnosticWorkspace), func(c *clientCaps, sc *protocol.ServerCapabilities) {
			if d := pullDiagnostics(c, sc); d != nil {
				d.WorkspaceDiagnostics = true
			}
		}},

		// the features of a document
		{protocol.MethodTextDocumentCompletion, request((*Server).Completion), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			completion(sc).TriggerCharacters = []string{"[", ".", "=", "\"", " ", "{", ","}
		}},
		{protocol.MethodCompletionItemResolve, request((*Server).CompletionResolve), func(c *clientCaps, sc *protocol.ServerCapabilities) {
			// served always; advertised as resolving when the client resolves
			// documentation lazily
			completion(sc).ResolveProvider = ptr(c.lazyDocs)
		}},
		{protocol.MethodTextDocumentHover, request((*Server).Hover), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.HoverProvider = protocol.Boolean(true)
		}},
		{protocol.MethodTextDocumentDefinition, request((*Server).Definition), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.DefinitionProvider = protocol.Boolean(true)
		}},
		{protocol.MethodTextDocumentReferences, request((*Server).References), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.ReferencesProvider = protocol.Boolean(true)
		}},
		{protocol.MethodTextDocumentDocumentSymbol, request((*Server).DocumentSymbol), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.DocumentSymbolProvider = protocol.Boolean(true)
		}},
		{protocol.MethodTextDocumentCodeAction, request((*Server).CodeAction), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.CodeActionProvider = &protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, protocol.CodeActionKindSourceFixAll},
			}
		}},
		{protocol.MethodTextDocumentDocumentLink, request((*Server).DocumentLink), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.DocumentLinkProvider = &protocol.DocumentLinkOptions{}
		}},
		{protocol.MethodTextDocumentRename, request((*Server).Rename), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			rename(sc)
		}},
		{protocol.MethodTextDocumentPrepareRename, request((*Server).PrepareRename), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			rename(sc).PrepareProvider = ptr(true)
		}},
		{protocol.MethodTextDocumentFoldingRange, request((*Server).FoldingRanges), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.FoldingRangeProvider = protocol.Boolean(true)
		}},
		{protocol.MethodTextDocumentSelectionRange, request((*Server).SelectionRange), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.SelectionRangeProvider = protocol.Boolean(true)
		}},
		{protocol.MethodTextDocumentInlayHint, request((*Server).InlayHint), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.InlayHintProvider = protocol.Boolean(true)
		}},

		// the workspace
		{protocol.MethodWorkspaceSymbol, request((*Server).Symbols), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			sc.WorkspaceSymbolProvider = protocol.Boolean(true)
		}},
		{protocol.MethodWorkspaceDidChangeWorkspaceFolders, notification((*Server).DidChangeWorkspaceFolders), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			workspaceOpts(sc).WorkspaceFolders = &protocol.WorkspaceFoldersServerCapabilities{Supported: ptr(true), ChangeNotifications: protocol.Boolean(true)}
		}},
		{protocol.MethodWorkspaceWillRenameFiles, request((*Server).WillRenameFiles), func(_ *clientCaps, sc *protocol.ServerCapabilities) {
			workspaceOpts(sc).FileOperations = &protocol.FileOperationOptions{WillRename: protocol.FileOperationRegistrationOptions{Filters: []protocol.FileOperationFilter{{
				Scheme:  ptr("file"),
				Pattern: protocol.FileOperationPattern{Glob: "**/rollouts/*", Matches: protocol.FileOperationPatternKindFolder},
			}}}}
		}},
		// registered at initialized, when the client takes dynamic file watchers
		// (registerWatchers); nothing in the initialize result
		{protocol.MethodWorkspaceDidChangeWatchedFiles, notification((*Server).DidChangeWatchedFiles), nil},
	}
}

// method is one LSP method the server serves.
type method struct {
	name string
	handler
	// advertise adds to the server's capabilities what tells the client
	// the method is served; nil when the initialize result says nothing of
	// it. Methods that share a capability each set their part of it.
	advertise func(c *clientCaps, sc *protocol.ServerCapabilities)
}

// handler decodes a method's params and calls the Server's method for it.
type handler struct {
	call         func(s *Server, ctx context.Context, params []byte) (any, error)
	notification bool
	params       paramsRule
}

// paramsRule says what a method makes of absent or null params.
type paramsRule uint8

const (
	paramsRequired paramsRule = iota // invalid params (-32602)
	paramsOptional                   // as good as empty ones
	paramsNone                       // the method takes none: ignored
)

func (h handler) optional() handler {
	h.params = paramsOptional
	return h
}

// byName indexes methods; built once, read without locks.
var byName map[string]*method

// capabilities are what initialize advertises to a client with c.
func capabilities(c *clientCaps) protocol.ServerCapabilities {
	sc := protocol.ServerCapabilities{PositionEncoding: c.positionEncoding()}
	for _, m := range methods {
		if m.advertise != nil {
			m.advertise(c, &sc)
		}
	}
	return sc
}

// dispatch calls the handler of m with params (checkParams has let them
// through).
func (s *Server) dispatch(ctx context.Context, m *method, params []byte) (any, error) {
	if ctx.Err() != nil {
		return nil, protocol.ErrRequestCancelled
	}
	return m.call(s, ctx, params)
}

// checkParams answers a message without params (absent or null) as
// JSON-RPC asks: a method the server does not serve is not found, one it
// serves gets invalid params unless it takes none or may go without.
func checkParams(name string, params []byte) error {
	m := byName[name]
	if m == nil {
		return jsonrpc2.NewError(jsonrpc2.MethodNotFound, "osmosis-lint: method not found: "+name)
	}
	if !absent(params) || m.params != paramsRequired {
		return nil
	}
	return jsonrpc2.NewError(jsonrpc2.InvalidParams, "osmosis-lint: "+name+" needs params")
}

// absent reports whether params are missing or null.
func absent(params []byte) bool {
	p := bytes.TrimSpace(params)
	return len(p) == 0 || bytes.Equal(p, []byte("null"))
}

// decode reads params into p with unmarshal; absent params leave p zero
// (only methods whose rule allows it get here without them).
func decode[P any](unmarshal func([]byte, any) error, params []byte) (*P, error) {
	var p P
	if absent(params) {
		return &p, nil
	}
	if err := unmarshal(params, &p); err != nil {
		// the params are JSON of the wrong shape (the stream answers
		// broken JSON before it gets here)
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Errorf("%w: %w", jsonrpc2.ErrParse, err).Error())
	}
	return &p, nil
}

func protocolUnmarshal(data []byte, v any) error { return protocol.Unmarshal(data, v) }

func request[P, R any](f func(*Server, context.Context, *P) (R, error)) handler {
	return handler{call: func(s *Server, ctx context.Context, params []byte) (any, error) {
		p, err := decode[P](protocolUnmarshal, params)
		if err != nil {
			return nil, err
		}
		return f(s, ctx, p)
	}}
}

func requestNoParams(f func(*Server, context.Context) error) handler {
	return handler{params: paramsNone, call: func(s *Server, ctx context.Context, _ []byte) (any, error) {
		return nil, f(s, ctx)
	}}
}

func notification[P any](f func(*Server, context.Context, *P) error) handler {
	return handler{notification: true, call: func(s *Server, ctx context.Context, params []byte) (any, error) {
		p, err := decode[P](protocolUnmarshal, params)
		if err != nil {
			return nil, err
		}
		return nil, f(s, ctx, p)
	}}
}

func notificationNoParams(f func(*Server, context.Context) error) handler {
	return handler{notification: true, params: paramsNone, call: func(s *Server, ctx context.Context, _ []byte) (any, error) {
		return nil, f(s, ctx)
	}}
}

// wireNotification decodes its params with encoding/json, for the wire
// types of wire_text.go.
func wireNotification[P any](f func(*Server, context.Context, *P) error) handler {
	return handler{notification: true, call: func(s *Server, ctx context.Context, params []byte) (any, error) {
		p, err := decode[P](json.Unmarshal, params)
		if err != nil {
			return nil, err
		}
		return nil, f(s, ctx, p)
	}}
}

// The parts of the capabilities that several methods share.

func textSync(sc *protocol.ServerCapabilities) *protocol.TextDocumentSyncOptions {
	if o, ok := sc.TextDocumentSync.(*protocol.TextDocumentSyncOptions); ok {
		return o
	}
	o := &protocol.TextDocumentSyncOptions{}
	sc.TextDocumentSync = o
	return o
}

func completion(sc *protocol.ServerCapabilities) *protocol.CompletionOptions {
	if sc.CompletionProvider == nil {
		sc.CompletionProvider = &protocol.CompletionOptions{}
	}
	return sc.CompletionProvider
}

func rename(sc *protocol.ServerCapabilities) *protocol.RenameOptions {
	if o, ok := sc.RenameProvider.(*protocol.RenameOptions); ok {
		return o
	}
	o := &protocol.RenameOptions{}
	sc.RenameProvider = o
	return o
}

// pullDiagnostics is the diagnostic provider for a client that pulls, nil
// for one that does not.
func pullDiagnostics(c *clientCaps, sc *protocol.ServerCapabilities) *protocol.DiagnosticOptions {
	if !c.pull {
		return nil
	}
	if o, ok := sc.DiagnosticProvider.(*protocol.DiagnosticOptions); ok {
		return o
	}
	o := &protocol.DiagnosticOptions{}
	sc.DiagnosticProvider = o
	return o
}

func workspaceOpts(sc *protocol.ServerCapabilities) *protocol.WorkspaceOptions {
	if sc.Workspace == nil {
		sc.Workspace = &protocol.WorkspaceOptions{}
	}
	return sc.Workspace
}
