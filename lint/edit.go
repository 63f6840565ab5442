package lint

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// replace is an edit that replaces r with text.
func replace(r toml.Range, text string) Edit { return Edit{Range: r, NewText: text} }

// insertAt is an edit that inserts text at off.
func insertAt(off int, text string) Edit {
	return Edit{Range: toml.Range{Start: off, End: off}, NewText: text}
}

// fix builds a fix from edits.
func fix(title string, safe bool, edits ...Edit) Fix {
	return Fix{Title: title, Safe: safe, Edits: edits}
}

// lineSpan returns the range of the whole lines covering r, including the
// final newline, so deleting it leaves no blank line behind. It returns
// false when another statement shares those lines.
func lineSpan(doc *toml.Document, r toml.Range) (toml.Range, bool) {
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

// deleteStmt deletes a top-level statement with its line.
func deleteStmt(doc *toml.Document, s *toml.Stmt) (Edit, bool) {
	r, ok := lineSpan(doc, s.Range)
	if !ok {
		return Edit{}, false
	}
	return replace(r, ""), true
}

// stmtAt returns the top-level statement whose key starts at off.
func stmtAt(doc *toml.Document, off int) *toml.Stmt {
	i := sort.Search(len(doc.Stmts), func(i int) bool { return doc.Stmts[i].Range.End > off })
	if i < len(doc.Stmts) && doc.Stmts[i].Range.Start <= off {
		return doc.Stmts[i]
	}
	return nil
}

// appendToTable returns an edit adding the line `text` at the end of the
// body of table t (after its last pair), or nil when t is not a [header]
// table.
func appendToTable(doc *toml.Document, t *toml.Table, text string) (Edit, bool) {
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
	return insertAt(off, nl+text+"\n"), true
}

// appendSection returns an edit adding a section at the end of the file.
func appendSection(doc *toml.Document, text string) Edit {
	prefix := "\n"
	if len(doc.Src) > 0 && doc.Src[len(doc.Src)-1] != '\n' {
		prefix = "\n\n"
	}
	if len(doc.Src) == 0 {
		prefix = ""
	}
	return insertAt(len(doc.Src), prefix+text)
}

// ApplyFixes applies the edits of the given fixes to src. Edits that overlap
// an earlier one are skipped; it returns the new text and how many fixes it
// applied.
func ApplyFixes(src []byte, fixes []Fix) ([]byte, int) {
	// accepted is kept in the order the edits are applied: by start, and at
	// one offset insertions first, the one accepted last first. Fixes mostly
	// come in source order, so the search lands at the end and the insert
	// is an append: linear, where comparing each edit with every accepted
	// one and rebuilding the text per edit was quadratic.
	var accepted []Edit
	var reach []int // reach[j]: the largest end among accepted[:j+1]
	applied := 0
	overlaps := func(e Edit) bool {
		// look back from the last edit starting at or before e's end until
		// none before reaches e's start
		i := sort.Search(len(accepted), func(i int) bool { return accepted[i].Range.Start > e.Range.End })
		for j := i - 1; j >= 0 && reach[j] >= e.Range.Start; j-- {
			a := accepted[j]
			if e.Range.Start < a.Range.End && a.Range.Start < e.Range.End {
				return true
			}
			if e.Range.Start == a.Range.Start && e.Range.Len() == 0 && a.Range.Len() == 0 {
				return true
			}
		}
		return false
	}
	for _, f := range fixes {
		ok := len(f.Edits) > 0
		for _, e := range f.Edits {
			if e.Range.Start < 0 || e.Range.End > len(src) || e.Range.Start > e.Range.End || overlaps(e) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		for _, e := range f.Edits {
			var i int
			if e.Range.Len() == 0 {
				i = sort.Search(len(accepted), func(i int) bool { return accepted[i].Range.Start >= e.Range.Start })
			} else {
				i = sort.Search(len(accepted), func(i int) bool { return accepted[i].Range.Start > e.Range.Start })
			}
			accepted = slices.Insert(accepted, i, e)
			reach = slices.Insert(reach, i, 0)
			for k := i; k < len(accepted); k++ {
				reach[k] = accepted[k].Range.End
				if k > 0 {
					reach[k] = max(reach[k], reach[k-1])
				}
			}
		}
		applied++
	}
	out := make([]byte, 0, len(src))
	at := 0
	for _, e := range accepted {
		if e.Range.Start < at {
			continue // overlaps another edit of its own fix
		}
		out = append(out, src[at:e.Range.Start]...)
		out = append(out, e.NewText...)
		at = e.Range.End
	}
	return append(out, src[at:]...), applied
}

// FixFile applies fixes to src until no fix applies any more (at most a few
// rounds): the result is what --fix writes. safeOnly keeps unsafe fixes out.
func FixFile(src []byte, in Input, safeOnly bool) ([]byte, int) {
	total := 0
	for round := 0; round < 8; round++ {
		var fixes []Fix
		for _, f := range Check(src, in) {
			for _, fx := range f.Fixes {
				if fx.Safe || !safeOnly {
					fixes = append(fixes, fx)
					break
				}
			}
		}
		if len(fixes) == 0 {
			break
		}
		next, n := ApplyFixes(src, fixes)
		if n == 0 || string(next) == string(src) {
			break
		}
		src, total = next, total+n
	}
	return src, total
}

var _ = fmt.Sprintf
