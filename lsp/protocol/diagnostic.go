package protocol

import "go.lsp.dev/uri"

// Diagnostic is a problem in a document.
type Diagnostic struct {
	Range           Range              `json:"range"`
	Severity        DiagnosticSeverity `json:"severity,omitempty"`
	Code            IntegerOrString    `json:"code,omitzero"`
	CodeDescription CodeDescription    `json:"codeDescription,omitzero"`
	Source          string             `json:"source,omitempty"`
	Message         string             `json:"message"`
	Tags            []DiagnosticTag    `json:"tags,omitempty"`
	// RelatedInformation and Data are kept as they came, for the
	// diagnostics a client sends back in a code action's context.
	RelatedInformation OptionalAny `json:"relatedInformation,omitempty"`
	Data               LSPAny      `json:"data,omitempty"`
}

type DiagnosticSeverity uint32

const (
	DiagnosticSeverityError       DiagnosticSeverity = 1
	DiagnosticSeverityWarning     DiagnosticSeverity = 2
	DiagnosticSeverityInformation DiagnosticSeverity = 3
)

type DiagnosticTag uint32

const DiagnosticTagUnnecessary DiagnosticTag = 1

// CodeDescription links a diagnostic's code to its documentation.
type CodeDescription struct {
	Href uri.URI `json:"href"`
}

// PublishDiagnosticsParams are the params of
// textDocument/publishDiagnostics.
type PublishDiagnosticsParams struct {
	URI         uri.URI      `json:"uri"`
	Version     *int32       `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// DocumentDiagnosticParams are the params of textDocument/diagnostic.
type DocumentDiagnosticParams struct {
	TextDocument     TextDocumentIdentifier `json:"textDocument"`
	Identifier       *string                `json:"identifier,omitempty"`
	PreviousResultID *string                `json:"previousResultId,omitempty"`
}

// DocumentDiagnosticReport is the answer to textDocument/diagnostic:
// RelatedFullDocumentDiagnosticReport | RelatedUnchangedDocumentDiagnosticReport.
type DocumentDiagnosticReport interface{ isDocumentDiagnosticReport() }

func (*RelatedFullDocumentDiagnosticReport) isDocumentDiagnosticReport()      {}
func (*RelatedUnchangedDocumentDiagnosticReport) isDocumentDiagnosticReport() {}

// FullDocumentDiagnosticReport has every diagnostic; Kind is "full".
type FullDocumentDiagnosticReport struct {
	Kind     string       `json:"kind"`
	ResultID *string      `json:"resultId,omitempty"`
	Items    []Diagnostic `json:"items"`
}

// UnchangedDocumentDiagnosticReport says the last report still holds; Kind
// is "unchanged".
type UnchangedDocumentDiagnosticReport struct {
	Kind     string `json:"kind"`
	ResultID string `json:"resultId"`
}

type RelatedFullDocumentDiagnosticReport struct {
	FullDocumentDiagnosticReport
}

type RelatedUnchangedDocumentDiagnosticReport struct {
	UnchangedDocumentDiagnosticReport
}

// WorkspaceDiagnosticParams are the params of workspace/diagnostic.
type WorkspaceDiagnosticParams struct {
	Identifier        *string            `json:"identifier,omitempty"`
	PreviousResultIds []PreviousResultID `json:"previousResultIds"`
}

// PreviousResultID is the result id of a document the client holds.
type PreviousResultID struct {
	URI   uri.URI `json:"uri"`
	Value string  `json:"value"`
}

type WorkspaceDiagnosticReport struct {
	Items []WorkspaceDocumentDiagnosticReport `json:"items"`
}

// WorkspaceDocumentDiagnosticReport is
// WorkspaceFullDocumentDiagnosticReport | WorkspaceUnchangedDocumentDiagnosticReport.
type WorkspaceDocumentDiagnosticReport interface{ isWorkspaceDocumentDiagnosticReport() }

func (*WorkspaceFullDocumentDiagnosticReport) isWorkspaceDocumentDiagnosticReport()      {}
func (*WorkspaceUnchangedDocumentDiagnosticReport) isWorkspaceDocumentDiagnosticReport() {}

// WorkspaceFullDocumentDiagnosticReport: Version is null for a file that is
// not open.
type WorkspaceFullDocumentDiagnosticReport struct {
	FullDocumentDiagnosticReport
	URI     uri.URI `json:"uri"`
	Version *int32  `json:"version"`
}

type WorkspaceUnchangedDocumentDiagnosticReport struct {
	UnchangedDocumentDiagnosticReport
	URI     uri.URI `json:"uri"`
	Version *int32  `json:"version"`
}
