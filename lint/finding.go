// Package lint owns every rule of osmosis-lint and every message it prints.
// It combines the schema engine (TOML with positions, JSON Schema issues)
// with the workspace model into findings, applies suppressions and
// settings, carries fixes as text edits, and writes the output formats.
package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"
	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/lint/severity"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Severity of a finding (lint/severity, which settings share).
type Severity = severity.Severity

// Severities.
const (
	Error   = severity.Error
	Warning = severity.Warning
	Info    = severity.Info
)

// ParseSeverity reads a severity as settings and flags write it: "error",
// "warning" or "info".
func ParseSeverity(s string) (Severity, bool) { return severity.Parse(s) }

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

// Secret is a part of a file that output shows masked (lint/credential).
type Secret = credential.Secret

// Fix, Edit and Applicability are lint/fix's: what a fix is, which rules
// build and the fixer applies.
type (
	Fix           = fix.Fix
	Edit          = fix.Edit
	Applicability = fix.Applicability
)

// The applicabilities, from the most to the least trusted (see lint/fix).
const (
	Safe        = fix.Safe
	Unsafe      = fix.Unsafe
	DisplayOnly = fix.DisplayOnly
)

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

// Headline splits the finding's message for the text report: the headline
// says what is wrong, the rest (why, what to do) follows on lines of its
// own. See SplitMessage.
func (f *Finding) Headline() (headline, rest string) { return SplitMessage(f.Message) }

// SplitMessage splits a message at the convention every rule's message
// follows: what is wrong comes first, and the first "; " or ": " outside
// backquotes, double quotes and brackets ends it; the rest says why and
// what to do. A headline of fewer than three words ("invalid TOML") is not
// one: the split moves to the next separator. Without a separator, a
// closing parenthetical ("... (allowed: `lr`, `seed`)") is the rest, without
// its parentheses. A message with neither is all headline, with rest "".
// Machine formats and --oneline carry the message whole.
func SplitMessage(msg string) (headline, rest string) {
	depth, quoted, code := 0, false, false
	open := -1 // where the last top-level parenthetical opened
	for i := 0; i < len(msg); i++ {
		switch c := msg[i]; {
		case c == '`':
			code = !code
		case code:
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(' || c == '[' || c == '{':
			if depth == 0 {
				open = -1
				if c == '(' && i > 0 && msg[i-1] == ' ' {
					open = i
				}
			}
			depth++
		case c == ')' || c == ']' || c == '}':
			depth = max(0, depth-1)
		case depth == 0 && (c == ';' || c == ':') && i+1 < len(msg) && msg[i+1] == ' ':
			if head := msg[:i]; len(strings.Fields(head)) >= 3 {
				return head, msg[i+2:]
			}
		}
	}
	if open > 0 && !code && !quoted && depth == 0 && strings.HasSuffix(msg, ")") {
		if head := msg[:open-1]; len(strings.Fields(head)) >= 3 {
			return head, msg[open+1 : len(msg)-1]
		}
	}
	return msg, ""
}

// Masked returns src with every credential it holds masked, whichever
// rules ran: the secrets the findings carry when they all come from Check
// (which gives each finding all of the file's), else all that a search of
// src finds (no findings, or findings made without reading the file as a
// config), as credential.Mask masks them.
func Masked(src []byte, fs []Finding) []byte {
	seen := map[toml.Range]bool{}
	var secrets []Secret
	add := func(s Secret) {
		if !seen[s.Range] {
			seen[s.Range] = true
			secrets = append(secrets, s)
		}
	}
	searched := len(fs) > 0
	for _, f := range fs {
		if f.Secrets == nil {
			searched = false
		}
		for _, s := range f.Secrets {
			add(s)
		}
	}
	if !searched {
		for _, h := range credential.In(toml.Parse(src)) {
			add(h.Secret)
		}
	}
	return credential.Mask(src, secrets)
}

// redact is where every finding of a check is finalised for output: each
// piece of text it carries that a rule made (its message, key and fix
// titles) passes through the file's credential.Redactor, which masks every
// credential the file holds, in whatever position it sits in the file or
// in the text, and anything else of the form of one; a fix whose new text
// would write a credential again (moved into [env], kept in a comment,
// rewritten as a secret name) is not offered. The source a report shows is
// masked by Masked. Masking changes what is shown, never which findings
// there are, their ranges or their edits.
func redact(fs []Finding, creds []credential.Held) {
	r := credential.NewRedactor(creds)
	for i := range fs {
		redactFinding(&fs[i], r, creds)
	}
}

func redactFinding(f *Finding, r *credential.Redactor, creds []credential.Held) {
	f.Message = r.Redact(f.Message)
	f.Key = redactKey(r, f.Key)
	var kept []Fix // a new slice: findings may share their fixes' array
	for _, fx := range f.Fixes {
		if len(creds) > 0 && credential.FixCarries(fx, creds) {
			continue
		}
		fx.Title = r.Redact(fx.Title)
		kept = append(kept, fx)
	}
	if f.Fixes != nil && kept == nil {
		kept = []Fix{}
	}
	f.Fixes = kept
}

// redactKey redacts a dotted key a part at a time, so that the parts
// around a credential used as a key stay readable.
func redactKey(r *credential.Redactor, key string) string {
	var b strings.Builder
	done := 0 // key[:done] is in b
	for start := 0; start <= len(key); {
		end := strings.IndexByte(key[start:], '.')
		if end < 0 {
			end = len(key)
		} else {
			end += start
		}
		if part := key[start:end]; part != "" {
			if q := r.Redact(part); q != part {
				b.WriteString(key[done:start])
				b.WriteString(q)
				done = end
			}
		}
		start = end + 1
	}
	if done == 0 {
		return key
	}
	b.WriteString(key[done:])
	return b.String()
}

// Redactor returns the Redactor of doc's credentials (nil doc: none),
// the one function a finding's text passes through, for text an output
// shows that is no finding's: a hover, an outline.
func Redactor(doc *toml.Document) *credential.Redactor {
	var creds []credential.Held
	if doc != nil {
		creds = credential.In(doc)
	}
	return credential.NewRedactor(creds)
}

// Redact is Redactor(doc).Redact(text), for one text.
func Redact(doc *toml.Document, text string) string { return Redactor(doc).Redact(text) }

// RedactFindings finalises findings that no check made (the doctor's, a
// file that could not be read): their text passes through the same
// Redactor as a check's, with the credentials of no file.
func RedactFindings(fs []Finding) {
	redact(fs, nil)
}

// attachSecrets gives every finding the places of all the file's
// credentials (one shared slice, empty but not nil when there are none),
// so that an output showing any line of the file masks them without
// searching the file again (see Masked).
func attachSecrets(fs []Finding, creds []credential.Held) {
	if len(fs) == 0 {
		return
	}
	all := make([]Secret, len(creds))
	for i, h := range creds {
		all[i] = h.Secret
	}
	for i := range fs {
		fs[i].Secrets = all
	}
}
