package mcpserver

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
)

// fixIn are the arguments of fix.
type fixIn struct {
	Paths  []string `json:"paths,omitempty" jsonschema:"workspace files or directories to fix, relative to the workspace root; none: every config of the workspace"`
	Unsafe bool     `json:"unsafe,omitempty" jsonschema:"also apply the fixes that need review (as check --unsafe-fixes)"`
	Write  bool     `json:"write,omitempty" jsonschema:"write the fixed files; without it nothing is written and the diff shows what would change"`
}

// fixOut is the result of fix.
type fixOut struct {
	Diff     string            `json:"diff" jsonschema:"the unified diff of the fixes, empty when there is nothing to fix"`
	Written  bool              `json:"written" jsonschema:"whether fixed files were written"`
	Files    []fixedFile       `json:"files" jsonschema:"the files the fixes change"`
	Findings report.JSONReport `json:"findings" jsonschema:"the findings left after the fixes, as check reports them"`
}

type fixedFile struct {
	Path  string `json:"path"`
	Fixes int    `json:"fixes" jsonschema:"how many fixes apply to the file"`
}

func (s *server) fix(ctx context.Context, req *mcp.CallToolRequest, in fixIn) (*mcp.CallToolResult, fixOut, error) {
	sc, err := s.scope(ctx, req.Session)
	if err != nil {
		return nil, fixOut{}, err
	}
	before, err := s.run(sc, in.Paths, runner.Options{})
	if err != nil {
		return nil, fixOut{}, err
	}
	after, err := s.fixed(sc, in, before)
	if err != nil {
		return nil, fixOut{}, err
	}
	out := fixOut{Files: []fixedFile{}}
	var diff strings.Builder
	for i, a := range after {
		if string(a.Src) != string(before[i].Src) {
			_ = report.WriteDiff(&diff, a.Path, before[i].Src, a.Src) // a strings.Builder does not fail
			out.Files = append(out.Files, fixedFile{Path: a.Path, Fixes: a.Fixed})
		}
	}
	out.Diff = diff.String()
	out.Findings = report.NewJSONReport(reportFiles(after))
	out.Written = in.Write && len(out.Files) > 0
	return text(fixText(out)), out, nil
}

// fixed applies the fixes to the files of before: in memory, or on disk
// with write (atomically, as check --fix writes). The results are in the
// order of before.
func (s *server) fixed(sc scope, in fixIn, before []runner.FileResult) ([]runner.FileResult, error) {
	opts := runner.Options{Fix: true, UnsafeFixes: in.Unsafe}
	out := make([]runner.FileResult, len(before))
	if in.Write {
		var paths []string
		for _, b := range before {
			paths = append(paths, b.Abs)
		}
		results, err := s.run(sc, paths, opts)
		if err != nil {
			return nil, err
		}
		byAbs := map[string]runner.FileResult{}
		for _, r := range results {
			byAbs[r.Abs] = r
		}
		for i, b := range before {
			r, ok := byAbs[b.Abs]
			if !ok {
				return nil, fmt.Errorf("%s was not checked again after its fixes", b.Path)
			}
			out[i] = r
		}
		return out, nil
	}
	for i, b := range before {
		root := sc.rootOf(b.Abs)
		res, _, err := runner.CheckSource(b.Src, b.Abs, s.runOptions(sc, root, opts))
		if err != nil {
			return nil, err
		}
		out[i] = res
	}
	return out, nil
}

// rootOf is the root of the scope that holds abs (the first root else).
func (sc scope) rootOf(abs string) string {
	for _, r := range sc.roots {
		if within(r, filepath.Clean(abs)) {
			return r
		}
	}
	return sc.roots[0]
}

func fixText(out fixOut) string {
	sum := out.Findings.Summary
	left := fmt.Sprintf("left after the fixes: %s, %s", plural(sum.Errors, "error"), plural(sum.Warnings, "warning"))
	switch {
	case out.Diff == "":
		return "osmosis-lint: nothing to fix; " + left
	case out.Written:
		return fmt.Sprintf("osmosis-lint: fixed %s; %s\n\n%s", plural(len(out.Files), "file"), left, out.Diff)
	}
	return fmt.Sprintf("osmosis-lint: fixes for %s, not written (call fix with write: true to apply them); %s\n\n%s", plural(len(out.Files), "file"), left, out.Diff)
}
