package assist

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Hint is an inlay hint: Label shown at offset At. The label is TOML (a
// key and its value, or a comment); the prose is in the tooltip.
type Hint struct {
	At      int
	Label   string
	Tooltip string
}

// omitted is a key a table leaves out, with its platform default.
type omitted struct {
	name, value, doc string
}

// InlayHints shows the platform defaults of the keys each section leaves
// out, at the end of the section's last line: `key = value` when it leaves
// out one, `# +N defaults` with the list in the tooltip when more. The
// sections a config leaves out altogether get one hint at the end of the
// file. The dataset's row count follows its value, when it is known. Defaults that are not values (a sampling rule, say) are left to
// hover.
func (f *File) InlayHints(r toml.Range) []Hint {
	var out []Hint
	lines := f.Doc.Lines
	for _, s := range f.Doc.Stmts {
		if s.Kind != toml.StmtTable || s.Table == nil || s.Rejected {
			continue
		}
		fl := f.field(f.instancePath(s))
		if fl == nil || !fl.IsTable() {
			continue
		}
		miss := omittedKeys(fl, s.Table)
		if len(miss) == 0 {
			continue
		}
		last := max(s.Range.End, s.Table.End)
		at := lines.LineEnd(lines.Line(max(last-1, s.Range.Start)))
		if at < r.Start || at > r.End {
			continue
		}
		out = append(out, sectionHint(at, "["+strings.Join(s.Path, ".")+"]", miss))
	}
	if h, ok := f.rowsHint(r); ok {
		out = append(out, h)
	}
	if h, ok := f.absentHint(); ok && h.At >= r.Start && h.At <= r.End {
		out = append(out, h)
	}
	return out
}

// omittedKeys lists the keys of a table's field with a default value that
// t does not set, in schema order.
func omittedKeys(fl *schema.Field, t *toml.Table) []omitted {
	var out []omitted
	for _, name := range fl.Properties() {
		if t != nil && t.Get(name) != nil {
			continue
		}
		child := fl.Property(name)
		if _, ok := child.Default(); !ok || child.IsTable() {
			continue
		}
		out = append(out, omitted{name: name, value: child.DefaultText(), doc: child.Description()})
	}
	return out
}

func sectionHint(at int, section string, miss []omitted) Hint {
	var tip strings.Builder
	tip.WriteString("Platform defaults of the keys " + section + " leaves out:\n\n```toml\n")
	for _, m := range miss {
		tip.WriteString(m.name + " = " + m.value + "\n")
	}
	tip.WriteString("```\n")
	for _, m := range miss {
		if m.doc != "" {
			tip.WriteString("\n- `" + m.name + "`: " + m.doc)
		}
	}
	h := Hint{At: at, Tooltip: tip.String()}
	if len(miss) == 1 {
		h.Label = miss[0].name + " = " + miss[0].value
	} else {
		h.Label = "# +" + strconv.Itoa(len(miss)) + " defaults"
	}
	return h
}

// absentHint is the hint of the top-level sections the config leaves out
// that have defaults, at the end of the file.
func (f *File) absentHint() (Hint, bool) {
	root := f.Schema.Root()
	var sections []string
	var tip strings.Builder
	n := 0
	for _, name := range root.Properties() {
		child := root.Property(name)
		if !child.IsTable() || f.Doc.Root.Get(name) != nil || isArray(child) {
			continue
		}
		miss := omittedKeys(child, nil)
		if len(miss) == 0 {
			continue
		}
		sections = append(sections, "["+name+"]")
		tip.WriteString("[" + name + "]\n")
		for _, m := range miss {
			tip.WriteString(m.name + " = " + m.value + "\n")
		}
		tip.WriteString("\n")
		n += len(miss)
	}
	if len(sections) == 0 {
		return Hint{}, false
	}
	lines := f.Doc.Lines
	end := len(f.Doc.Src)
	at := lines.LineEnd(lines.Line(max(end-1, 0)))
	if end > 0 && f.Doc.Src[end-1] == '\n' {
		at = lines.LineEnd(lines.Line(end - 1))
	}
	return Hint{
		At:      at,
		Label:   "# +" + strconv.Itoa(n) + " defaults in " + strings.Join(sections, ", "),
		Tooltip: "Platform defaults of the sections this config leaves out:\n\n```toml\n" + strings.TrimRight(tip.String(), "\n") + "\n```",
	}, true
}
