package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// Diagnostic answers a pull request for one document.
func (s *Server) Diagnostic(ctx context.Context, p *protocol.DocumentDiagnosticParams) (protocol.DocumentDiagnosticReport, error) {
	snap := s.sess.snapshot()
	var fs []lint.Finding
	d := snap.docs[p.TextDocument.URI]
	if d != nil {
		fs = s.findings(snap, d).findings
	} else if path, ok := filePath(p.TextDocument.URI); ok {
		fs, d, _ = s.lintClosed(snap, path)
	}
	return &protocol.RelatedFullDocumentDiagnosticReport{
		FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", Items: s.diagnostics(d, fs)},
	}, nil
}

// DiagnosticWorkspace answers a pull request for every config of the
// workspaces. It runs off the read loop so later messages are not held up,
// and stops when the client cancels it.
func (s *Server) DiagnosticWorkspace(ctx context.Context, p *protocol.WorkspaceDiagnosticParams) (*protocol.WorkspaceDiagnosticReport, error) {
	// the documents are taken in order; the rest (loading a workspace
	// the first time reads all its configs) need not hold up later messages
	snap := s.sess.snapshot()
	s.release(ctx)
	open := map[string]*document{}
	for _, d := range snap.docs {
		open[d.path] = d
	}
	files := s.sess.workspaceConfigs(snap)
	report := &protocol.WorkspaceDiagnosticReport{Items: []protocol.WorkspaceDocumentDiagnosticReport{}}
	for _, path := range files {
		if canceled(ctx) {
			return nil, protocol.ErrRequestCancelled
		}
		u := uri.File(path)
		var fs []lint.Finding
		var version *int32
		d := open[path]
		if d != nil {
			fs, version = s.findings(snap, d).findings, &d.version
		} else {
			fs, d, _ = s.lintClosed(snap, path)
		}
		report.Items = append(report.Items, &protocol.WorkspaceFullDocumentDiagnosticReport{
			FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", Items: s.diagnostics(d, fs)},
			URI:                          u,
			Version:                      version,
		})
	}
	return report, nil
}
