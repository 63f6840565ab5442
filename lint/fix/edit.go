package fix

import (
	"sort"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Replace is an edit that replaces r with text.
func Replace(r toml.Range, text string) Edit { return Edit{Range: r, NewText: text} }

// Insert is an edit that inserts text at off.
func Insert(off int, text string) Edit {
	return Edit{Range: toml.Range{Start: off, End: off}, NewText: text}
}

// New builds a fix from edits: safe, or unsafe (applied only by --fix
// --unsafe-fixes).
func New(title string, safe bool, edits ...Edit) Fix {
	a := Unsafe
	if safe {
		a = Safe
	}
	return Fix{Title: title, Applicability: a, Edits: edits}
}

// Offer builds a fix that is offered and never applied by a command:
// one that drops a value the user wrote, picks a model, a dataset or the
// code to run, or rewrites what the user typed into something else. The
// editor offers it as a code action for the user to choose.
func Offer(title string, edits ...Edit) Fix {
	return Fix{Title: title, Applicability: DisplayOnly, Edits: edits}
}

// UnsafeUnless builds an unsafe fix, or a display-only one when it writes
// a value picked for the user (lint fills such values for missing keys).
func UnsafeUnless(picked bool, title string, edits ...Edit) Fix {
	if picked {
		return Offer(title, edits...)
	}
	return New(title, false, edits...)
}

// LineSpan returns the range of the whole lines covering r, including the
// final newline, so deleting it leaves no blank line behind. It returns
// false when another statement shares those lines.
func LineSpan(doc *toml.Document, r toml.Range) (toml.Range, bool) {
	first := doc.Lines.Line(r.Start)
	last := doc.Lines.Line(max(r.Start, r.End-1))
	start := doc.Lines.LineStart(first)
	end := doc.Lines.LineStart(last + 1)
	before := strings.TrimSpace(string(doc.Src[start:r.Start]))
	after := strings.TrimSpace(string(doc.Src[r.End:min(end, len(doc.Src))]))
	if before != "" || (after != "" && !strings.HasPrefix(after, "#")) {
		return r, false
	}
	return toml.Range{Start: start, End: end}, true
}

// DeleteStmt deletes a top-level statement with its line.
func DeleteStmt(doc *toml.Document, s *toml.Stmt) (Edit, bool) {
	r, ok := LineSpan(doc, s.Range)
	if !ok {
		return Edit{}, false
	}
	return Replace(r, ""), true
}

// StmtAt returns the top-level statement whose key starts at off.
func StmtAt(doc *toml.Document, off int) *toml.Stmt {
	i := sort.Search(len(doc.Stmts), func(i int) bool { return doc.Stmts[i].Range.End > off })
	if i < len(doc.Stmts) && doc.Stmts[i].Range.Start <= off {
		return doc.Stmts[i]
	}
	return nil
}

// AppendToTable returns an edit adding the line `text` at the end of the
// body of table t (after its last pair), or nil when t is not a [header]
// table.
func AppendToTable(doc *toml.Document, t *toml.Table, text string) (Edit, bool) {
	if t == nil {
		return Edit{}, false
	}
	switch t.Origin {
	case toml.OriginHeader, toml.OriginArrayHeader:
	default:
		return Edit{}, false
	}
	end := t.End
	line := doc.Lines.Line(max(end-1, 0))
	off := doc.Lines.LineStart(line + 1)
	nl := ""
	if off > len(doc.Src) || (off == len(doc.Src) && (len(doc.Src) == 0 || doc.Src[len(doc.Src)-1] != '\n')) {
		off = len(doc.Src)
		nl = "\n"
	}
	return Insert(off, nl+text+"\n"), true
}

// AppendSection returns an edit adding a section at the end of the file.
func AppendSection(doc *toml.Document, text string) Edit {
	prefix := "\n"
	if len(doc.Src) > 0 && doc.Src[len(doc.Src)-1] != '\n' {
		prefix = "\n\n"
	}
	if len(doc.Src) == 0 {
		prefix = ""
	}
	return Insert(len(doc.Src), prefix+text)
}
