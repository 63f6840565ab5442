package lsp

import (
	"context"
	"fmt"
	"hash/fnv"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// resultID names the diagnostics of a text against a generation of the
// workspaces: the same id means the same diagnostics, so a client that
// sends it back gets "unchanged" and the server does not check again.
func resultID(gen uint64, text []byte) string {
	h := fnv.New64a()
	h.Write(text)
	return fmt.Sprintf("%d-%x-%d", gen, h.Sum64(), len(text))
}

// pulled is the diagnostics of one file for a pull: open documents as they
// are typed, other files as they are on disk.
type pulled struct {
	doc     *document // nil when the file cannot be read
	version *int32
	id      string
}

func (s *Server) pullFile(snap *snapshot, u uri.URI, open *document) pulled {
	if open != nil {
		return pulled{doc: open, version: &open.version, id: resultID(snap.gen, open.text)}
	}
	path, ok := filePath(u)
	if !ok {
		return pulled{}
	}
	src, err := s.sess.readClosed(snap, path)
	if err != nil {
		return pulled{id: resultID(snap.gen, nil)}
	}
	return pulled{doc: &document{uri: u, path: path, text: src}, id: resultID(snap.gen, src)}
}

// items are the diagnostics of a pulled file; ctx's error when the
// request is cancelled first.
func (s *Server) items(ctx context.Context, snap *snapshot, p pulled, open bool) ([]protocol.Diagnostic, error) {
	if p.doc == nil {
		return s.diagnostics(nil, nil), nil
	}
	var fs []lint.Finding
	if open {
		res, err := s.findings(ctx, snap, p.doc)
		if err != nil {
			return nil, err
		}
		fs = res.findings
	} else {
		var err error
		if fs, _, err = s.lint(ctx, snap, p.doc, true); err != nil {
			return nil, err
		}
	}
	return s.diagnostics(p.doc, fs), nil
}

// Diagnostic answers a pull request for one document.
func (s *Server) Diagnostic(ctx context.Context, p *protocol.DocumentDiagnosticParams) (protocol.DocumentDiagnosticReport, error) {
	snap := s.sess.snapshot()
	d := snap.docs[p.TextDocument.URI]
	f := s.pullFile(snap, p.TextDocument.URI, d)
	if p.PreviousResultID != nil && *p.PreviousResultID == f.id {
		return &protocol.RelatedUnchangedDocumentDiagnosticReport{
			UnchangedDocumentDiagnosticReport: protocol.UnchangedDocumentDiagnosticReport{Kind: "unchanged", ResultID: f.id},
		}, nil
	}
	items, err := s.items(ctx, snap, f, d != nil)
	if err != nil {
		return nil, err
	}
	return &protocol.RelatedFullDocumentDiagnosticReport{
		FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", ResultID: ptr(f.id), Items: items},
	}, nil
}

// DiagnosticWorkspace answers a pull request for every config of the
// workspaces: "unchanged" for the files whose result id the client sent
// and that have not changed. It runs off the read loop so later messages
// are not held up, and stops when the client cancels it.
func (s *Server) DiagnosticWorkspace(ctx context.Context, p *protocol.WorkspaceDiagnosticParams) (*protocol.WorkspaceDiagnosticReport, error) {
	// the documents are taken in order; the rest (loading a workspace
	// the first time reads all its configs) need not hold up later messages
	snap := s.sess.snapshot()
	s.release(ctx)
	open := map[string]*document{}
	for _, d := range snap.docs {
		open[d.path] = d
	}
	previous := map[uri.URI]string{}
	for _, r := range p.PreviousResultIds {
		previous[r.URI] = r.Value
	}
	files := s.sess.workspaceConfigs(snap)
	snap = s.sess.snapshot() // with the workspaces just loaded
	report := &protocol.WorkspaceDiagnosticReport{Items: []protocol.WorkspaceDocumentDiagnosticReport{}}
	for _, path := range files {
		if canceled(ctx) {
			return nil, protocol.ErrRequestCancelled
		}
		u := uri.File(path)
		d := open[path]
		f := s.pullFile(snap, u, d)
		if prev, ok := previous[u]; ok && prev == f.id {
			report.Items = append(report.Items, &protocol.WorkspaceUnchangedDocumentDiagnosticReport{
				UnchangedDocumentDiagnosticReport: protocol.UnchangedDocumentDiagnosticReport{Kind: "unchanged", ResultID: f.id},
				URI:                               u,
				Version:                           f.version,
			})
			continue
		}
		items, err := s.items(ctx, snap, f, d != nil)
		if err != nil {
			return nil, protocol.ErrRequestCancelled
		}
		report.Items = append(report.Items, &protocol.WorkspaceFullDocumentDiagnosticReport{
			FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", ResultID: ptr(f.id), Items: items},
			URI:                          u,
			Version:                      f.version,
		})
	}
	return report, nil
}
