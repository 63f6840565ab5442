package assist

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

func itoa(n int) string { return strconv.Itoa(n) }

func builtinModels() []string { return workspace.BuiltinModels() }

// Spot is what the cursor is on: a key, a value or a table header.
type Spot struct {
	Path  []string   // instance path of the key or value
	Range toml.Range // the key part or value under the cursor
	Value *toml.Value
	// OnKey is set for a key or a header, clear for a value.
	OnKey bool
}

// SpotAt finds the key, value or header at offset off.
func (f *File) SpotAt(off int) (Spot, bool) {
	for _, s := range f.Doc.Stmts {
		if off < s.Range.Start {
			break
		}
		if off > s.Range.End {
			continue
		}
		switch s.Kind {
		case toml.StmtTable, toml.StmtArrayTable:
			path := f.instancePath(s)
			for i, k := range s.Keys {
				if k.Range.Contains(off) {
					return Spot{Path: trimToKeys(path, i+1), Range: k.Range, OnKey: true}, true
				}
			}
			return Spot{Path: path, Range: s.Range, OnKey: true}, true
		case toml.StmtKeyValue:
			base, _, _ := f.tableAt(s.Range.Start)
			path := append([]string(nil), base...)
			for _, k := range s.Keys {
				path = append(path, k.Name)
				if k.Range.Contains(off) {
					return Spot{Path: append([]string(nil), path...), Range: k.Range, OnKey: true}, true
				}
			}
			if s.Value != nil {
				if sp, ok := spotInValue(path, s.Value, off); ok {
					return sp, true
				}
			}
		}
	}
	return Spot{}, false
}

// trimToKeys keeps the instance path up to the n-th key (indexes included).
func trimToKeys(path []string, n int) []string {
	keys := 0
	for i, p := range path {
		if _, err := strconv.Atoi(p); err == nil && i > 0 {
			continue
		}
		keys++
		if keys == n {
			// include a following index
			if i+1 < len(path) {
				if _, err := strconv.Atoi(path[i+1]); err == nil {
					return path[:i+2]
				}
			}
			return path[:i+1]
		}
	}
	return path
}

// spotInValue finds what of v is under off; path is v's instance path, a
// slice of the caller's own that the descent extends in place (one branch
// is followed, so no copy per level is needed).
func spotInValue(path []string, v *toml.Value, off int) (Spot, bool) {
	if !v.Range.Contains(off) {
		return Spot{}, false
	}
	for {
		name, child, key := under(v, off)
		switch {
		case key != nil:
			return Spot{Path: append(path, name), Range: key.KeyRange, OnKey: true}, true
		case child == nil:
			return Spot{Path: path, Range: v.Range, Value: v}, true
		}
		path, v = append(path, name), child
	}
}

// under finds the item or entry of v under off: its name in the instance
// path and its value, or the entry when off is on its key.
func under(v *toml.Value, off int) (string, *toml.Value, *toml.Entry) {
	switch v.Kind {
	case toml.KindArray:
		for i, it := range v.Items {
			if it.Range.Contains(off) {
				return itoa(i), it, nil
			}
		}
	case toml.KindTable:
		for _, e := range v.Table.Entries {
			if e.KeyRange.Contains(off) {
				return e.Key, nil, e
			}
			if e.Value.Range.Contains(off) {
				return e.Key, e.Value, nil
			}
		}
	}
	return "", nil, nil
}

// Hover returns Markdown about what is at offset off, and the range it
// describes.
func (f *File) Hover(off int) (string, toml.Range, bool) {
	sp, ok := f.SpotAt(off)
	if !ok {
		return "", toml.Range{}, false
	}
	fl := f.field(sp.Path)
	var b strings.Builder
	name := displayPath(sp.Path)
	if fl == nil {
		if len(sp.Path) > 0 {
			b.WriteString("**" + name + "** is not a key of this " + string(f.Kind) + " config.")
			rule := lint.RuleUnknownKey
			if t := f.field(sp.Path[:len(sp.Path)-1]); t != nil {
				rule = lint.UnknownKeyRule(t)
			}
			if l := ruleLink(rule); l != "" {
				b.WriteString(" (" + l + ")")
			}
			return lint.Redact(f.Doc, b.String()), sp.Range, true
		}
		return "", toml.Range{}, false
	}
	b.WriteString("**" + name + "**")
	if t := fl.Title(); t != "" && strings.HasPrefix(t, "[") {
		b.WriteString(" " + t)
	}
	b.WriteString("\n\n")
	if d := fl.Description(); d != "" {
		b.WriteString(d + "\n\n")
	}
	b.WriteString(fieldFacts(fl, lint.FieldRules(f.Kind, sp.Path, fl)))
	if !sp.OnKey && sp.Value != nil {
		b.WriteString(f.valueNote(fl, sp))
	}
	if name == "experiment.dataset" {
		if n, _, ok := f.rows(); ok {
			b.WriteString("\n" + f.rowsNote(n) + "\n")
		}
	}
	return lint.Redact(f.Doc, strings.TrimRight(b.String(), "\n")), sp.Range, true
}

