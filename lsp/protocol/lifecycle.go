package protocol

import (
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"
)

// InitializeParams are the params of initialize (the properties the server
// reads; the others are skipped).
type InitializeParams struct {
	ProcessID        *int32             `json:"processId"`
	ClientInfo       *ClientInfo        `json:"clientInfo,omitempty"`
	RootURI          *uri.URI           `json:"rootUri"`
	Capabilities     ClientCapabilities `json:"capabilities"`
	WorkspaceFolders []WorkspaceFolder  `json:"workspaceFolders,omitempty"`
}

// ClientInfo names the client.
type ClientInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// WorkspaceFolder is a folder open in the client.
type WorkspaceFolder struct {
	URI  uri.URI `json:"uri"`
	Name string  `json:"name"`
}

// ClientCapabilities are what the client declares it takes (the parts the
// server acts on).
type ClientCapabilities struct {
	Workspace    *WorkspaceClientCapabilities    `json:"workspace,omitempty"`
	TextDocument *TextDocumentClientCapabilities `json:"textDocument,omitempty"`
	General      *GeneralClientCapabilities      `json:"general,omitempty"`
}

// GeneralClientCapabilities: the position encodings the client takes, in
// its order of preference.
type GeneralClientCapabilities struct {
	PositionEncodings []PositionEncodingKind `json:"positionEncodings,omitempty"`
}

type WorkspaceClientCapabilities struct {
	WorkspaceEdit         *WorkspaceEditClientCapabilities         `json:"workspaceEdit,omitempty"`
	DidChangeWatchedFiles *DidChangeWatchedFilesClientCapabilities `json:"didChangeWatchedFiles,omitempty"`
	Diagnostics           *DiagnosticWorkspaceClientCapabilities   `json:"diagnostics,omitempty"`
}

type WorkspaceEditClientCapabilities struct {
	DocumentChanges    *bool                   `json:"documentChanges,omitempty"`
	ResourceOperations []ResourceOperationKind `json:"resourceOperations,omitempty"`
}

type DidChangeWatchedFilesClientCapabilities struct {
	DynamicRegistration *bool `json:"dynamicRegistration,omitempty"`
}

type DiagnosticWorkspaceClientCapabilities struct {
	RefreshSupport *bool `json:"refreshSupport,omitempty"`
}

type TextDocumentClientCapabilities struct {
	Completion *CompletionClientCapabilities `json:"completion,omitempty"`
	Hover      *HoverClientCapabilities      `json:"hover,omitempty"`
	Diagnostic *DiagnosticClientCapabilities `json:"diagnostic,omitempty"`
}

type CompletionClientCapabilities struct {
	CompletionItem *CompletionItemClientCapabilities `json:"completionItem,omitempty"`
}

// CompletionItemClientCapabilities are the completionItem property of
// CompletionClientCapabilities.
type CompletionItemClientCapabilities struct {
	SnippetSupport      *bool           `json:"snippetSupport,omitempty"`
	DocumentationFormat []MarkupKind    `json:"documentationFormat,omitempty"`
	ResolveSupport      *ResolveSupport `json:"resolveSupport,omitempty"`
}

// ResolveSupport lists the properties the client can resolve lazily.
type ResolveSupport struct {
	Properties []string `json:"properties"`
}

type HoverClientCapabilities struct {
	ContentFormat []MarkupKind `json:"contentFormat,omitempty"`
}

// DiagnosticClientCapabilities: the client pulls diagnostics.
type DiagnosticClientCapabilities struct {
	DynamicRegistration    *bool `json:"dynamicRegistration,omitempty"`
	RelatedDocumentSupport *bool `json:"relatedDocumentSupport,omitempty"`
}

// InitializeResult is the answer to initialize.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   *ServerInfo        `json:"serverInfo,omitempty"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// InitializedParams are the (empty) params of initialized.
type InitializedParams struct{}

