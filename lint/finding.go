// Package lint owns every rule of osmosis-lint and every message it prints.
// It combines the schema engine (TOML with positions, JSON Schema issues)
// with the workspace model into findings, applies suppressions and
// settings, carries fixes as text edits, and writes the output formats.
package lint

import (
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Severity of a finding.
type Severity string

// Severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Stage says when a problem would bite if ignored.
type Stage string

// Stages.
const (
	// StageSubmit: the osmosis CLI rejects the config locally at submit.
	StageSubmit Stage = "submit"
	// StagePlatform: the platform rejects it after submission.
	StagePlatform Stage = "platform"
	// StageRuntime: the run starts, then fails or misbehaves.
	StageRuntime Stage = "runtime"
	// StageAdvice: legal, but very likely a mistake.
	StageAdvice Stage = "advice"
)

// Finding is one problem in one file.
type Finding struct {
	Path string `json:"path"`
	// 1-based lines; columns count characters (runes), end exclusive.
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	EndLine   int      `json:"end_line"`
	EndColumn int      `json:"end_column"`
	Rule      string   `json:"rule"`
	Severity  Severity `json:"severity"`
	Stage     Stage    `json:"stage"`
	Message   string   `json:"message"`
	Key       string   `json:"key"`
	Fixes     []Fix    `json:"fixes"`

	// Range is the byte range in the file (the engine's own positions).
	Range toml.Range `json:"-"`
}

// Fix is one way to repair a finding: text edits to apply together.
type Fix struct {
	Title string `json:"title"`
	// Safe fixes keep the config's meaning and are applied by --fix; the
	// others need review and are applied only with --unsafe-fixes (and are
	// offered as editor code actions).
	Safe  bool   `json:"safe"`
	Edits []Edit `json:"edits"`
}

// Edit replaces the bytes of Range with NewText.
type Edit struct {
	Range   toml.Range `json:"-"`
	NewText string     `json:"new_text"`
	// 1-based positions of Range, filled when findings are located.
	Line      int `json:"line"`
	Column    int `json:"column"`
	EndLine   int `json:"end_line"`
	EndColumn int `json:"end_column"`
}

// IsError reports whether the finding fails a run.
func (f *Finding) IsError() bool { return f.Severity == Error }

// locate fills the 1-based positions of the finding and its edits.
func locate(f *Finding, lines *toml.LineIndex) {
	f.Line, f.Column = pos1(lines, f.Range.Start)
	f.EndLine, f.EndColumn = pos1(lines, f.Range.End)
	for i := range f.Fixes {
		for j := range f.Fixes[i].Edits {
			e := &f.Fixes[i].Edits[j]
			e.Line, e.Column = pos1(lines, e.Range.Start)
			e.EndLine, e.EndColumn = pos1(lines, e.Range.End)
		}
	}
}

func pos1(lines *toml.LineIndex, off int) (int, int) {
	l, c := lines.Position(off, toml.Runes)
	return l + 1, c + 1
}
