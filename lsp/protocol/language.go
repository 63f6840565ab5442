package protocol

import "go.lsp.dev/uri"

// The language features the server serves.

// Completion.

type CompletionParams struct {
	TextDocumentPositionParams
	Context *CompletionContext `json:"context,omitempty"`
}

type CompletionContext struct {
	TriggerKind      uint32  `json:"triggerKind"`
	TriggerCharacter *string `json:"triggerCharacter,omitempty"`
}

// CompletionResult is the answer to textDocument/completion:
// CompletionItem[] | CompletionList | null. The server sends a list.
type CompletionResult interface{ isCompletionResult() }

func (*CompletionList) isCompletionResult() {}

// CompletionList is the items of a completion; a required Items is sent
// as [] when there are none.
type CompletionList struct {
	IsIncomplete bool             `json:"isIncomplete"`
	Items        []CompletionItem `json:"items"`
}

// CompletionItem is one proposal. The server reads back the items it sent
// (completionItem/resolve), so every property of the specification is here;
// those the server never sets are kept as the bytes the client sent.
type CompletionItem struct {
	Label               string              `json:"label"`
	LabelDetails        OptionalAny         `json:"labelDetails,omitempty"`
	Kind                CompletionItemKind  `json:"kind,omitempty"`
	Tags                OptionalAny         `json:"tags,omitempty"`
	Detail              *string             `json:"detail,omitempty"`
	Documentation       *MarkupContent      `json:"documentation,omitempty"`
	Deprecated          *bool               `json:"deprecated,omitempty"`
	Preselect           *bool               `json:"preselect,omitempty"`
	SortText            *string             `json:"sortText,omitempty"`
	FilterText          *string             `json:"filterText,omitempty"`
	InsertText          *string             `json:"insertText,omitempty"`
	InsertTextFormat    InsertTextFormat    `json:"insertTextFormat,omitempty"`
	InsertTextMode      OptionalAny         `json:"insertTextMode,omitempty"`
	TextEdit            *CompletionTextEdit `json:"textEdit,omitempty"`
	TextEditText        *string             `json:"textEditText,omitempty"`
	AdditionalTextEdits []TextEdit          `json:"additionalTextEdits,omitempty"`
	CommitCharacters    []string            `json:"commitCharacters,omitempty"`
	Command             OptionalAny         `json:"command,omitempty"`
	Data                LSPAny              `json:"data,omitempty"`
}

// CompletionTextEdit is a completion item's `TextEdit | InsertReplaceEdit`:
// a TextEdit has Range, an InsertReplaceEdit Insert and Replace.
type CompletionTextEdit struct {
	Range   *Range `json:"range,omitempty"`
	NewText string `json:"newText"`
	Insert  *Range `json:"insert,omitempty"`
	Replace *Range `json:"replace,omitempty"`
}

type CompletionItemKind uint32

const (
	CompletionItemKindModule     CompletionItemKind = 9
	CompletionItemKindProperty   CompletionItemKind = 10
	CompletionItemKindValue      CompletionItemKind = 12
	CompletionItemKindFile       CompletionItemKind = 17
	CompletionItemKindFolder     CompletionItemKind = 19
	CompletionItemKindEnumMember CompletionItemKind = 20
)

type InsertTextFormat uint32

const InsertTextFormatSnippet InsertTextFormat = 2

// Hover.

type HoverParams struct {
	TextDocumentPositionParams
}

type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// Definition and references.

type DefinitionParams struct {
	TextDocumentPositionParams
}

// DefinitionResult is the answer to textDocument/definition:
// Location | Location[] | LocationLink[] | null. The server sends one
// Location.
type DefinitionResult interface{ isDefinitionResult() }

func (*Location) isDefinitionResult() {}

type ReferenceParams struct {
	TextDocumentPositionParams
	Context ReferenceContext `json:"context"`
}

type ReferenceContext struct {
	IncludeDeclaration bool `json:"includeDeclaration"`
}

// Symbols.

type DocumentSymbolParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// DocumentSymbolResult is DocumentSymbol[] | SymbolInformation[] | null;
// the server sends the first.
type DocumentSymbolResult interface{ isDocumentSymbolResult() }

// DocumentSymbolSlice is the DocumentSymbol[] arm of DocumentSymbolResult.
type DocumentSymbolSlice []DocumentSymbol

func (DocumentSymbolSlice) isDocumentSymbolResult() {}

