package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// checkState coordinates the background checks of one document.
type checkState struct {
	dirty, running bool
	hasPublished   bool // diagnostics were published for the document
}

// result is the findings of one version of a document.
type result struct {
	doc      *document
	gen      uint64 // of the workspaces it was checked against
	config   bool
	findings []lint.Finding
}

// schedule asks for the document at u to be checked. Checks run in the
// background, one at a time per document; edits that arrive meanwhile are
// folded into the next check, and a result is published only if the
// document has not changed since.
func (s *Server) schedule(u uri.URI) {
	s.mu.Lock()
	st := s.checks[u]
	if st == nil {
		st = &checkState{}
		s.checks[u] = st
	}
	st.dirty = true
	if st.running {
		s.mu.Unlock()
		return
	}
	st.running = true
	s.mu.Unlock()
	go s.runChecks(u, st)
}

func (s *Server) runChecks(u uri.URI, st *checkState) {
	defer func() {
		if r := recover(); r != nil {
			s.mu.Lock()
			st.running = false
			s.mu.Unlock()
			s.internalError("the diagnostics of "+string(u), r)
		}
	}()
	for {
		s.mu.Lock()
		d := s.docs[u]
		if !st.dirty || d == nil {
			st.running = false
			s.mu.Unlock()
			return
		}
		st.dirty = false
		pull := s.pull
		s.mu.Unlock()

		res := s.findings(d)
		if pull {
			continue
		}
		s.publishIf(d.uri, d.text, &d.version, res.findings, func() bool {
			s.mu.Lock()
			defer s.mu.Unlock()
			// files that are not configs get nothing, unless they had
			// diagnostics to clear
			if s.docs[u] != d || st.dirty || !(res.config || st.hasPublished) {
				return false
			}
			st.hasPublished = true
			return true
		})
	}
}

// publishIf publishes diagnostics if ok, asked while no other publication
// is under way, says they are still current.
func (s *Server) publishIf(u uri.URI, text []byte, version *int32, fs []lint.Finding, ok func() bool) {
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	if ok() {
		s.publish(u, text, version, fs)
	}
}

// closedNow returns a condition: the document at u is not open.
func (s *Server) closedNow(u uri.URI) func() bool {
	return func() bool { return s.current(u) == nil }
}

// findings returns the findings of an open document, from the cache when
// this text was checked against the current workspaces already.
func (s *Server) findings(d *document) *result {
	s.mu.Lock()
	gen := s.gen
	if r := s.cache[d.uri]; r != nil && r.doc == d && r.gen == gen {
		s.mu.Unlock()
		return r
	}
	s.mu.Unlock()
	res := &result{doc: d, gen: gen}
	res.findings, res.config = s.lint(d)
	s.mu.Lock()
	if s.docs[d.uri] == d && s.gen == gen {
		s.cache[d.uri] = res
	}
	s.mu.Unlock()
	return res
}

// lint checks a document with the engine; config is false for files that
// are not configs. A panic in the engine is logged and shown, and leaves
// the document without findings.
func (s *Server) lint(d *document) (fs []lint.Finding, config bool) {
	defer func() {
		if r := recover(); r != nil {
			fs, config = nil, true
			s.internalError("the check of "+d.path, r)
		}
	}()
	in, _, ok := s.fileFor(d)
	if !ok {
		return nil, false
	}
	in.Path = d.path
	if s.hooks.check != nil {
		s.hooks.check(d.path)
	}
	return lint.CheckDocument(d.parse(), in), true
}

// internalError logs a recovered panic with its stack and tells the user
// once per session.
func (s *Server) internalError(what string, r any) {
	s.log.Printf("panic in %s: %v\n%s", what, r, debug.Stack())
	s.mu.Lock()
	show := !s.panicShown
	s.panicShown = true
	s.mu.Unlock()
	if show {
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeError,
				Message: fmt.Sprintf("osmosis-lint: internal error in %s: %v (details in the server log)", what, r)})
		})
	}
}

// background runs f on its own goroutine; a panic in it is logged, not
// fatal.
func (s *Server) background(what string, f func()) {
	go func() {
		defer func() {
			if r := recover(); r != nil {
				s.internalError(what, r)
			}
		}()
		f()
	}()
}

// publish sends the diagnostics of a file (version nil for files that are
// not open).
func (s *Server) publish(u uri.URI, text []byte, version *int32, fs []lint.Finding) {
	s.mu.Lock()
	down := s.state == stateShutdown
	s.mu.Unlock()
	if down {
		return // the client is going away: background results are dropped
	}
	params := &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: s.diagnostics(text, fs)}
	if version != nil {
		params.Version = protocol.NewOptional(*version)
	}
	if err := s.client.PublishDiagnostics(s.ctx, params); err != nil {
		s.log.Printf("publish %s: %v", u, err)
	}
}

