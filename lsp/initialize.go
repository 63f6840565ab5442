package lsp

import (
	"context"
	"slices"
	"time"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func ptr[T any](v T) *T { return &v }

func (s *Server) Initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	caps := p.Capabilities
	enc := protocol.PositionEncodingKindUTF16
	if caps.General != nil {
		for _, e := range caps.General.PositionEncodings {
			if e == protocol.PositionEncodingKindUTF8 {
				enc = protocol.PositionEncodingKindUTF8
				s.enc = toml.UTF8
				break
			}
		}
	}
	if td := caps.TextDocument; td != nil && td.Diagnostic != nil {
		s.pull = true
	}
	if td := caps.TextDocument; td != nil && td.Completion != nil && td.Completion.CompletionItem != nil {
		s.lazyDocs = slices.Contains(td.Completion.CompletionItem.ResolveSupport.Properties, "documentation")
	}
	if ws := caps.Workspace; ws != nil {
		if ws.DidChangeWatchedFiles != nil && ws.DidChangeWatchedFiles.DynamicRegistration != nil {
			s.watchReg = *ws.DidChangeWatchedFiles.DynamicRegistration
		}
		if ws.Diagnostics != nil && ws.Diagnostics.RefreshSupport != nil {
			s.refresh = *ws.Diagnostics.RefreshSupport
		}
	}
	if folders, ok := p.WorkspaceFolders.Get(); ok {
		for _, f := range folders {
			if path, ok := filePath(f.URI); ok {
				s.folders = append(s.folders, path)
			}
		}
	}
	if len(s.folders) == 0 && p.RootURI != nil {
		if path, ok := filePath(*p.RootURI); ok {
			s.folders = append(s.folders, path)
		}
	}
	s.state = stateInitialized

	sync := protocol.TextDocumentSyncKindIncremental
	result := &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			PositionEncoding: enc,
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: ptr(true),
				Change:    &sync,
				Save:      &protocol.SaveOptions{IncludeText: ptr(false)},
			},
			CompletionProvider: &protocol.CompletionOptions{
				TriggerCharacters: []string{"[", ".", "=", "\"", " ", "{", ","},
				ResolveProvider:   ptr(s.lazyDocs),
			},
			HoverProvider:          protocol.Boolean(true),
			DefinitionProvider:     protocol.Boolean(true),
			DocumentSymbolProvider: protocol.Boolean(true),
			CodeActionProvider: &protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, protocol.CodeActionKindSourceFixAll},
			},
			FoldingRangeProvider: protocol.Boolean(true),
			InlayHintProvider:    protocol.Boolean(true),
		},
		ServerInfo: protocol.ServerInfo{Name: "osmosis-lint", Version: protocol.NewOptional(s.opts.Version)},
	}
	if s.pull {
		result.Capabilities.DiagnosticProvider = &protocol.DiagnosticOptions{
			Identifier:            ptr("osmosis-lint"),
			InterFileDependencies: true,
			WorkspaceDiagnostics:  true,
		}
	}
	return result, nil
}

func (s *Server) Initialized(ctx context.Context, p *protocol.InitializedParams) error {
	s.mu.Lock()
	register := s.watchReg
	pull := s.pull
	s.mu.Unlock()
	if register {
		s.background("registering file watchers", s.registerWatchers)
	}
	if !pull {
		// show the findings of every config of the workspace, opened or not
		s.scheduleWorkspaceLint(nil)
	}
	return nil
}

// registerWatchers asks the client to report changes to the files the
// cross-file rules read.
func (s *Server) registerWatchers() {
	var watchers []protocol.FileSystemWatcher
	for _, g := range []string{"**/rollouts/**", "**/data/**", "**/pyproject.toml", "**/configs/**", "**/.git/config", "**/.gitignore"} {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern(g)})
	}
	opts, err := protocol.Marshal(protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers})
	if err != nil {
		s.log.Printf("register watchers: %v", err)
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	err = s.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:              "osmosis-lint-watchers",
		Method:          protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: opts,
	}}})
	if err != nil {
		s.log.Printf("register watchers: %v", err)
	}
}