func displayPath(path []string) string {
	var parts []string
	for i, p := range path {
		if _, err := strconv.Atoi(p); err == nil && i > 0 {
			parts[len(parts)-1] += "[" + p + "]"
			continue
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ".")
}

// fieldFacts lists type, default, range and stage, and links the rules
// that judge the field.
func fieldFacts(fl *schema.Field, rules []string) string {
	var lines []string
	if ts := fl.Types(); len(ts) > 0 {
		lines = append(lines, "- type: "+typeWords(ts))
	} else if !fl.IsTable() {
		lines = append(lines, "- type: any (forwarded to the platform as written)")
	}
	if e := fl.Enum(); len(e) > 0 {
		var vals []string
		for _, x := range e {
			vals = append(vals, "`"+schema.FormatTOML(x)+"`")
		}
		lines = append(lines, "- one of: "+strings.Join(vals, ", "))
	}
	if d := fl.DefaultText(); d != "" {
		lines = append(lines, "- default: `"+d+"`")
	}
	if r := fl.RangeText(); r != "" {
		lines = append(lines, "- allowed: "+r)
	}
	if lim, ok := fl.Limit(); ok {
		lines = append(lines, "- above "+schema.FormatNumber(lim)+": likely rejected (`param-limit`)")
	}
	switch fl.Stage() {
	case "platform":
		lines = append(lines, "- checked by: the platform, after submission")
	case "submit":
		lines = append(lines, "- checked by: the osmosis CLI, at submit")
	}
	if links := ruleLinks(rules); len(links) > 0 {
		lines = append(lines, "- rules: "+strings.Join(links, ", "))
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// ruleLinks links rules to their docs.
func ruleLinks(ids []string) []string {
	var out []string
	for _, id := range ids {
		if l := ruleLink(id); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// ruleLink is a Markdown link to a rule's documentation, "" for an id the
// catalog does not have.
func ruleLink(id string) string {
	r, ok := lint.Lookup(id)
	if !ok {
		return ""
	}
	return "[`" + id + "`](" + r.DocURL() + ")"
}

// fieldDoc is the completion documentation of a field.
func fieldDoc(fl *schema.Field) string {
	d := fl.Description()
	// the field alone, shared by every key it describes: the rules its
	// schema annotations name
	if facts := fieldFacts(fl, lint.FieldRules("", nil, fl)); facts != "" {
		d += "\n\n" + facts
	}
	return d
}

// valueNote adds what the workspace knows about a value: the rollout's
// directory, the entrypoint file, where a dataset name comes from.
func (f *File) valueNote(fl *schema.Field, sp Spot) string {
	v := sp.Value
	if v.Kind != toml.KindString {
		return ""
	}
	if f.WS == nil {
		return ""
	}
	switch fl.Complete() {
	case "rollout":
		if r, ok := f.WS.Rollout(v.Str); ok {
			note := "\n`rollouts/" + r.Name + "/`: " + itoa(len(r.Files)) + " files"
			if len(r.PyFiles) > 0 {
				note += ", Python: " + strings.Join(limit(r.PyFiles, 6), ", ")
			}
			if !r.HasPyproject {
				note += " (no pyproject.toml)"
			}
			return note + "\n"
		}
		return "\n`rollouts/" + v.Str + "/` does not exist.\n"
	case "entrypoint":
		_, rv := f.Doc.Root.Lookup(append(append([]string(nil), sp.Path[:len(sp.Path)-1]...), "rollout")...)
		if rv != nil && rv.Kind == toml.KindString {
			rp := f.WS.ResolveRolloutPath(rv.Str, v.Str)
			if rp.EntryContained && rp.Entry.IsRegular {
				return "\n`" + rp.Entry.Path + "` exists.\n"
			}
			return "\n`rollouts/" + rv.Str + "/" + v.Str + "` is not a file of the rollout.\n"
		}
	case "dataset":
		if d, ok := f.WS.LookupDataset(v.Str); ok {
			note := "\nDataset `" + d.Name + "`: known from " + d.Source.String()
			if d.From != "" {
				note += " (" + d.From + ")"
			}
			if d.Status != "" {
				note += ", status `" + d.Status + "`"
			}
			if d.DataFile != "" {
				note += "; local file `" + d.DataFile + "`"
			}
			return note + ".\n"
		}
		if f.WS.HasPlatformList() {
			return "\nNo platform dataset is named `" + v.Str + "` in " + f.WS.DatasetsFile() + ".\n"
		}
		return "\nNo dataset list is loaded; save `osmosis --json dataset list --all` and pass it with --datasets or the `datasets` setting to check names.\n"
	case "model":
		if m, ok := f.WS.LookupModel(v.Str); ok {
			return "\nBase model known from " + m.Source.String() + ".\n"
		}
	}
	return ""
}

func limit(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	return append(append([]string(nil), s[:n]...), "...")
}