// DocumentSymbol is a symbol of a document and its children.
type DocumentSymbol struct {
	Name           string           `json:"name"`
	Detail         *string          `json:"detail,omitempty"`
	Kind           SymbolKind       `json:"kind"`
	Range          Range            `json:"range"`
	SelectionRange Range            `json:"selectionRange"`
	Children       []DocumentSymbol `json:"children,omitempty"`
}

type SymbolKind uint32

const (
	SymbolKindFile      SymbolKind = 1
	SymbolKindModule    SymbolKind = 2
	SymbolKindNamespace SymbolKind = 3
	SymbolKindPackage   SymbolKind = 4
	SymbolKindClass     SymbolKind = 5
	SymbolKindProperty  SymbolKind = 7
	SymbolKindConstant  SymbolKind = 14
	SymbolKindObject    SymbolKind = 19
)

type WorkspaceSymbolParams struct {
	Query string `json:"query"`
}

// WorkspaceSymbolResult is SymbolInformation[] | WorkspaceSymbol[] | null;
// the server sends WorkspaceSymbol[].
type WorkspaceSymbolResult interface{ isWorkspaceSymbolResult() }

// WorkspaceSymbolSlice is the WorkspaceSymbol[] arm of WorkspaceSymbolResult.
type WorkspaceSymbolSlice []WorkspaceSymbol

func (WorkspaceSymbolSlice) isWorkspaceSymbolResult() {}

// BaseSymbolInformation is what symbols of every kind have.
type BaseSymbolInformation struct {
	Name          string     `json:"name"`
	Kind          SymbolKind `json:"kind"`
	ContainerName *string    `json:"containerName,omitempty"`
}

// WorkspaceSymbol is a symbol of the workspace; the server sends its
// Location whole (the other arm, a URI alone, is for resolving).
type WorkspaceSymbol struct {
	BaseSymbolInformation
	Location Location `json:"location"`
}

// Code actions.

type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      CodeActionContext      `json:"context"`
}

type CodeActionContext struct {
	Diagnostics []Diagnostic     `json:"diagnostics"`
	Only        []CodeActionKind `json:"only,omitempty"`
	TriggerKind uint32           `json:"triggerKind,omitempty"`
}

type CodeActionKind string

const (
	CodeActionKindQuickFix     CodeActionKind = "quickfix"
	CodeActionKindSourceFixAll CodeActionKind = "source.fixAll"
)

// CommandOrCodeAction is one of the answers to textDocument/codeAction:
// Command | CodeAction. The server sends code actions.
type CommandOrCodeAction interface{ isCommandOrCodeAction() }

func (*CodeAction) isCommandOrCodeAction() {}

type CodeAction struct {
	Title       string          `json:"title"`
	Kind        *CodeActionKind `json:"kind,omitempty"`
	Diagnostics []Diagnostic    `json:"diagnostics,omitempty"`
	IsPreferred *bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit  `json:"edit,omitempty"`
}

// Document links.

type DocumentLinkParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

type DocumentLink struct {
	Range  Range    `json:"range"`
	Target *uri.URI `json:"target,omitempty"`
}

// Rename.

type RenameParams struct {
	TextDocumentPositionParams
	NewName string `json:"newName"`
}

type PrepareRenameParams struct {
	TextDocumentPositionParams
}

// PrepareRenameResult is the answer to textDocument/prepareRename:
// Range | {range, placeholder} | {defaultBehavior} | null. The server sends
// the second, or null.
type PrepareRenameResult interface{ isPrepareRenameResult() }

func (*PrepareRenamePlaceholder) isPrepareRenameResult() {}

type PrepareRenamePlaceholder struct {
	Range       Range  `json:"range"`
	Placeholder string `json:"placeholder"`
}

// Folding, selection ranges and inlay hints.

type FoldingRangeParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

type FoldingRange struct {
	StartLine uint32           `json:"startLine"`
	EndLine   uint32           `json:"endLine"`
	Kind      FoldingRangeKind `json:"kind,omitempty"`
}

type FoldingRangeKind string

const FoldingRangeKindComment FoldingRangeKind = "comment"

type SelectionRangeParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Positions    []Position             `json:"positions"`
}

type SelectionRange struct {
	Range  Range           `json:"range"`
	Parent *SelectionRange `json:"parent,omitempty"`
}

type InlayHintParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
}

// InlayHint is a hint shown in the text; its label is a string (the
// label-parts arm is not sent).
type InlayHint struct {
	Position    Position       `json:"position"`
	Label       string         `json:"label"`
	Tooltip     *MarkupContent `json:"tooltip,omitempty"`
	PaddingLeft *bool          `json:"paddingLeft,omitempty"`
}
