package lsp

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// result is the findings of one version of a document, against one
// generation of the workspaces.
type result struct {
	gen      uint64
	config   bool
	findings []lint.Finding
}

// findings returns the findings of an open document, computed once per
// generation of the workspaces; ctx's error when ctx is done first (the
// check stops early, and nothing of it is kept).
func (s *Server) findings(ctx context.Context, snap *snapshot, d *document) (*result, error) {
	if r := d.res.Load(); r != nil && r.gen == snap.gen {
		return r, nil
	}
	res := &result{gen: snap.gen}
	var err error
	res.findings, res.config, err = s.lint(ctx, snap, d, false)
	if err != nil {
		return nil, err
	}
	for {
		old := d.res.Load()
		if old != nil && old.gen >= res.gen || d.res.CompareAndSwap(old, res) {
			return res, nil
		}
	}
}

// lint checks a document with the engine; config is false for files that
// are not configs (nor a rollout's Python file, see lintPython). listed checks a file that is not open as one of the
// workspace's configs (lint.Input.Listed): an open one is judged on its
// own, as the command line judges a file it is given. A panic in the engine is logged and shown, and leaves
// the document without findings. When ctx is done first, the check stops
// between rules with ctx's error.
func (s *Server) lint(ctx context.Context, snap *snapshot, d *document, listed bool) (fs []lint.Finding, config bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			fs, config, err = nil, true, nil
			s.internalError("the check of "+d.path, r)
		}
	}()
	if strings.HasSuffix(d.path, ".py") {
		if listed && !s.caps().pull {
			// closed: pushed diagnostics of a Python file are not kept up
			// to date once it is closed (no rescan checks it), so they go
			fs, config, err = s.lintPython(ctx, snap, d)
			return nil, config, err
		}
		return s.lintPython(ctx, snap, d)
	}
	v, ok := s.viewOf(snap, d)
	if !ok {
		return nil, false, nil
	}
	fs, err = s.lintAs(ctx, d, v.info, listed, false)
	return fs, true, err
}

// lintAs checks a config as what fi says its path is; as lint, a panic
// leaves it without findings. once is set for a document checked once and
// dropped (a closed file of the workspace scan): its parse reads the text
// without a copy and hands its memory to the next parse when the check is
// done, as `check` does, and the document keeps no tree.
func (s *Server) lintAs(ctx context.Context, d *document, fi *fileInfo, listed, once bool) (fs []lint.Finding, err error) {
	defer func() {
		if r := recover(); r != nil {
			fs, err = nil, nil
			s.internalError("the check of "+d.path, r)
		}
	}()
	if fi.excluded {
		// as `check --force-exclude` leaves it out: an excluded file is
		// never reported, open or not
		return nil, nil
	}
	in := fi.in
	in.Path = d.path
	in.Listed = listed
	if fi.unread {
		return lint.Unread(in), nil
	}
	if s.hooks.check != nil {
		s.hooks.check(d.path)
	}
	var omitted int
	// superseded before the parse: not parsed at all
	if err = ctx.Err(); err == nil && once {
		doc := s.sess.parseOwned(d.text)
		fs, omitted, err = lint.CheckLimited(ctx, doc, in, maxIssuesPerRule)
		doc.Release()
	} else if err == nil {
		s.sess.parsing.Lock()
		doc := d.parse()
		s.sess.parsing.Unlock()
		fs, omitted, err = lint.CheckLimited(ctx, doc, in, maxIssuesPerRule)
	}
	if s.hooks.checked != nil {
		s.hooks.checked(d.path, err)
	}
	if err != nil {
		return nil, err
	}
	if omitted > 0 {
		fs = append(fs, lint.Finding{
			Path:     d.path,
			Severity: lint.Info,
			Message: fmt.Sprintf("%d more problems of this file are not shown here (at most %d of each rule are); `osmosis-lint check %s` lists them all",
				omitted, maxIssuesPerRule, filepath.Base(d.path)),
		})
	}
	return fs, nil
}

// maxIssuesPerRule bounds the findings of one rule in one file: a file of
// 80,000 unknown keys would otherwise cost seconds on every keystroke, for
// a list no one reads in an editor. The command line shows them all.
const maxIssuesPerRule = 1000

// lintClosed checks a config as it is on disk; config is false when the
// file is not a config or cannot be read, err ctx's when it is done first.
func (s *Server) lintClosed(ctx context.Context, snap *snapshot, path string) (fs []lint.Finding, d *document, config bool, err error) {
	src, rerr := s.sess.readClosed(snap, path)
	if rerr != nil {
		return nil, nil, false, nil
	}
	d = &document{uri: uri.File(path), path: path, text: src}
	fs, config, err = s.lint(ctx, snap, d, true)
	return fs, d, config, err
}

// diagnostics converts the findings of a document to protocol diagnostics
// (never nil: an empty list clears the file).
func (s *Server) diagnostics(d *document, fs []lint.Finding) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(fs))
	if noDiagnostics(d, fs) {
		return out
	}
	m := d.mapper(s.caps().enc)
	for _, f := range fs {
		out = append(out, s.diagnostic(m, f))
	}
	return out
}

// noDiagnostics reports whether the findings of a document give no
// diagnostics (none, or a document that could not be read).
func noDiagnostics(d *document, fs []lint.Finding) bool { return len(fs) == 0 || d == nil }

// unnecessaryTags are the tags of a finding of a rule whose code is
// unnecessary (shared by every such diagnostic, never changed).
var unnecessaryTags = protocol.NewDiagnosticTags(protocol.DiagnosticTagUnnecessary)

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
		Source:   protocol.NewOptional("osmosis-lint"),
		Message:  protocol.String(escape.Lines(f.Message) + stageSuffix(f.Stage)),
	}
	if f.Rule != "" {
		d.Code = protocol.String(f.Rule)
	}
	if r, ok := lint.Lookup(f.Rule); ok {
		if u, err := uri.Parse(r.DocURL()); err == nil {
			d.CodeDescription = protocol.CodeDescription{Href: u}
		}
	}
	if r, ok := lint.Lookup(f.Rule); ok && r.Unnecessary {
		d.Tags = unnecessaryTags
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

// maxFileSize bounds what the server reads from disk for a closed file.
const maxFileSize = 16 << 20

// readClosed reads a file that is not open, through the door of the
// workspace that holds it (contained in it, regular files only): one of
// snap, one loaded since (the startup lint loads them as it goes), or
// the one of a file really inside a workspace folder, loaded now. Nothing
// outside the workspaces is read.
func (ss *session) readClosed(snap *snapshot, path string) ([]byte, error) {
	in := holder(snap, path)
	if in == nil {
		in = holder(ss.snapshot(), path)
	}
	if in == nil && ss.placeOf(path).inside {
		in = ss.spaceFor(path)
	}
	if in == nil || in.ws == nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: disk.ErrEscapes}
	}
	c, err := in.ws.Snapshot.ReadFile(path, maxFileSize)
	return c.Data, err
}

// holder is the innermost loaded workspace whose root path is above path.
func holder(snap *snapshot, path string) *space {
	var in *space
	for root, sp := range snap.spaces {
		if sp != nil && sp.ws != nil && disk.Within(path, root) && (in == nil || len(root) > len(in.root)) {
			in = sp
		}
	}
	return in
}