// diagnostics converts findings to protocol diagnostics (never nil: an empty
// list clears the file).
func (s *Server) diagnostics(text []byte, fs []lint.Finding) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(fs))
	if len(fs) == 0 {
		return out
	}
	m := newMapper(text, s.enc)
	for _, f := range fs {
		out = append(out, s.diagnostic(m, f))
	}
	return out
}

func (s *Server) diagnostic(m mapper, f lint.Finding) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	switch f.Severity {
	case lint.Warning:
		sev = protocol.DiagnosticSeverityWarning
	case lint.Info:
		sev = protocol.DiagnosticSeverityInformation
	}
	d := protocol.Diagnostic{
		Range:    m.rng(f.Range),
		Severity: sev,
		Code:     protocol.String(f.Rule),
		Source:   protocol.NewOptional("osmosis-lint"),
		Message:  protocol.String(f.Message + stageSuffix(f.Stage)),
	}
	if r, ok := lint.Lookup(f.Rule); ok {
		if u, err := uri.Parse(r.DocURL()); err == nil {
			d.CodeDescription = protocol.CodeDescription{Href: u}
		}
	}
	if r, ok := lint.Lookup(f.Rule); ok && r.Unnecessary {
		d.Tags = protocol.NewDiagnosticTags(protocol.DiagnosticTagUnnecessary)
	}
	return d
}

// stageSuffix tells in the message when the problem would bite.
func stageSuffix(st lint.Stage) string {
	switch st {
	case lint.StageSubmit:
		return " (rejected at submit)"
	case lint.StagePlatform:
		return " (rejected by the platform)"
	case lint.StageRuntime:
		return " (fails at run time)"
	}
	return ""
}

// Diagnostic answers a pull request for one document.
func (s *Server) Diagnostic(ctx context.Context, p *protocol.DocumentDiagnosticParams) (protocol.DocumentDiagnosticReport, error) {
	d := s.current(p.TextDocument.URI)
	var fs []lint.Finding
	var text []byte
	if d != nil {
		res := s.findings(d)
		fs, text = res.findings, d.text
	} else if path, ok := filePath(p.TextDocument.URI); ok {
		fs, text, _ = s.lintClosed(path)
	}
	return &protocol.RelatedFullDocumentDiagnosticReport{
		FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", Items: s.diagnostics(text, fs)},
	}, nil
}

// DiagnosticWorkspace answers a pull request for every config of the
// workspaces. It runs off the read loop so later messages are not held up,
// and stops when the client cancels it.
func (s *Server) DiagnosticWorkspace(ctx context.Context, p *protocol.WorkspaceDiagnosticParams) (*protocol.WorkspaceDiagnosticReport, error) {
	open := map[string]*document{}
	s.mu.Lock()
	for _, d := range s.docs {
		open[d.path] = d
	}
	s.mu.Unlock()
	// the documents are taken in order; the rest (loading a workspace
	// the first time reads all its configs) need not hold up later messages
	s.release(ctx)
	files := s.workspaceConfigs()
	report := &protocol.WorkspaceDiagnosticReport{Items: []protocol.WorkspaceDocumentDiagnosticReport{}}
	for _, path := range files {
		if canceled(ctx) {
			return nil, protocol.ErrRequestCancelled
		}
		u := uri.File(path)
		var fs []lint.Finding
		var text []byte
		var version *int32
		if d := open[path]; d != nil {
			res := s.findings(d)
			fs, text, version = res.findings, d.text, &d.version
		} else {
			fs, text, _ = s.lintClosed(path)
		}
		report.Items = append(report.Items, &protocol.WorkspaceFullDocumentDiagnosticReport{
			FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", Items: s.diagnostics(text, fs)},
			URI:                          u,
			Version:                      version,
		})
	}
	return report, nil
}

// workspaceConfigs lists the config files of the workspaces the server
// knows: its workspace folders and the workspaces of open documents.
func (s *Server) workspaceConfigs() []string {
	roots := map[string]bool{}
	s.mu.Lock()
	folders := append([]string(nil), s.folders...)
	for r := range s.spaces {
		roots[r] = true
	}
	s.mu.Unlock()
	for _, f := range folders {
		if root, err := workspace.FindRoot(f); err == nil {
			roots[root] = true
		}
	}
	var out []string
	for root := range roots {
		sp := s.spaceFor(filepath.Join(root, ".git"))
		if sp == nil || sp.ws == nil {
			continue
		}
		for _, c := range sp.ws.Snapshot.Configs() {
			if c.Location == workspace.LocationKindDir {
				out = append(out, filepath.Join(root, filepath.FromSlash(c.Path)))
			}
		}
	}
	return out
}

