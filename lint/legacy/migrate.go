// Package legacy migrates the osmosis CLI's earlier config shapes to the
// current ones: the local-eval config of osmosis-ai 0.2.18 to 0.2.22
// ([eval], [llm], [runs], ...) rewritten as a current eval config, or one of
// its sections moved into the current sections of an eval config that has
// them. The legacy-config rule of lint offers the result as its fix; what
// only lint knows (the value to fill in for a key, which names the platform
// takes) it passes in Config.
package legacy

import (
	"bytes"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// place is where a key of a legacy section goes in the current config.
type place struct{ section, key string }

// localEvalPlaces maps the keys of the local-eval sections of osmosis-ai
// 0.2.18 to 0.2.22 to their current places.
var localEvalPlaces = map[string]map[string]place{
	"eval": {
		"rollout": {"experiment", "rollout"}, "entrypoint": {"experiment", "entrypoint"},
		"dataset": {"experiment", "dataset"}, "limit": {"evaluation", "limit"},
	},
	"llm": {
		"model": {"experiment", "model_path"}, "model_path": {"experiment", "model_path"},
		"api_key_env": {"secrets", "required"},
	},
	"runs": {
		"n": {"evaluation", "n"}, "batch_size": {"evaluation", "batch_size"}, "pass_threshold": {"evaluation", "pass_threshold"},
	},
	"timeouts": {
		"agent_workflow_timeout_s": {"evaluation", "agent_workflow_timeout_s"}, "grader_timeout_s": {"evaluation", "grader_timeout_s"},
	},
}

// localEvalDropped says why a local-eval section has no place now.
var localEvalDropped = map[string]string{
	"output":   "results are stored on the platform",
	"baseline": "compare models with separate eval configs",
	"grader":   "grading is done by the rollout and reported through the grader callback",
}

// legacyOrder is the order the local-eval sections are migrated in.
var legacyOrder = []string{"eval", "llm", "runs", "timeouts", "output", "baseline", "grader"}

// Config is the config to migrate and what lint decides for it.
type Config struct {
	Doc    *toml.Document
	Kind   schema.Kind
	Schema *schema.Schema
	// Fill is the value written for a current key the old config gives
	// none: its TOML text, and whether it was picked for the user (the
	// fix is then display-only).
	Fill func(path []string, f *schema.Field) (text string, picked bool)
	// SecretName reports a name the platform takes for a secret.
	SecretName func(name string) bool
	// DatasetStem is the platform's name of a dataset given as a file
	// path, and whether it is one.
	DatasetStem func(name string) (stem string, isPath bool)
}

func (c *Config) get(path ...string) (*toml.Entry, *toml.Value) { return c.Doc.Root.Lookup(path...) }

func (c *Config) has(path ...string) bool {
	e, _ := c.get(path...)
	return e != nil
}

func (c *Config) text(r toml.Range) string { return c.Doc.Text(r) }

// migration collects what a legacy section becomes: lines for current
// sections, secret names, and notes (what had no place, what to do).
type migration struct {
	c     *Config
	order []string            // sections in the order lines came
	lines map[string][]string // section -> lines, in order
	keys  map[string]string   // "section.key" -> the line written for it
	// secrets are names for [secrets] required.
	secrets []string
	notes   []string
	// written holds the starts of the comments the migration carried.
	written map[int]bool
}

func newMigration(c *Config) *migration {
	return &migration{c: c, lines: map[string][]string{}, keys: map[string]string{}, written: map[int]bool{}}
}

// mark records that the comments inside r are carried.
func (m *migration) mark(r toml.Range) {
	for _, cm := range m.c.Doc.Comments {
		if cm.Range.Start >= r.Start && cm.Range.End <= r.End {
			m.written[cm.Range.Start] = true
		}
	}
}

// leftover are the comments nothing carried.
func (m *migration) leftover() []string {
	var out []string
	for _, cm := range m.c.Doc.Comments {
		if !m.written[cm.Range.Start] {
			out = append(out, cm.Text)
		}
	}
	return out
}

func (m *migration) add(p place, line string) {
	if _, ok := m.lines[p.section]; !ok {
		m.order = append(m.order, p.section)
	}
	m.lines[p.section] = append(m.lines[p.section], line)
	m.keys[p.section+"."+p.key] = line
}

// section moves every entry of a legacy section to its place, and keeps
// what has none (the whole section, when it has no place at all) as
// commented-out text with the reason.
func (m *migration) section(name string) {
	_, v := m.c.get(name)
	if v == nil || v.Kind != toml.KindTable {
		return
	}
	if why, ok := localEvalDropped[name]; ok {
		m.keep("["+name+"] has no place in the current config ("+why+")", m.sectionText(name, v.Table))
		return
	}
	for _, e := range v.Table.Entries {
		m.entry(name, e)
	}
	if cms := m.ownComments(v.Table); len(cms) > 0 {
		m.keep("the comments of ["+name+"]", cms)
	}
}

// entry moves one entry of a legacy section.
func (m *migration) entry(sec string, e *toml.Entry) {
	p, ok := localEvalPlaces[sec][e.Key]
	if !ok {
		why := "has no place in the current config"
		if sec == "llm" && e.Key == "base_url" {
			why = "has no place in an eval config (the rollout calls its model itself)"
		}
		m.keep("["+sec+"] "+fix.KeyText(e.Key)+" "+why, m.entryText(e))
		return
	}
	switch {
	case p.section == "secrets":
		if name := e.Value.Str; e.Value.Kind == toml.KindString && m.c.SecretName(name) && fix.KeyText(name) == name {
			m.secrets = append(m.secrets, name)
			m.notes = append(m.notes, "store the API key as a platform secret: `osmosis secret set "+name+"`")
			return
		}
		m.keep("["+sec+"] "+fix.KeyText(e.Key)+" is not a secret name the platform takes", m.entryText(e))
		return
	case e.Key == "dataset" && e.Value.Kind == toml.KindString:
		name := e.Value.Str
		if stem, isPath := m.c.DatasetStem(name); isPath && stem != "" && stem != "." && stem != ".." {
			m.put(p, e, fix.KeyText(p.key)+" = "+fix.StringText(stem))
			if plain(name) && plain(stem) {
				m.notes = append(m.notes, "upload "+name+" with `osmosis dataset upload "+name+"`: the platform names it "+stem)
			} else {
				m.notes = append(m.notes, "upload "+fix.StringText(name)+" with `osmosis dataset upload`: the platform names it "+fix.StringText(stem))
			}
			return
		}
	}
	m.put(p, e, m.carried(e, p.key))
}

// put writes the line for p unless the config or the migration has a value
// there already: then the old entry is kept as a note.
func (m *migration) put(p place, e *toml.Entry, line string) {
	if old, ok := m.keys[p.section+"."+p.key]; ok || m.c.has(p.section, p.key) {
		if ok && old == line {
			return
		}
		m.keep(fix.KeyText(e.Key)+" was not moved: ["+p.section+"] "+p.key+" is set already", m.entryText(e))
		return
	}
	m.add(p, line)
}

// carried is an entry written under another key, its value and trailing
// comment kept.
func (m *migration) carried(e *toml.Entry, key string) string {
	if s, span, ok := fix.PairLine(m.c.Doc, e.KeyRange); ok {
		m.mark(span)
		return fix.MovedLine(m.c.Doc, s, span, key)
	}
	return fix.KeyText(key) + " = " + m.c.text(e.Value.Range)
}

// entryText is an entry as it was written: its line, or key = value.
func (m *migration) entryText(e *toml.Entry) []string {
	if _, span, ok := fix.PairLine(m.c.Doc, e.KeyRange); ok {
		m.mark(span)
		return strings.Split(strings.TrimRight(string(m.c.Doc.Src[span.Start:span.End]), "\r\n"), "\n")
	}
	return strings.Split(fix.KeyText(e.Key)+" = "+m.c.text(e.Value.Range), "\n")
}

// sectionText is a [header] section as it was written.
func (m *migration) sectionText(name string, t *toml.Table) []string {
	if span, ok := tableSpan(m.c, t); ok {
		m.mark(span)
		return strings.Split(strings.TrimRight(string(m.c.Doc.Src[span.Start:span.End]), "\r\n"), "\n")
	}
	var out []string
	for _, e := range t.Entries {
		out = append(out, m.entryText(e)...)
	}
	return append([]string{"[" + fix.KeyText(name) + "]"}, out...)
}

// ownComments are the comments of a [header] section that sit on lines of
// their own (a trailing comment travels with its key).
func (m *migration) ownComments(t *toml.Table) []string {
	span, ok := tableSpan(m.c, t)
	if !ok {
		return nil
	}
	var out []string
	for _, cm := range m.c.Doc.Comments {
		if cm.Range.Start < span.Start || cm.Range.End > span.End {
			continue
		}
		line := m.c.Doc.Lines.Line(cm.Range.Start)
		if strings.TrimSpace(string(m.c.Doc.Src[m.c.Doc.Lines.LineStart(line):cm.Range.Start])) == "" && !m.written[cm.Range.Start] {
			out = append(out, cm.Text)
			m.written[cm.Range.Start] = true
		}
	}
	return out
}

// keep notes text that has no place, commented out, with the reason.
func (m *migration) keep(why string, text []string) {
	note := why + "; it was:"
	for _, l := range text {
		note += "\n#     " + strings.TrimRight(l, "\r")
	}
	m.notes = append(m.notes, note)
}

// noteText is the notes as comment lines, "" when there are none.
func (m *migration) noteText(head string) string {
	if len(m.notes) == 0 {
		return ""
	}
	text := "# " + head + "\n"
	for _, n := range m.notes {
		text += "# - " + n + "\n"
	}
	return text
}

// tableSpan is the whole lines of a [header] table: its header, its pairs
// and the comments among them.
func tableSpan(c *Config, t *toml.Table) (toml.Range, bool) {
	if t == nil || t.Header == nil {
		return toml.Range{}, false
	}
	return fix.LineSpan(c.Doc, toml.Range{Start: t.Header.Range.Start, End: max(t.End, t.Header.Range.End)})
}

// withBlankAfter extends the span of a section to the blank line after it
// when a blank line (or the start of the file) comes before it, so that
// replacing the section leaves one blank line between its neighbours.
func withBlankAfter(doc *toml.Document, span toml.Range) toml.Range {
	if span.Start > 0 && !bytes.HasSuffix(doc.Src[:span.Start], []byte("\n\n")) && !bytes.HasSuffix(doc.Src[:span.Start], []byte("\n\r\n")) {
		return span
	}
	rest := doc.Src[span.End:]
	switch {
	case bytes.HasPrefix(rest, []byte("\n")):
		span.End++
	case bytes.HasPrefix(rest, []byte("\r\n")):
		span.End += 2
	}
	return span
}

// MigrateLocalEval rewrites a local-eval config of osmosis-ai 0.2.18 to
// 0.2.22 ([eval], [llm], [runs], [timeouts], ...) as a current eval config.
// It keeps the file's leading comments, maps every key that has a current
// place, keeps every other key and section as comments that say why, and
// lists what to do next. It needs review (the dataset must be uploaded
// under the name it writes), so it is not safe.
func MigrateLocalEval(c *Config) (fix.Fix, bool) {
	if !LocalEvalFile(c.Doc, c.Kind) || len(c.Doc.Errors) > 0 {
		// the rewrite is made from the tree: a skipped statement, or the
		// rest of a file read only up to a limit, would be lost
		return fix.Fix{}, false
	}
	for _, sec := range []string{"secrets", "evaluation"} {
		if _, v := c.get(sec); v != nil {
			return fix.Fix{}, false // current sections to merge with: not certain
		}
	}
	m := newMigration(c)
	for _, sec := range legacyOrder {
		m.section(sec)
	}
	var b strings.Builder
	// the comment block before the first statement
	if len(c.Doc.Stmts) > 0 {
		head := strings.TrimRight(string(c.Doc.Src[:c.Doc.Stmts[0].Range.Start]), " \t\r\n")
		if head != "" {
			b.WriteString(head + "\n\n")
		}
		m.mark(toml.Range{Start: 0, End: c.Doc.Stmts[0].Range.Start})
	}
	b.WriteString("# Migrated from the local-eval config of osmosis-ai 0.2.18 to 0.2.22.\n[experiment]\n")
	exp := c.Schema.Root().Property("experiment")
	picked := false
	for _, k := range []string{"rollout", "entrypoint", "model_path", "dataset"} {
		line, ok := m.keys["experiment."+k]
		if !ok {
			v, p := c.Fill([]string{"experiment", k}, exp.Property(k))
			line = k + " = " + v
			picked = picked || p
		}
		b.WriteString(line + "\n")
	}
	if lines := m.lines["evaluation"]; len(lines) > 0 {
		b.WriteString("\n[evaluation]\n" + strings.Join(lines, "\n") + "\n")
	}
	b.WriteString("\n[secrets]\nrequired = [" + quotedList(m.secrets) + "]\n")
	for _, keep := range []string{"env", "advanced"} {
		if _, v := c.get(keep); v != nil && v.Kind == toml.KindTable {
			span, ok := tableSpan(c, v.Table)
			if !ok {
				return fix.Fix{}, false
			}
			b.WriteString("\n" + strings.TrimRight(string(c.Doc.Src[span.Start:span.End]), "\r\n") + "\n")
			m.mark(span)
		}
	}
	if rest := m.leftover(); len(rest) > 0 {
		m.keep("the other comments of the old file", rest)
	}
	if notes := m.noteText("To do after the migration:"); notes != "" {
		b.WriteString("\n" + notes)
	}
	return fix.UnsafeUnless(picked, "Migrate to the current eval config", fix.Replace(toml.Range{Start: 0, End: len(c.Doc.Src)}, b.String())), true
}

// MigrateBeside moves one local-eval section of an eval config that has
// [experiment] already into the current sections, and leaves in its place
// what had none, as comments.
func MigrateBeside(c *Config, name string) (fix.Fix, bool) {
	if c.Kind != schema.Eval || LocalEvalFile(c.Doc, c.Kind) {
		return fix.Fix{}, false
	}
	_, v := c.get(name)
	if v == nil || v.Kind != toml.KindTable {
		return fix.Fix{}, false
	}
	span, ok := tableSpan(c, v.Table)
	if !ok {
		return fix.Fix{}, false
	}
	m := newMigration(c)
	m.section(name)
	p := fix.NewPlacement(c.Doc)
	var keys []string
	for _, sec := range m.order {
		for _, line := range m.lines[sec] {
			p.Add(sec, line)
		}
	}
	for k := range m.keys {
		keys = append(keys, k)
	}
	edits, ok := p.Edits()
	if !ok {
		return fix.Fix{}, false
	}
	if len(m.secrets) > 0 {
		e, ok := AddSecrets(c.Doc, m.secrets)
		if !ok {
			return fix.Fix{}, false
		}
		edits = append(edits, e...)
		keys = append(keys, "secrets.required")
	}
	edits = append(edits, fix.Replace(withBlankAfter(c.Doc, span), m.noteText("From ["+name+"], a section of the local-eval config of osmosis-ai 0.2.18 to 0.2.22:")))
	f := fix.New("Move ["+name+"] into the current sections", false, edits...)
	f.Keys = keys
	return f, true
}

// AddSecrets adds names to [secrets] required: into the list, as the key
// of a [secrets] table without one, or as a new section. Names listed
// already need no edit.
func AddSecrets(doc *toml.Document, names []string) ([]fix.Edit, bool) {
	_, list := doc.Root.Lookup("secrets", "required")
	switch {
	case list == nil:
		_, sec := doc.Root.Lookup("secrets")
		if sec == nil {
			return []fix.Edit{fix.AppendSection(doc, "[secrets]\nrequired = ["+quotedList(names)+"]\n")}, true
		}
		if sec.Kind != toml.KindTable {
			return nil, false
		}
		e, ok := fix.AppendToTable(doc, sec.Table, "required = ["+quotedList(names)+"]")
		return []fix.Edit{e}, ok
	case list.Kind != toml.KindArray || list.ArrayOfTables:
		return nil, false
	}
	var fresh []string
	for _, n := range names {
		listed := false
		for _, it := range list.Items {
			listed = listed || it.Kind == toml.KindString && it.Str == n
		}
		if !listed {
			fresh = append(fresh, n)
		}
	}
	if len(fresh) == 0 {
		return nil, true
	}
	if n := len(list.Items); n > 0 {
		return []fix.Edit{fix.Insert(list.Items[n-1].Range.End, ", "+quotedList(fresh))}, true
	}
	return []fix.Edit{fix.Insert(list.Range.Start+1, quotedList(fresh))}, true
}

// plain reports whether s can stand in a comment as it is: no control
// character, no backquote, no space.
func plain(s string) bool {
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r == '`' || r >= 0x80 && r < 0xa0 {
			return false
		}
	}
	return s != ""
}

func quotedList(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fix.StringText(n)
	}
	return strings.Join(out, ", ")
}

// LocalEvalFile reports whether an eval config is in the local-eval shape:
// an [eval] table and no [experiment].
func LocalEvalFile(doc *toml.Document, kind schema.Kind) bool {
	if kind != schema.Eval {
		return false
	}
	if _, v := doc.Root.Lookup("experiment"); v != nil {
		return false
	}
	_, ev := doc.Root.Lookup("eval")
	return ev != nil && ev.Kind == toml.KindTable
}
