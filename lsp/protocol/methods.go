package protocol

// The names of the methods the server serves or sends.
const (
	MethodInitialize                         = "initialize"
	MethodInitialized                        = "initialized"
	MethodShutdown                           = "shutdown"
	MethodExit                               = "exit"
	MethodCancelRequest                      = "$/cancelRequest"
	MethodTextDocumentDidOpen                = "textDocument/didOpen"
	MethodTextDocumentDidChange              = "textDocument/didChange"
	MethodTextDocumentDidSave                = "textDocument/didSave"
	MethodTextDocumentDidClose               = "textDocument/didClose"
	MethodTextDocumentDiagnostic             = "textDocument/diagnostic"
	MethodWorkspaceDiagnostic                = "workspace/diagnostic"
	MethodTextDocumentCompletion             = "textDocument/completion"
	MethodCompletionItemResolve              = "completionItem/resolve"
	MethodTextDocumentHover                  = "textDocument/hover"
	MethodTextDocumentDefinition             = "textDocument/definition"
	MethodTextDocumentReferences             = "textDocument/references"
	MethodTextDocumentDocumentSymbol         = "textDocument/documentSymbol"
	MethodTextDocumentCodeAction             = "textDocument/codeAction"
	MethodTextDocumentDocumentLink           = "textDocument/documentLink"
	MethodTextDocumentRename                 = "textDocument/rename"
	MethodTextDocumentPrepareRename          = "textDocument/prepareRename"
	MethodTextDocumentFoldingRange           = "textDocument/foldingRange"
	MethodTextDocumentSelectionRange         = "textDocument/selectionRange"
	MethodTextDocumentInlayHint              = "textDocument/inlayHint"
	MethodWorkspaceSymbol                    = "workspace/symbol"
	MethodWorkspaceDidChangeWorkspaceFolders = "workspace/didChangeWorkspaceFolders"
	MethodWorkspaceWillRenameFiles           = "workspace/willRenameFiles"
	MethodWorkspaceDidChangeWatchedFiles     = "workspace/didChangeWatchedFiles"

	// sent to the client
	MethodTextDocumentPublishDiagnostics = "textDocument/publishDiagnostics"
	MethodWindowShowMessage              = "window/showMessage"
	MethodClientRegisterCapability       = "client/registerCapability"
	MethodWorkspaceDiagnosticRefresh     = "workspace/diagnostic/refresh"
)

// MethodInfo describes one method of the specification: who sends it
// ("clientToServer", "serverToClient" or "both"), whether it is a
// "request" or a "notification", and the type of its params ("" for a
// method without).
type MethodInfo struct {
	Method     string
	Direction  string
	Kind       string
	ParamsType string
}

