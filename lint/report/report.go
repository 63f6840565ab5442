// Package report writes findings in the formats of `osmosis-lint check`:
// text for terminals (full, concise or grouped), JSON for scripts, SARIF for
// code-scanning services, GitHub workflow commands for annotations, GitLab
// Code Quality for merge requests and JUnit XML for CI test views.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// File is one checked file with its findings.
type File struct {
	// Path is the file as shown in findings (relative, forward slashes).
	Path string
	// Src is the file's content, for snippets.
	Src      []byte
	Findings []lint.Finding
	// Applied lists the fixes applied to the file, for --show-fixes.
	Applied []lint.FixOutcome
	// Unfixed lists the fixes the fixer refused in this run: they are not
	// counted as fixable.
	Unfixed []lint.FixOutcome
}

// Summary counts findings over a run.
type Summary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// Infos and Fixed are for the text summary; the JSON report keeps the
	// documented shape {files, errors, warnings}.
	Infos int `json:"-"`
	Fixed int `json:"-"`
}

// Summarize counts the findings of files.
func Summarize(files []File) Summary {
	s := Summary{Files: len(files)}
	for _, f := range files {
		for _, x := range f.Findings {
			switch x.Severity {
			case lint.Error:
				s.Errors++
			case lint.Warning:
				s.Warnings++
			default:
				s.Infos++
			}
		}
	}
	return s
}

// Format names an output format.
type Format string

// Output formats. Text is the full style (a snippet under each finding);
// Concise is one line a finding, Grouped one heading a file.
const (
	Text    Format = "text"
	Full    Format = "full"
	Concise Format = "concise"
	Grouped Format = "grouped"
	JSON    Format = "json"
	SARIF   Format = "sarif"
	GitHub  Format = "github"
	GitLab  Format = "gitlab"
	JUnit   Format = "junit"
)

// Formats lists every format name, for help, messages and completion.
func Formats() []Format {
	return []Format{Text, Full, Concise, Grouped, JSON, SARIF, GitHub, GitLab, JUnit}
}

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) {
	names := make([]string, 0, len(Formats()))
	for _, f := range Formats() {
		if string(f) == s {
			return f, nil
		}
		names = append(names, string(f))
	}
	return "", fmt.Errorf("unknown format %q: use %s", s, strings.Join(names, ", "))
}

// ForPeople reports whether a format is read by people in a terminal (and
// may be colored).
func (f Format) ForPeople() bool {
	switch f {
	case Text, Full, Concise, Grouped:
		return true
	}
	return false
}

// Options tune the text format.
type Options struct {
	Color   bool
	OneLine bool
	Quiet   bool
	// Version is the tool's version, for SARIF.
	Version string
	// Fixed is the number of fixes applied, for the summary.
	Fixed int
	// ShowFixes lists the fixes applied (File.Applied) before the summary.
	ShowFixes bool
	// Width is the terminal's width in columns: the text style wraps its
	// lines at spaces to fit it. 0 (not a terminal) wraps nothing.
	Width int
	// UnsafeFixes is set with --unsafe-fixes: unsafe fixes count as
	// fixable (by --fix --unsafe-fixes) rather than hidden.
	UnsafeFixes bool
}

// Write writes files in format to w.
func Write(w io.Writer, format Format, files []File, opts Options) error {
	sort.SliceStable(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	switch format {
	case JSON:
		return writeJSON(w, files, opts)
	case SARIF:
		return writeSARIF(w, files, opts)
	case GitHub:
		return writeGitHub(w, files)
	case GitLab:
		return writeGitLab(w, files)
	case JUnit:
		return writeJUnit(w, files)
	case Concise:
		opts.OneLine = true
	case Grouped:
		return toTerminal(w, func(w io.Writer) error { return writeGrouped(w, shown(files), opts) })
	}
	return toTerminal(w, func(w io.Writer) error { return writeText(w, shown(files), opts) })
}

// toTerminal runs write with a writer that escapes whatever control
// character or invalid byte reaches it (escape.Terminal): every text a
// person reads is written through one. The files such a writer is given
// come from shown, so that a newline from the workspace stays in its line.
func toTerminal(w io.Writer, write func(io.Writer) error) error {
	t := escape.NewTerminal(w)
	err := write(t)
	if ferr := t.Flush(); err == nil {
		err = ferr
	}
	return err
}
