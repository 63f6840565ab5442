package lsp

import (
	"slices"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// clientCaps is what the client declared at initialize, reduced to what
// the server acts on. It is made once and never changed: handlers read it
// without locks.
type clientCaps struct {
	enc      toml.Encoding
	pull     bool // the client pulls diagnostics
	lazyDocs bool // the client resolves completion documentation
	refresh  bool // the client takes workspace/diagnostic/refresh
	// inlayRefresh: the client takes workspace/inlayHint/refresh
	inlayRefresh bool
	watch        bool // the client takes dynamic file-watcher registration
	progress     bool // the client shows work-done progress the server begins
	// workspace edits: versioned document changes, renaming and creating
	// files
	docChanges, renameFiles, createFiles bool
	snippets                             bool // completion items may be snippets
	// markdown in completion documentation and in hovers (else plain text)
	docMarkdown, hoverMarkdown bool
}

// defaultCaps holds before initialize (nothing is served then).
var defaultCaps = &clientCaps{enc: toml.UTF16}

// caps returns the client's capabilities.
func (s *Server) caps() *clientCaps {
	if c := s.clientCaps.Load(); c != nil {
		return c
	}
	return defaultCaps
}

// capsOf reads the capabilities the server acts on.
func capsOf(c protocol.ClientCapabilities) *clientCaps {
	out := &clientCaps{enc: toml.UTF16}
	if c.General != nil && slices.Contains(c.General.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		out.enc = toml.UTF8
	}
	if td := c.TextDocument; td != nil {
		out.pull = td.Diagnostic != nil
		if td.Completion != nil && td.Completion.CompletionItem != nil {
			ci := td.Completion.CompletionItem
			out.lazyDocs = slices.Contains(ci.ResolveSupport.Properties, "documentation")
			out.snippets = ci.SnippetSupport != nil && *ci.SnippetSupport
			out.docMarkdown = slices.Contains(ci.DocumentationFormat, protocol.MarkupKindMarkdown)
		}
		if td.Hover != nil {
			out.hoverMarkdown = slices.Contains(td.Hover.ContentFormat, protocol.MarkupKindMarkdown)
		}
	}
	if w := c.Window; w != nil && w.WorkDoneProgress != nil {
		out.progress = *w.WorkDoneProgress
	}
	if ws := c.Workspace; ws != nil {
		if ws.DidChangeWatchedFiles != nil && ws.DidChangeWatchedFiles.DynamicRegistration != nil {
			out.watch = *ws.DidChangeWatchedFiles.DynamicRegistration
		}
		if ws.Diagnostics != nil && ws.Diagnostics.RefreshSupport != nil {
			out.refresh = *ws.Diagnostics.RefreshSupport
		}
		if ws.InlayHint != nil && ws.InlayHint.RefreshSupport != nil {
			out.inlayRefresh = *ws.InlayHint.RefreshSupport
		}
		if we := ws.WorkspaceEdit; we != nil {
			out.docChanges = we.DocumentChanges != nil && *we.DocumentChanges
			out.renameFiles = out.docChanges && slices.Contains(we.ResourceOperations, protocol.ResourceOperationKindRename)
			out.createFiles = out.docChanges && slices.Contains(we.ResourceOperations, protocol.ResourceOperationKindCreate)
		}
	}
	return out
}

// markup is text for the client: markdown when it takes it, else the same
// text made plain.
func (c *clientCaps) markup(md string, markdown bool) *protocol.MarkupContent {
	if markdown {
		return &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: md}
	}
	return &protocol.MarkupContent{Kind: protocol.MarkupKindPlainText, Value: plainText(md)}
}

// positionEncoding is the protocol name of the agreed encoding.
func (c *clientCaps) positionEncoding() protocol.PositionEncodingKind {
	if c.enc == toml.UTF8 {
		return protocol.PositionEncodingKindUTF8
	}
	return protocol.PositionEncodingKindUTF16
}