// Methods are the methods of LSP 3.17, as its meta model lists them.
var Methods = []MethodInfo{
	{"textDocument/implementation", "clientToServer", "request", "ImplementationParams"},
	{"textDocument/typeDefinition", "clientToServer", "request", "TypeDefinitionParams"},
	{"workspace/workspaceFolders", "serverToClient", "request", ""},
	{"workspace/configuration", "serverToClient", "request", "ConfigurationParams"},
	{"textDocument/documentColor", "clientToServer", "request", "DocumentColorParams"},
	{"textDocument/colorPresentation", "clientToServer", "request", "ColorPresentationParams"},
	{"textDocument/foldingRange", "clientToServer", "request", "FoldingRangeParams"},
	{"textDocument/declaration", "clientToServer", "request", "DeclarationParams"},
	{"textDocument/selectionRange", "clientToServer", "request", "SelectionRangeParams"},
	{"window/workDoneProgress/create", "serverToClient", "request", "WorkDoneProgressCreateParams"},
	{"textDocument/prepareCallHierarchy", "clientToServer", "request", "CallHierarchyPrepareParams"},
	{"callHierarchy/incomingCalls", "clientToServer", "request", "CallHierarchyIncomingCallsParams"},
	{"callHierarchy/outgoingCalls", "clientToServer", "request", "CallHierarchyOutgoingCallsParams"},
	{"textDocument/semanticTokens/full", "clientToServer", "request", "SemanticTokensParams"},
	{"textDocument/semanticTokens/full/delta", "clientToServer", "request", "SemanticTokensDeltaParams"},
	{"textDocument/semanticTokens/range", "clientToServer", "request", "SemanticTokensRangeParams"},
	{"workspace/semanticTokens/refresh", "serverToClient", "request", ""},
	{"window/showDocument", "serverToClient", "request", "ShowDocumentParams"},
	{"textDocument/linkedEditingRange", "clientToServer", "request", "LinkedEditingRangeParams"},
	{"workspace/willCreateFiles", "clientToServer", "request", "CreateFilesParams"},
	{"workspace/willRenameFiles", "clientToServer", "request", "RenameFilesParams"},
	{"workspace/willDeleteFiles", "clientToServer", "request", "DeleteFilesParams"},
	{"textDocument/moniker", "clientToServer", "request", "MonikerParams"},
	{"textDocument/prepareTypeHierarchy", "clientToServer", "request", "TypeHierarchyPrepareParams"},
	{"typeHierarchy/supertypes", "clientToServer", "request", "TypeHierarchySupertypesParams"},
	{"typeHierarchy/subtypes", "clientToServer", "request", "TypeHierarchySubtypesParams"},
	{"textDocument/inlineValue", "clientToServer", "request", "InlineValueParams"},
	{"workspace/inlineValue/refresh", "serverToClient", "request", ""},
	{"textDocument/inlayHint", "clientToServer", "request", "InlayHintParams"},
	{"inlayHint/resolve", "clientToServer", "request", "InlayHint"},
	{"workspace/inlayHint/refresh", "serverToClient", "request", ""},
	{"textDocument/diagnostic", "clientToServer", "request", "DocumentDiagnosticParams"},
	{"workspace/diagnostic", "clientToServer", "request", "WorkspaceDiagnosticParams"},
	{"workspace/diagnostic/refresh", "serverToClient", "request", ""},
	{"client/registerCapability", "serverToClient", "request", "RegistrationParams"},
	{"client/unregisterCapability", "serverToClient", "request", "UnregistrationParams"},
	{"initialize", "clientToServer", "request", "InitializeParams"},
	{"shutdown", "clientToServer", "request", ""},
	{"window/showMessageRequest", "serverToClient", "request", "ShowMessageRequestParams"},
	{"textDocument/willSaveWaitUntil", "clientToServer", "request", "WillSaveTextDocumentParams"},
	{"textDocument/completion", "clientToServer", "request", "CompletionParams"},
	{"completionItem/resolve", "clientToServer", "request", "CompletionItem"},
	{"textDocument/hover", "clientToServer", "request", "HoverParams"},
	{"textDocument/signatureHelp", "clientToServer", "request", "SignatureHelpParams"},
	{"textDocument/definition", "clientToServer", "request", "DefinitionParams"},
	{"textDocument/references", "clientToServer", "request", "ReferenceParams"},
	{"textDocument/documentHighlight", "clientToServer", "request", "DocumentHighlightParams"},
	{"textDocument/documentSymbol", "clientToServer", "request", "DocumentSymbolParams"},
	{"textDocument/codeAction", "clientToServer", "request", "CodeActionParams"},
	{"codeAction/resolve", "clientToServer", "request", "CodeAction"},
	{"workspace/symbol", "clientToServer", "request", "WorkspaceSymbolParams"},
	{"workspaceSymbol/resolve", "clientToServer", "request", "WorkspaceSymbol"},
	{"textDocument/codeLens", "clientToServer", "request", "CodeLensParams"},
	{"codeLens/resolve", "clientToServer", "request", "CodeLens"},
	{"workspace/codeLens/refresh", "serverToClient", "request", ""},
	{"textDocument/documentLink", "clientToServer", "request", "DocumentLinkParams"},
	{"documentLink/resolve", "clientToServer", "request", "DocumentLink"},
	{"textDocument/formatting", "clientToServer", "request", "DocumentFormattingParams"},
	{"textDocument/rangeFormatting", "clientToServer", "request", "DocumentRangeFormattingParams"},
	{"textDocument/onTypeFormatting", "clientToServer", "request", "DocumentOnTypeFormattingParams"},
	{"textDocument/rename", "clientToServer", "request", "RenameParams"},
	{"textDocument/prepareRename", "clientToServer", "request", "PrepareRenameParams"},
	{"workspace/executeCommand", "clientToServer", "request", "ExecuteCommandParams"},
	{"workspace/applyEdit", "serverToClient", "request", "ApplyWorkspaceEditParams"},
	{"workspace/didChangeWorkspaceFolders", "clientToServer", "notification", "DidChangeWorkspaceFoldersParams"},
	{"window/workDoneProgress/cancel", "clientToServer", "notification", "WorkDoneProgressCancelParams"},
	{"workspace/didCreateFiles", "clientToServer", "notification", "CreateFilesParams"},
	{"workspace/didRenameFiles", "clientToServer", "notification", "RenameFilesParams"},
	{"workspace/didDeleteFiles", "clientToServer", "notification", "DeleteFilesParams"},
	{"notebookDocument/didOpen", "clientToServer", "notification", "DidOpenNotebookDocumentParams"},
	{"notebookDocument/didChange", "clientToServer", "notification", "DidChangeNotebookDocumentParams"},
	{"notebookDocument/didSave", "clientToServer", "notification", "DidSaveNotebookDocumentParams"},
	{"notebookDocument/didClose", "clientToServer", "notification", "DidCloseNotebookDocumentParams"},
	{"initialized", "clientToServer", "notification", "InitializedParams"},
	{"exit", "clientToServer", "notification", ""},
	{"workspace/didChangeConfiguration", "clientToServer", "notification", "DidChangeConfigurationParams"},
	{"window/showMessage", "serverToClient", "notification", "ShowMessageParams"},
	{"window/logMessage", "serverToClient", "notification", "LogMessageParams"},
	{"telemetry/event", "serverToClient", "notification", "LSPAny"},
	{"textDocument/didOpen", "clientToServer", "notification", "DidOpenTextDocumentParams"},
	{"textDocument/didChange", "clientToServer", "notification", "DidChangeTextDocumentParams"},
	{"textDocument/didClose", "clientToServer", "notification", "DidCloseTextDocumentParams"},
	{"textDocument/didSave", "clientToServer", "notification", "DidSaveTextDocumentParams"},
	{"textDocument/willSave", "clientToServer", "notification", "WillSaveTextDocumentParams"},
	{"workspace/didChangeWatchedFiles", "clientToServer", "notification", "DidChangeWatchedFilesParams"},
	{"textDocument/publishDiagnostics", "serverToClient", "notification", "PublishDiagnosticsParams"},
	{"$/setTrace", "clientToServer", "notification", "SetTraceParams"},
	{"$/logTrace", "serverToClient", "notification", "LogTraceParams"},
	{"$/cancelRequest", "both", "notification", "CancelParams"},
	{"$/progress", "both", "notification", "ProgressParams"},
}