// lintClosed checks a config as it is on disk; config is false when the
// file is not a config or cannot be read.
func (s *Server) lintClosed(path string) (fs []lint.Finding, text []byte, config bool) {
	src, err := readSmall(path)
	if err != nil {
		return nil, nil, false
	}
	fs, config = s.lint(&document{uri: uri.File(path), path: path, text: src})
	return fs, src, config
}

// maxFileSize bounds what the server reads from disk for a closed file.
const maxFileSize = 16 << 20

func readSmall(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxFileSize || !fi.Mode().IsRegular() {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(path)
}

// scheduleWorkspaceLint asks for configs that are not open to be checked
// and published, for clients that do not pull diagnostics: the given paths,
// or every config of the workspaces when paths is nil. Runs are one at a
// time: a run started on an older workspace could otherwise publish after a
// newer one, or clear a file the newer one found. A full run asked for
// during a full run stops it and starts another.
func (s *Server) scheduleWorkspaceLint(paths []string) {
	s.mu.Lock()
	if paths == nil {
		s.wsAll = true
	} else {
		if s.wsPaths == nil {
			s.wsPaths = map[string]bool{}
		}
		for _, p := range paths {
			s.wsPaths[p] = true
		}
	}
	if s.wsRunning {
		s.mu.Unlock()
		return
	}
	s.wsRunning = true
	s.mu.Unlock()
	s.background("the workspace diagnostics", func() {
		defer func() {
			s.mu.Lock()
			s.wsRunning = false
			s.mu.Unlock()
		}()
		for {
			s.mu.Lock()
			all, paths := s.wsAll, s.wsPaths
			s.wsAll, s.wsPaths = false, nil
			s.mu.Unlock()
			switch {
			case all:
				s.lintWorkspaces()
			case len(paths) > 0:
				for p := range paths {
					s.lintPath(p)
				}
			default:
				return
			}
		}
	})
}

// fullRunWaiting reports whether a full workspace lint is waiting.
func (s *Server) fullRunWaiting() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.wsAll
}

// lintWorkspaces publishes the findings of every config that is not open.
func (s *Server) lintWorkspaces() {
	files := s.workspaceConfigs()
	seen := map[uri.URI]bool{}
	for _, path := range files {
		if s.fullRunWaiting() {
			return
		}
		u := uri.File(path)
		seen[u] = true
		if s.current(u) != nil {
			continue
		}
		fs, text, _ := s.lintClosed(path)
		s.publishClosed(u, text, fs)
	}
	// clear files that are gone
	s.mu.Lock()
	var gone []uri.URI
	for u := range s.closed {
		if !seen[u] {
			gone = append(gone, u)
			delete(s.closed, u)
		}
	}
	s.mu.Unlock()
	for _, u := range gone {
		s.publishIf(u, nil, nil, nil, s.closedNow(u))
	}
}

// lintPath publishes the findings of one config that is not open, or
// clears a file that is no longer a config (deleted, moved away).
func (s *Server) lintPath(path string) {
	u := uri.File(path)
	if s.current(u) != nil {
		return
	}
	fs, text, config := s.lintClosed(path)
	if config {
		s.publishClosed(u, text, fs)
		return
	}
	s.publishIf(u, nil, nil, nil, func() bool {
		if s.current(u) != nil {
			return false
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		was := s.closed[u]
		delete(s.closed, u)
		return was
	})
}

// publishClosed publishes the diagnostics of a file that is not open, and
// remembers it for clearing when it goes away.
func (s *Server) publishClosed(u uri.URI, text []byte, fs []lint.Finding) {
	s.publishIf(u, text, nil, fs, func() bool {
		if s.current(u) != nil {
			return false
		}
		s.mu.Lock()
		s.closed[u] = true
		s.mu.Unlock()
		return true
	})
}

// recheckClosed shows the on-disk state of a config that was just closed.
func (s *Server) recheckClosed(path string, u uri.URI) {
	s.mu.Lock()
	pull := s.pull
	st := s.checks[u]
	published := st != nil && st.hasPublished
	delete(s.cache, u)
	delete(s.checks, u)
	s.mu.Unlock()
	if pull {
		return
	}
	s.background("the diagnostics of "+path, func() {
		fs, text, config := s.lintClosed(path)
		if !config && !published {
			return // nothing shown, nothing to show
		}
		s.publishClosed(u, text, fs)
	})
}
