// Package lint owns every rule of osmosis-lint and every message it prints.
// It combines the schema engine (TOML with positions, JSON Schema issues)
// with the workspace model into findings, applies suppressions and
// settings, carries fixes as text edits, and writes the output formats.
package lint

import (
	"bytes"
	"encoding/json"

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
	// StageSync: the platform runs other code than the workspace holds
	// (rollout files not committed or not pushed, a branch or pinned
	// commit that origin lacks).
	StageSync Stage = "sync"
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
	// Secrets are the parts of the file that no output may quote: every
	// credential the file holds (Check gives each finding all of them,
	// whichever rules ran; nil when the file was not searched). See
	// Masked.
	Secrets []Secret `json:"-"`
}

// Secret is a part of a file that output shows masked.
type Secret struct {
	// Range is the secret's bytes in the file.
	Range toml.Range
	// Shown is how many of its leading bytes may be shown: a provider's
	// prefix, never a byte of the secret itself.
	Shown int
}

// Fix is one way to repair a finding: text edits to apply together.
type Fix struct {
	Title         string        `json:"title"`
	Applicability Applicability `json:"applicability"`
	Edits         []Edit        `json:"edits"`
	// Keys are the dotted key paths to which the fix carries the file's
	// own text, besides the key of its finding: the new name of a rename,
	// the destination of a move, a table rewritten in another form. Two
	// fixes that touch one key (or a table and a key inside it) are
	// alternatives: the fixer never applies both in one round. A value
	// problem the fix reveals there is the user's, not the fix's.
	Keys []string `json:"-"`
}

// Applicability says how far a fix may be applied without review.
type Applicability string

// The applicabilities, from the most to the least trusted.
const (
	// Safe fixes keep the config's meaning: --fix and an editor's "fix
	// all" apply them.
	Safe Applicability = "safe"
	// Unsafe fixes are right in the usual case but change what the config
	// says or guess a value: applied only with --unsafe-fixes.
	Unsafe Applicability = "unsafe"
	// DisplayOnly fixes are offered (editor code actions, the JSON
	// report) and never applied by a command: only a person knows
	// whether they are right, such as deleting a key whose value would be
	// lost.
	DisplayOnly Applicability = "display-only"
)

// MarshalJSON writes the applicability and, for readers of version 1 of the
// JSON report, the boolean `safe` it replaced.
// Like the reports, it leaves <, > and & as they are.
func (f Fix) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(struct {
		Title         string        `json:"title"`
		Safe          bool          `json:"safe"`
		Applicability Applicability `json:"applicability"`
		Edits         []Edit        `json:"edits"`
	}{f.Title, f.Applicability == Safe, f.Applicability, f.Edits})
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
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

// Suppressible reports whether a suppression comment can silence the
// finding: its rule allows it, and it is not a submit error (a finding
// can carry an earlier stage than its rule, see Rule.Supersedes).
func (f *Finding) Suppressible() bool {
	r, ok := Lookup(f.Rule)
	return ok && r.Suppressible() && f.Stage != StageSubmit
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
