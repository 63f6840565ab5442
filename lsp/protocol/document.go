package protocol

import "go.lsp.dev/uri"

// Document synchronization.

type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// TextDocumentContentChangeEvent is `{range, rangeLength?, text} | {text}`:
// a change of a range, or the whole text when Range is nil.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// Workspace folders and files.

type DidChangeWorkspaceFoldersParams struct {
	Event WorkspaceFoldersChangeEvent `json:"event"`
}

type WorkspaceFoldersChangeEvent struct {
	Added   []WorkspaceFolder `json:"added"`
	Removed []WorkspaceFolder `json:"removed"`
}

type DidChangeWatchedFilesParams struct {
	Changes []FileEvent `json:"changes"`
}

type FileEvent struct {
	URI  uri.URI        `json:"uri"`
	Type FileChangeType `json:"type"`
}

// FileChangeType is what happened to a watched file.
type FileChangeType uint32

const (
	FileChangeTypeCreated FileChangeType = 1
	FileChangeTypeDeleted FileChangeType = 3
)

// DidChangeWatchedFilesRegistrationOptions are the options of a
// workspace/didChangeWatchedFiles registration.
type DidChangeWatchedFilesRegistrationOptions struct {
	Watchers []FileSystemWatcher `json:"watchers"`
}

// FileSystemWatcher watches the files of a glob pattern (every kind of
// change when Kind is left out).
type FileSystemWatcher struct {
	GlobPattern Pattern `json:"globPattern"`
}

// RenameFilesParams are the params of workspace/willRenameFiles.
type RenameFilesParams struct {
	Files []FileRename `json:"files"`
}

type FileRename struct {
	OldURI string `json:"oldUri"`
	NewURI string `json:"newUri"`
}
