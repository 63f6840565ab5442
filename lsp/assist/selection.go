package assist

import "github.com/osmosis-lint/osmosis-lint/schema/toml"

// SelectionRanges returns the ranges around offset off, innermost first,
// each inside the next: a string's text, the value, the values that hold
// it (arrays, inline tables), the key, the key/value pair, its section and
// the whole document.
func (f *File) SelectionRanges(off int) []toml.Range {
	var out []toml.Range
	add := func(r toml.Range) {
		if r.Start > off || r.End < off || r.Len() < 0 {
			return
		}
		if n := len(out); n > 0 {
			last := out[n-1]
			if r == last || r.Start > last.Start || r.End < last.End {
				return // the same, or not around the last one
			}
		}
		out = append(out, r)
	}
	var section *toml.Stmt
	var stmt *toml.Stmt
	for _, s := range f.Doc.Stmts {
		if s.Range.Start > off {
			break
		}
		if s.Kind == toml.StmtTable || s.Kind == toml.StmtArrayTable {
			section = s
		}
		if s.Range.Contains(off) {
			stmt = s
		}
	}
	if stmt != nil {
		for _, r := range valueChain(f.Doc.Src, stmt.Value, off) {
			add(r)
		}
		for _, k := range stmt.Keys {
			if k.Range.Contains(off) {
				add(stringText(f.Doc.Src, k.Range))
				add(k.Range)
			}
		}
		add(stmt.KeyRange())
		add(stmt.Range)
	}
	if section != nil {
		end := section.Range.End
		if section.Table != nil && section.Table.End > end {
			end = section.Table.End
		}
		add(toml.Range{Start: section.Range.Start, End: end})
	}
	add(toml.Range{Start: 0, End: len(f.Doc.Src)})
	return out
}

// valueChain lists the ranges of v and of the values inside it that hold
// off, innermost first.
func valueChain(src []byte, v *toml.Value, off int) []toml.Range {
	if v == nil || !v.Range.Contains(off) {
		return nil
	}
	var inner []toml.Range
	switch v.Kind {
	case toml.KindArray:
		for _, it := range v.Items {
			if c := valueChain(src, it, off); c != nil {
				inner = c
				break
			}
		}
	case toml.KindTable:
		if v.Table != nil {
			for _, e := range v.Table.Entries {
				if c := valueChain(src, e.Value, off); c != nil {
					inner = append(c, toml.Range{Start: e.KeyRange.Start, End: e.Value.Range.End})
					break
				}
				if e.KeyRange.Contains(off) {
					inner = []toml.Range{e.KeyRange, {Start: e.KeyRange.Start, End: e.Value.Range.End}}
					break
				}
			}
		}
	case toml.KindString:
		inner = []toml.Range{stringText(src, v.Range)}
	}
	return append(inner, v.Range)
}
