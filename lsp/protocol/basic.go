package protocol

import "go.lsp.dev/uri"

// The basic structures of the specification.

// Position is a zero-based line and character offset, the character in the
// position encoding agreed at initialize.
type Position struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

// Range is a span of a document, end exclusive.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a resource.
type Location struct {
	URI   uri.URI `json:"uri"`
	Range Range   `json:"range"`
}

// TextEdit replaces a range of a document.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI uri.URI `json:"uri"`
}

// VersionedTextDocumentIdentifier names a version of a document.
type VersionedTextDocumentIdentifier struct {
	TextDocumentIdentifier
	Version int32 `json:"version"`
}

// OptionalVersionedTextDocumentIdentifier names a document and the version
// an edit is for; null when the edit is for the file on disk.
type OptionalVersionedTextDocumentIdentifier struct {
	TextDocumentIdentifier
	Version *int32 `json:"version"`
}

// TextDocumentItem is an open document and its text.
type TextDocumentItem struct {
	URI        uri.URI `json:"uri"`
	LanguageID string  `json:"languageId"`
	Version    int32   `json:"version"`
	Text       string  `json:"text"`
}

// TextDocumentPositionParams is a position in a document.
type TextDocumentPositionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

// TextDocumentEdit is the edits of one version of a document.
type TextDocumentEdit struct {
	TextDocument OptionalVersionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []TextEdit                              `json:"edits"`
}

// DocumentChange is one of a workspace edit's documentChanges:
// TextDocumentEdit | CreateFile | RenameFile | DeleteFile. The server sends
// the first and RenameFile.
type DocumentChange interface{ isDocumentChange() }

func (*TextDocumentEdit) isDocumentChange() {}
func (*RenameFile) isDocumentChange()       {}

// ResourceOperationKind names the file operations of workspace edits.
type ResourceOperationKind string

const ResourceOperationKindRename ResourceOperationKind = "rename"

// RenameFile is the rename operation of a workspace edit; Kind is "rename".
type RenameFile struct {
	Kind   ResourceOperationKind `json:"kind"`
	OldURI uri.URI               `json:"oldUri"`
	NewURI uri.URI               `json:"newUri"`
}

// WorkspaceEdit is changes to many resources: Changes or, for a client
// that takes them, DocumentChanges.
type WorkspaceEdit struct {
	Changes         map[uri.URI][]TextEdit `json:"changes,omitempty"`
	DocumentChanges []DocumentChange       `json:"documentChanges,omitempty"`
}

// MarkupKind is the format of a MarkupContent.
type MarkupKind string

const (
	MarkupKindPlainText MarkupKind = "plaintext"
	MarkupKindMarkdown  MarkupKind = "markdown"
)

// MarkupContent is text in a format.
type MarkupContent struct {
	Kind  MarkupKind `json:"kind"`
	Value string     `json:"value"`
}

// PositionEncodingKind is an encoding of a Position's character offsets.
type PositionEncodingKind string

const (
	PositionEncodingKindUTF8  PositionEncodingKind = "utf-8"
	PositionEncodingKindUTF16 PositionEncodingKind = "utf-16"
)

// Pattern is a glob pattern.
type Pattern string

// UnmarshalJSON takes the `string | MarkupContent` of the properties that
// allow both (a completion item's documentation, sent back to resolve): a
// string is plain text.
func (m *MarkupContent) UnmarshalJSON(raw []byte) error {
	raw = trimSpace(raw)
	switch {
	case string(raw) == "null":
		return nil
	case len(raw) > 0 && raw[0] == '"':
		*m = MarkupContent{Kind: MarkupKindPlainText}
		return Unmarshal(raw, &m.Value)
	}
	type plain MarkupContent
	return Unmarshal(raw, (*plain)(m))
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return trimRightSpace(b)
}

func trimRightSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
