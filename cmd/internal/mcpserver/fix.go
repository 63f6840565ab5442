package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
)

// fixIn are the arguments of fix.
type fixIn struct {
	Paths  []string `json:"paths,omitempty" jsonschema:"configs (configs/<kind>/**/*.toml) or directories to fix, relative to the workspace root; none: every config of the workspace"`
	Unsafe bool     `json:"unsafe,omitempty" jsonschema:"also apply the fixes that need review (as check --fix --unsafe-fixes); fixes that need a decision are never applied"`
	Write  bool     `json:"write,omitempty" jsonschema:"write the fixed files; without it nothing is written and the diff shows what would change"`
}

// fixOut is the result of fix.
type fixOut struct {
	Diff       string            `json:"diff" jsonschema:"the unified diff of the fixes, empty when there is nothing to fix"`
	Written    bool              `json:"written" jsonschema:"whether fixed files were written"`
	Files      []fixedFile       `json:"files" jsonschema:"the files the fixes change"`
	Findings   report.JSONReport `json:"findings" jsonschema:"the findings left after the fixes, as check reports them"`
	NotWritten []notWritten      `json:"not_written" jsonschema:"files whose fixes were found but not written, with the reason (read-only, changed since read, hard-linked, ...)"`
	Refused    []refusedFix      `json:"refused" jsonschema:"fixes the fixer refused, each with its reason (it would break the file or add an error)"`
}

type notWritten struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

type refusedFix struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Rule   string `json:"rule"`
	Key    string `json:"key"`
	Title  string `json:"title"`
	Reason string `json:"reason"`
}

type fixedFile struct {
	Path  string `json:"path"`
	Fixes int    `json:"fixes" jsonschema:"how many fixes apply to the file"`
}

// fix runs the fixer as check --fix does (with write) or check --diff
// (without): one run, the files as read kept beside the fixed ones.
func (s *server) fix(ctx context.Context, req *callRequest, in fixIn) (*result, fixOut, error) {
	sc, err := s.scope(ctx, req.Session)
	if err != nil {
		return nil, fixOut{}, err
	}
	results, err := s.run(sc, in.Paths, runner.Options{Fix: true, UnsafeFixes: in.Unsafe, Diff: !in.Write})
	if err != nil {
		return nil, fixOut{}, err
	}
	out := fixOut{Files: []fixedFile{}, NotWritten: []notWritten{}, Refused: []refusedFix{}}
	var diff strings.Builder
	for _, r := range results {
		if r.Original != nil && string(r.Original) != string(r.Src) {
			_ = report.WriteDiff(&diff, r.Path, r.Original, r.Src) // a strings.Builder does not fail
			out.Files = append(out.Files, fixedFile{Path: r.Path, Fixes: r.Fixed})
		}
		if r.NotFixed != "" {
			out.NotWritten = append(out.NotWritten, notWritten{Path: r.Path, Reason: r.NotFixed})
		}
		for _, u := range r.Unfixed {
			out.Refused = append(out.Refused, refusedFix{Path: r.Path, Line: u.Line, Rule: u.Rule, Key: u.Key, Title: u.Title, Reason: u.Reason})
		}
	}
	out.Diff = diff.String()
	out.Findings = report.NewJSONReport(reportFiles(results))
	out.Written = in.Write && len(out.Files) > 0
	return text(fixText(out)), out, nil
}

func fixText(out fixOut) string {
	sum := out.Findings.Summary
	left := fmt.Sprintf("left after the fixes: %s, %s", plural(sum.Errors, "error"), plural(sum.Warnings, "warning"))
	var not strings.Builder
	for _, n := range out.NotWritten {
		fmt.Fprintf(&not, "\nnot written: %s %s", escape.String(n.Path), escape.String(n.Reason))
	}
	for _, r := range out.Refused {
		fmt.Fprintf(&not, "\nnot fixed: %s:%d: %s [%s]: %s", escape.String(r.Path), r.Line, escape.String(r.Title), r.Rule, escape.String(r.Reason))
	}
	return fixSummary(out, left) + not.String()
}

func fixSummary(out fixOut, left string) string {
	switch {
	case out.Diff == "" && len(out.NotWritten) > 0:
		return "osmosis-lint: fixes found but not written; " + left
	case out.Diff == "":
		return "osmosis-lint: nothing to fix; " + left
	case out.Written:
		return fmt.Sprintf("osmosis-lint: fixed %s; %s\n\n%s", plural(len(out.Files), "file"), left, out.Diff)
	}
	return fmt.Sprintf("osmosis-lint: fixes for %s, not written (call fix with write: true to apply them); %s\n\n%s", plural(len(out.Files), "file"), left, out.Diff)
}
