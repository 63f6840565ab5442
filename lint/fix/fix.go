// Package fix is what a fix is: text edits of a TOML document, with the
// title and applicability a finding offers them under, the edits rules
// build them from (replace, insert, delete a statement, append to a table
// or a section, move a pair) and the algebra the fixer of lint applies them
// with (order, overlap, apply). It knows TOML documents, not rules: lint
// imports it, never the other way.
package fix

import (
	"bytes"
	"encoding/json"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Fix is one way to repair a finding (lint.Finding): text edits to apply together.
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
	// Create, when set, is the workspace-relative path of a new file the
	// fix creates: its one edit is an insert at offset 0 of the new file,
	// not of the file of the finding. Such a fix is display-only and is
	// never applied by a command: an editor offers it where its client
	// can create files, and never replaces a file that exists.
	Create string `json:"create,omitempty"`
}

// Applicability says how far a fix may be applied without review.
type Applicability string

// The applicabilities, from the most to the least trusted.
const (
	// Safe fixes keep the config's meaning: --fix and an editor's "fix
	// all" apply them.
	Safe Applicability = "safe"
	// Unsafe fixes are right in the usual case but change what the config
	// says, keeping the user's values: applied only by --fix
	// --unsafe-fixes.
	Unsafe Applicability = "unsafe"
	// DisplayOnly fixes are offered (editor code actions, the JSON
	// report) and never applied by a command or door (the fixer refuses
	// them): only a person knows whether they are right. Every fix that
	// drops a value the user wrote, picks a model, a dataset or a file to
	// run, or rewrites what the user typed into something else is
	// display-only.
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
		Create        string        `json:"create,omitempty"`
		Edits         []Edit        `json:"edits"`
	}{f.Title, f.Applicability == Safe, f.Applicability, f.Create, f.Edits})
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
