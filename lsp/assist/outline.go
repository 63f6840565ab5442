package assist

import (
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/credential"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Symbol is a section or key for the document outline.
type Symbol struct {
	Name      string
	Detail    string
	Section   bool
	Range     toml.Range // the whole section or pair
	Selection toml.Range // the name
	Children  []Symbol
}

// Symbols returns the outline: each section with its keys, in file order.
func (f *File) Symbols() []Symbol {
	var out []Symbol
	var cur *Symbol
	// names and values are shown as the findings show them: a credential
	// masked (lint.Redactor)
	r := lint.Redactor(f.Doc)
	for _, s := range f.Doc.Stmts {
		switch s.Kind {
		case toml.StmtTable, toml.StmtArrayTable:
			name := strings.Join(s.Path, ".")
			if s.Kind == toml.StmtArrayTable {
				name = "[[" + name + "]]"
			} else {
				name = "[" + name + "]"
			}
			end := s.Range.End
			if s.Table != nil && s.Table.End > end {
				end = s.Table.End
			}
			out = append(out, Symbol{Name: r.Redact(name), Section: true, Range: toml.Range{Start: s.Range.Start, End: end}, Selection: s.KeyRange()})
			cur = &out[len(out)-1]
		case toml.StmtKeyValue:
			sym := Symbol{Name: r.Redact(keyString(s.Keys)), Range: s.Range, Selection: s.KeyRange()}
			if s.Value != nil {
				sym.Detail = r.Redact(valueDetail(f.Doc, s.Value))
				sym.Children = valueSymbols(f.Doc, s.Value, r)
			}
			if cur != nil {
				if sym.Range.End > cur.Range.End {
					cur.Range.End = sym.Range.End
				}
				cur.Children = append(cur.Children, sym)
			} else {
				out = append(out, sym)
			}
		}
	}
	return out
}

func keyString(parts []toml.KeyPart) string {
	names := make([]string, len(parts))
	for i, p := range parts {
		names[i] = p.Name
	}
	return strings.Join(names, ".")
}

func valueDetail(doc *toml.Document, v *toml.Value) string {
	switch v.Kind {
	case toml.KindTable:
		return "table"
	case toml.KindArray:
		return "list of " + itoa(len(v.Items))
	}
	t := doc.Text(v.Range)
	if len(t) > 40 {
		t = t[:37] + "..."
	}
	return t
}

func valueSymbols(doc *toml.Document, v *toml.Value, r *credential.Redactor) []Symbol {
	if v.Kind != toml.KindTable {
		return nil
	}
	var out []Symbol
	for _, e := range v.Table.Entries {
		rng := toml.Range{Start: e.KeyRange.Start, End: max(e.KeyRange.End, e.Value.Range.End)}
		out = append(out, Symbol{Name: r.Redact(e.Key), Detail: r.Redact(valueDetail(doc, e.Value)), Range: rng, Selection: e.KeyRange, Children: valueSymbols(doc, e.Value, r)})
	}
	return out
}

// Fold is a foldable line range (0-based lines, inclusive).
type Fold struct {
	StartLine, EndLine int
	Comment            bool
}

// Folds returns folding ranges: sections, multi-line values and blocks of
// comment lines.
func (f *File) Folds() []Fold {
	var out []Fold
	lines := f.Doc.Lines
	lastLine := func(end int) int { return lines.Line(max(end-1, 0)) }
	for _, s := range f.Doc.Stmts {
		switch s.Kind {
		case toml.StmtTable, toml.StmtArrayTable:
			end := s.Range.End
			if s.Table != nil {
				end = max(end, s.Table.End)
			}
			if l0, l1 := lines.Line(s.Range.Start), lastLine(end); l1 > l0 {
				out = append(out, Fold{StartLine: l0, EndLine: l1})
			}
		case toml.StmtKeyValue:
			if l0, l1 := lines.Line(s.Range.Start), lastLine(s.Range.End); l1 > l0 {
				out = append(out, Fold{StartLine: l0, EndLine: l1})
			}
		}
	}
	// runs of two or more whole-line comments
	start, prev := -1, -2
	for _, c := range f.Doc.Comments {
		l := lines.Line(c.Range.Start)
		if strings.TrimSpace(string(f.Doc.Src[lines.LineStart(l):c.Range.Start])) != "" {
			continue
		}
		if l == prev+1 {
			prev = l
			continue
		}
		if start >= 0 && prev > start {
			out = append(out, Fold{StartLine: start, EndLine: prev, Comment: true})
		}
		start, prev = l, l
	}
	if start >= 0 && prev > start {
		out = append(out, Fold{StartLine: start, EndLine: prev, Comment: true})
	}
	return out
}

// Target is a file a value leads to, relative to the workspace root.
type Target struct {
	Path string
}

// Definition returns the file a value at off refers to: the rollout's
// entrypoint (else its first Python file), the entrypoint file, the local
// data file of a dataset. Never a directory: editors open files.
func (f *File) Definition(off int) (Target, toml.Range, bool) {
	if f.WS == nil {
		return Target{}, toml.Range{}, false
	}
	sp, ok := f.SpotAt(off)
	if !ok || sp.Value == nil || sp.Value.Kind != toml.KindString {
		return Target{}, toml.Range{}, false
	}
	fl := f.field(sp.Path)
	if fl == nil {
		return Target{}, toml.Range{}, false
	}
	rollout := ""
	if rv := f.sibling(sp.Path, "rollout"); rv != nil {
		rollout = rv.Str
	}
	entry := ""
	if ev := f.sibling(sp.Path, "entrypoint"); ev != nil {
		entry = ev.Str
	}
	if p, ok := f.target(RefKind(fl.Complete()), sp.Value.Str, rollout, entry); ok {
		return Target{Path: p}, sp.Range, true
	}
	return Target{}, toml.Range{}, false
}

// target is the workspace file a ref of kind named name leads to: rollout
// and entrypoint are those of the ref's section.
func (f *File) target(kind RefKind, name, rollout, entry string) (string, bool) {
	switch kind {
	case RefRollout:
		rp := f.WS.ResolveRolloutPath(name, entry)
		if entry != "" && rp.EntryContained && rp.Entry.IsRegular {
			return rp.Entry.Path, true
		}
		if !rp.DirContained || !rp.Dir.IsDir {
			return "", false
		}
		if r, ok := f.WS.Rollout(name); ok && len(r.PyFiles) > 0 {
			first := r.PyFiles[0]
			if slices.Contains(r.PyFiles, "main.py") {
				first = "main.py"
			}
			return r.Path + "/" + first, true
		}
	case RefEntrypoint:
		rp := f.WS.ResolveRolloutPath(rollout, name)
		if rollout != "" && rp.EntryContained && rp.Entry.IsRegular {
			return rp.Entry.Path, true
		}
	case RefDataset:
		if d, ok := f.WS.LookupDataset(name); ok && d.DataFile != "" {
			return d.DataFile, true
		}
		for _, df := range f.WS.DataFiles() {
			// the name a data file uploads as, or its path (which the
			// dataset-is-path rule reports)
			if (df.UploadName == name || df.Path == name) && df.PlatformFormat() {
				return df.Path, true
			}
		}
	}
	return "", false
}

// sibling returns the string value of key in the table that holds path, or
// nil.
func (f *File) sibling(path []string, key string) *toml.Value {
	_, v := f.Doc.Root.Lookup(append(append([]string(nil), path[:len(path)-1]...), key)...)
	if v == nil || v.Kind != toml.KindString {
		return nil
	}
	return v
}