// ServerCapabilities are what the server serves, in the order the
// specification's meta model lists them.
type ServerCapabilities struct {
	PositionEncoding        PositionEncodingKind     `json:"positionEncoding,omitempty"`
	TextDocumentSync        *TextDocumentSyncOptions `json:"textDocumentSync,omitempty"`
	CompletionProvider      *CompletionOptions       `json:"completionProvider,omitempty"`
	HoverProvider           *bool                    `json:"hoverProvider,omitempty"`
	DefinitionProvider      *bool                    `json:"definitionProvider,omitempty"`
	ReferencesProvider      *bool                    `json:"referencesProvider,omitempty"`
	DocumentSymbolProvider  *bool                    `json:"documentSymbolProvider,omitempty"`
	CodeActionProvider      *CodeActionOptions       `json:"codeActionProvider,omitempty"`
	DocumentLinkProvider    *DocumentLinkOptions     `json:"documentLinkProvider,omitempty"`
	WorkspaceSymbolProvider *bool                    `json:"workspaceSymbolProvider,omitempty"`
	RenameProvider          *RenameOptions           `json:"renameProvider,omitempty"`
	FoldingRangeProvider    *bool                    `json:"foldingRangeProvider,omitempty"`
	SelectionRangeProvider  *bool                    `json:"selectionRangeProvider,omitempty"`
	InlayHintProvider       *bool                    `json:"inlayHintProvider,omitempty"`
	DiagnosticProvider      *DiagnosticOptions       `json:"diagnosticProvider,omitempty"`
	Workspace               *WorkspaceOptions        `json:"workspace,omitempty"`
}

// TextDocumentSyncKind is how the client sends document changes.
type TextDocumentSyncKind uint32

const (
	TextDocumentSyncKindIncremental TextDocumentSyncKind = 2
)

type TextDocumentSyncOptions struct {
	OpenClose *bool                 `json:"openClose,omitempty"`
	Change    *TextDocumentSyncKind `json:"change,omitempty"`
	Save      *SaveOptions          `json:"save,omitempty"`
}

type SaveOptions struct {
	IncludeText *bool `json:"includeText,omitempty"`
}

type CompletionOptions struct {
	TriggerCharacters []string `json:"triggerCharacters,omitempty"`
	ResolveProvider   *bool    `json:"resolveProvider,omitempty"`
}

type CodeActionOptions struct {
	CodeActionKinds []CodeActionKind `json:"codeActionKinds,omitempty"`
}

type DocumentLinkOptions struct {
	ResolveProvider *bool `json:"resolveProvider,omitempty"`
}

type RenameOptions struct {
	PrepareProvider *bool `json:"prepareProvider,omitempty"`
}

// DiagnosticOptions: the server answers pulls.
type DiagnosticOptions struct {
	Identifier            *string `json:"identifier,omitempty"`
	InterFileDependencies bool    `json:"interFileDependencies"`
	WorkspaceDiagnostics  bool    `json:"workspaceDiagnostics"`
}

// WorkspaceOptions are the workspace property of ServerCapabilities.
type WorkspaceOptions struct {
	WorkspaceFolders *WorkspaceFoldersServerCapabilities `json:"workspaceFolders,omitempty"`
	FileOperations   *FileOperationOptions               `json:"fileOperations,omitempty"`
}

type WorkspaceFoldersServerCapabilities struct {
	Supported           *bool `json:"supported,omitempty"`
	ChangeNotifications *bool `json:"changeNotifications,omitempty"`
}

type FileOperationOptions struct {
	WillRename *FileOperationRegistrationOptions `json:"willRename,omitempty"`
}

type FileOperationRegistrationOptions struct {
	Filters []FileOperationFilter `json:"filters"`
}

type FileOperationFilter struct {
	Scheme  *string              `json:"scheme,omitempty"`
	Pattern FileOperationPattern `json:"pattern"`
}

type FileOperationPattern struct {
	Glob    string                   `json:"glob"`
	Matches FileOperationPatternKind `json:"matches,omitempty"`
}

// FileOperationPatternKind: a pattern matches files or folders.
type FileOperationPatternKind string

const (
	FileOperationPatternKindFolder FileOperationPatternKind = "folder"
)

// RegistrationParams are the params of client/registerCapability.
type RegistrationParams struct {
	Registrations []Registration `json:"registrations"`
}

type Registration struct {
	ID              string          `json:"id"`
	Method          string          `json:"method"`
	RegisterOptions json.RawMessage `json:"registerOptions,omitempty"`
}

// CancelParams are the params of $/cancelRequest (ID is nil when the
// client sent none, or null).
type CancelParams struct {
	ID *IntegerOrString `json:"id"`
}

// CodeRequestCancelled is the error of a request cancelled by the client
// or superseded.
const CodeRequestCancelled jsonrpc2.Code = -32800

// ErrRequestCancelled answers a cancelled request.
var ErrRequestCancelled = jsonrpc2.NewError(CodeRequestCancelled, "the request was cancelled")

// MessageType is the kind of a window/showMessage.
type MessageType uint32

const (
	MessageTypeError   MessageType = 1
	MessageTypeWarning MessageType = 2
)

// ShowMessageParams are the params of window/showMessage.
type ShowMessageParams struct {
	Type    MessageType `json:"type"`
	Message string      `json:"message"`
}
