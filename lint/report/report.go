// Package report writes findings in the formats of `osmosis-lint check`:
// text for terminals, JSON for scripts, SARIF for code-scanning services and
// GitHub workflow commands for annotations.
package report

import (
	"fmt"
	"io"
	"sort"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// File is one checked file with its findings.
type File struct {
	// Path is the file as shown in findings (relative, forward slashes).
	Path string
	// Src is the file's content, for snippets.
	Src      []byte
	Findings []lint.Finding
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

// Output formats.
const (
	Text   Format = "text"
	JSON   Format = "json"
	SARIF  Format = "sarif"
	GitHub Format = "github"
)

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) {
	switch Format(s) {
	case Text, JSON, SARIF, GitHub:
		return Format(s), nil
	}
	return "", fmt.Errorf("unknown format %q: use text, json, sarif or github", s)
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
	}
	return writeText(w, files, opts)
}
