package assist

import (
	"sort"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// ItemKind is the kind of a completion item.
type ItemKind uint8

// Completion item kinds.
const (
	ItemSection ItemKind = iota + 1
	ItemKey
	ItemValue
	ItemEnum
	ItemFolder
	ItemFile
)

// Item is one completion proposal: replace Range with Text.
type Item struct {
	Label  string
	Kind   ItemKind
	Detail string // type and default, e.g. "number, default 1e-6"
	Doc    string // Markdown
	Text   string // what replaces Range
	Range  toml.Range
	// Snippet marks Text as an LSP snippet ($1, ${1:x}).
	Snippet bool
	// Sort orders items; Preselect marks the best one.
	Sort      string
	Preselect bool
}

// Complete returns the completion items at byte offset off.
func (f *File) Complete(off int) []Item {
	src := f.Doc.Src
	off = min(max(off, 0), len(src))
	lineStart := f.Doc.Lines.LineStart(f.Doc.Lines.Line(off))
	line := string(src[lineStart:off])
	if inComment(line) {
		return nil
	}
	trim := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(trim, "[") {
		return f.completeHeader(trim, off)
	}
	if eq := topLevelEquals(trim); eq >= 0 {
		keyText := strings.TrimSpace(trim[:eq])
		return f.completeValue(off, keyText, trim[eq+1:])
	}
	return f.completeKey(off, trim)
}

// scanLine finds, in a line prefix, the offset of the first '#' and of the
// first '=' outside strings (-1 when absent).
func scanLine(s string) (hash, equals int) {
	hash, equals = -1, -1
	inStr := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr != 0:
			if c == '\\' && inStr == '"' {
				i++
			} else if c == inStr {
				inStr = 0
			}
		case c == '"' || c == '\'':
			inStr = c
		case c == '#':
			return i, equals
		case c == '=' && equals < 0:
			equals = i
		}
	}
	return hash, equals
}

// inComment reports whether the end of the line prefix is inside a comment.
func inComment(s string) bool {
	hash, _ := scanLine(s)
	return hash >= 0
}

// topLevelEquals finds the '=' of a `key = value` line prefix, or -1.
func topLevelEquals(s string) int {
	_, eq := scanLine(s)
	return eq
}

// splitKey splits a (partial) dotted key into its parts, unquoting quoted
// parts; the last part may be unfinished.
func splitKey(s string) []string {
	var parts []string
	var cur strings.Builder
	inStr := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr != 0:
			if c == inStr {
				inStr = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			inStr = c
		case c == '.':
			parts = append(parts, strings.TrimSpace(cur.String()))
			cur.Reset()
		case c == ' ' || c == '\t':
		default:
			cur.WriteByte(c)
		}
	}
	return append(parts, cur.String())
}

// wordStart returns the start of the key or value word that ends at off.
func wordStart(src []byte, off int) int {
	i := off
	for i > 0 && isWordByte(src[i-1]) {
		i--
	}
	return i
}

// wordEnd returns the end of the word that off is in or before: a
// completion replaces the whole word, not only its part left of the cursor.
func wordEnd(src []byte, off int) int {
	i := off
	for i < len(src) && isWordByte(src[i]) {
		i++
	}
	return i
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}

// followedByEquals reports whether the rest of the line after off starts
// with '=': the key being completed already has its value.
func followedByEquals(src []byte, off int) bool {
	for i := off; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t':
			continue
		case '=':
			return true
		}
		return false
	}
	return false
}

// fieldWords are the detail and documentation of a declared field.
type fieldWords struct{ detail, doc string }

// described caches the words of declared fields, which the schema makes
// once and shares: completion lists them on each request.
var described sync.Map // *schema.Field -> fieldWords

func describe(fl *schema.Field) fieldWords {
	if w, ok := described.Load(fl); ok {
		return w.(fieldWords)
	}
	w := fieldWords{detail: fieldDetail(fl), doc: fieldDoc(fl)}
	described.Store(fl, w)
	return w
}

// keyItem is the completion of a declared key name from..to: the key with
// a value placeholder, or the bare name when the line already has
// ` = value`.
func (f *File) keyItem(name string, child *schema.Field, from, to int, sort string) Item {
	text, snippet := keyInsertText(name, child)
	if followedByEquals(f.Doc.Src, to) {
		text, snippet = name, false
	}
	words := describe(child)
	return Item{
		Label:   name,
		Kind:    ItemKey,
		Detail:  words.detail,
		Doc:     words.doc,
		Text:    text,
		Snippet: snippet,
		Range:   toml.Range{Start: from, End: to},
		Sort:    sort,
	}
}

// completeHeader proposes table names inside `[` or `[[`.
func (f *File) completeHeader(trim string, off int) []Item {
	array := strings.HasPrefix(trim, "[[")
	body := strings.TrimPrefix(strings.TrimPrefix(trim, "["), "[")
	if strings.Contains(body, "]") {
		return nil
	}
	parts := splitKey(body)
	prefix := parts[:len(parts)-1]
	from, to := wordStart(f.Doc.Src, off), wordEnd(f.Doc.Src, off)
	// the schema table the prefix names; arrays of tables step into their
	// items
	fl := f.Schema.Root()
	path := []string{}
	for _, p := range prefix {
		path = append(path, p)
		fl = fl.Property(p)
		if fl == nil {
			return nil
		}
		if isArray(fl) {
			path = append(path, lastIndex(f, path))
			fl = f.field(path)
			if fl == nil {
				return nil
			}
		}
	}
	var items []Item
	for _, name := range fl.Properties() {
		child := fl.Property(name)
		if child == nil || !(child.IsTable() || isArray(child)) {
			continue
		}
		full := strings.Join(append(append([]string(nil), prefix...), name), ".")
		isAoT := isArray(child)
		if isAoT != array {
			continue
		}
		if !isAoT && f.definedTable(append(append([]string(nil), path...), name), off) {
			continue
		}
		text := name
		closing := "]"
		if array {
			closing = "]]"
		}
		if !strings.HasPrefix(string(f.Doc.Src[to:min(len(f.Doc.Src), to+len(closing))]), closing) {
			text += closing
		}
		items = append(items, Item{
			Label:  full,
			Kind:   ItemSection,
			Detail: sectionDetail(child),
			Doc:    child.Description(),
			Text:   text,
			Range:  toml.Range{Start: from, End: to},
			Sort:   sortKey(child, name),
		})
	}
	return items
}

func isArray(f *schema.Field) bool {
	ts := f.Types()
	return len(ts) == 1 && ts[0] == "array"
}

// lastIndex is the index of the last element of the array of tables at path.
func lastIndex(f *File, path []string) string {
	_, v := f.Doc.Root.Lookup(path...)
	if v == nil || v.Kind != toml.KindArray || len(v.Items) == 0 {
		return "0"
	}
	return itoa(len(v.Items) - 1)
}

// definedTable reports whether the table at path is already in the file,
// by a header other than the one at off (being edited).
func (f *File) definedTable(path []string, off int) bool {
	_, v := f.Doc.Root.Lookup(path...)
	if v == nil || v.Kind != toml.KindTable || v.Table.Origin == toml.OriginImplicit {
		return false
	}
	h := v.Table.Header
	return h == nil || off < h.Range.Start || off > h.Range.End
}

func sectionDetail(f *schema.Field) string {
	if t := f.Title(); t != "" {
		return t
	}
	return "table"
}

// sortKey orders required keys first, then the schema's order.
func sortKey(f *schema.Field, name string) string {
	if f != nil && f.Title() != "" && strings.HasPrefix(f.Title(), "[") {
		return "1" + name
	}
	return "2" + name
}

// completeKey proposes keys of the current table that are not set yet.
func (f *File) completeKey(off int, trim string) []Item {
	if strings.ContainsAny(trim, "{}[]\"'") {
		return nil
	}
	base, _, _ := f.tableAt(off)
	parts := splitKey(trim)
	path := append(append([]string(nil), base...), parts[:len(parts)-1]...)
	fl := f.field(path)
	if fl == nil {
		return nil
	}
	_, cur := f.Doc.Root.Lookup(path...)
	from, to := wordStart(f.Doc.Src, off), wordEnd(f.Doc.Src, off)
	var items []Item
	required := map[string]bool{}
	for _, r := range fl.Required() {
		required[r] = true
	}
	names := fl.Properties()
	if d := fl.Discriminator(); d != "" {
		if tag := f.tagAt(path); tag != "" {
			if v := fl.Variant(tag); v != nil {
				fl = v
				names = v.Properties()
				for _, r := range v.Required() {
					required[r] = true
				}
			}
		}
	}
	for _, name := range names {
		if cur != nil && cur.Kind == toml.KindTable && cur.Table.Get(name) != nil {
			continue
		}
		child := fl.Property(name)
		if child == nil {
			continue
		}
		if child.IsTable() || isArray(child) && child.Items() != nil && child.Items().IsTable() {
			// sections are completed in headers, except at a dotted key
			if len(parts) == 1 && len(path) == 0 {
				continue
			}
		}
		sk := "3" + name
		if required[name] {
			sk = "1" + name
		}
		items = append(items, f.keyItem(name, child, from, to, sk))
	}
	// open tables: [env] takes names seen elsewhere in the workspace
	if len(path) > 0 && path[len(path)-1] == "env" && f.Names != nil {
		for _, n := range f.Names.Env {
			if cur != nil && cur.Kind == toml.KindTable && cur.Table.Get(n) != nil {
				continue
			}
			it := Item{Label: n, Kind: ItemKey, Detail: "env var used in other configs", Text: n + " = \"$1\"", Snippet: true, Range: toml.Range{Start: from, End: to}, Sort: "4" + n}
			if followedByEquals(f.Doc.Src, to) {
				it.Text, it.Snippet = n, false
			}
			items = append(items, it)
		}
	}
	return items
}

// tagAt returns the discriminator value of the table at path.
func (f *File) tagAt(path []string) string { return f.Schema.TagAt(f.Doc.Root, path) }

// keyInsertText writes `key = ` with a placeholder value of the right type.
func keyInsertText(name string, f *schema.Field) (string, bool) {
	key := name
	switch {
	case len(f.Enum()) > 0:
		var opts []string
		for _, e := range f.Enum() {
			opts = append(opts, strings.ReplaceAll(schema.FormatTOML(e), ",", "\\,"))
		}
		return key + " = ${1|" + strings.Join(opts, ",") + "|}", true
	case f.HasType("string") && len(f.Types()) == 1:
		return key + " = \"$1\"", true
	case isArray(f):
		return key + " = [$1]", true
	case f.IsTable():
		return key + " = { $1 }", true
	}
	if d := f.DefaultText(); d != "" {
		return key + " = ${1:" + d + "}", true
	}
	return key + " = $1", true
}

func fieldDetail(f *schema.Field) string {
	var parts []string
	if ts := f.Types(); len(ts) > 0 {
		parts = append(parts, typeWords(ts))
	}
	if d := f.DefaultText(); d != "" {
		parts = append(parts, "default "+d)
	}
	if r := f.RangeText(); r != "" {
		parts = append(parts, r)
	}
	return strings.Join(parts, ", ")
}

func typeWords(ts []string) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		switch t {
		case "object":
			out[i] = "table"
		case "array":
			out[i] = "list"
		case "number":
			out[i] = "number"
		default:
			out[i] = t
		}
	}
	return strings.Join(out, " or ")
}

// completeValue proposes values after `key = `.
func (f *File) completeValue(off int, keyText, after string) []Item {
	base, _, _ := f.tableAt(off)
	keyParts := splitKey(keyText)
	path := append(append([]string(nil), base...), keyParts...)
	vctx := scanValue(after)
	// inside an inline table: complete its keys or a nested value
	for _, k := range vctx.tableKeys {
		path = append(path, k)
	}
	if vctx.inTableKey {
		return f.completeInlineKey(off, path, vctx)
	}
	fl := f.field(path)
	if fl == nil {
		return nil
	}
	if vctx.inArray {
		fl = fl.Items()
		if fl == nil {
			return nil
		}
		path = append(path, "*")
	}
	from, to, quote := valueSpan(f.Doc.Src, off, vctx.inString)
	var cands []candidate
	for _, e := range fl.Enum() {
		cands = append(cands, candidate{text: schema.FormatTOML(e), kind: ItemEnum})
	}
	if len(cands) == 0 && fl.HasType("boolean") {
		cands = append(cands, candidate{text: "true", kind: ItemEnum}, candidate{text: "false", kind: ItemEnum})
	}
	cands = append(cands, f.sourceValues(fl, path)...)
	if len(cands) == 0 {
		cands = append(cands, freeValues(fl)...)
	}
	var items []Item
	seen := map[string]bool{}
	if vctx.inArray {
		// items the list has already
		for _, s := range vctx.items {
			seen[schema.FormatTOML(s)] = true
		}
	}
	for i, c := range cands {
		if seen[c.text] {
			continue
		}
		seen[c.text] = true
		text := c.text
		label := c.text
		if quote != 0 && strings.HasPrefix(text, "\"") {
			// already inside the quotes: insert the bare text, and close
			// a string that is not closed yet
			text = strings.TrimSuffix(strings.TrimPrefix(text, "\""), "\"")
			label = text
			if to == off && !closedAfter(f.Doc.Src, off, quote) {
				text += string(quote)
			}
		} else if strings.HasPrefix(text, "\"") {
			label = strings.Trim(text, "\"")
		}
		items = append(items, Item{
			Label:     label,
			Kind:      c.kind,
			Detail:    c.detail,
			Doc:       c.doc,
			Text:      text,
			Range:     toml.Range{Start: from, End: to},
			Sort:      itoa(100 + i),
			Preselect: c.preselect,
		})
	}
	return items
}

// freeValues proposes values for a field without a fixed set: its platform
// default (with the allowed range) first, then its examples.
func freeValues(fl *schema.Field) []candidate {
	var out []candidate
	rng := fl.RangeText()
	if _, ok := fl.Default(); ok {
		c := candidate{text: fl.DefaultText(), kind: ItemValue, detail: "default", preselect: true}
		if rng != "" {
			c.detail += ", allowed " + rng
			c.doc = "Allowed range: " + rng + "."
		}
		out = append(out, c)
	}
	for _, k := range fl.Known() {
		out = append(out, candidate{text: schema.FormatTOML(k), kind: ItemEnum})
	}
	for _, ex := range fl.Examples() {
		if _, ok := ex.([]any); ok {
			continue
		}
		c := candidate{text: schema.FormatTOML(ex), kind: ItemValue, detail: "example"}
		if rng != "" {
			c.detail += ", allowed " + rng
		}
		out = append(out, c)
	}
	return out
}

type candidate struct {
	text      string // TOML text
	kind      ItemKind
	detail    string
	doc       string
	preselect bool
}

// sourceValues proposes values from the workspace for fields that name
// rollouts, entrypoints, datasets, models and secrets.
func (f *File) sourceValues(fl *schema.Field, path []string) []candidate {
	var out []candidate
	q := func(s string) string { return schema.FormatTOML(s) }
	switch fl.Complete() {
	case "rollout":
		if f.WS != nil {
			for _, r := range f.WS.Rollouts() {
				out = append(out, candidate{text: q(r.Name), kind: ItemFolder, detail: "rollouts/" + r.Name + "/"})
			}
		}
	case "entrypoint":
		if f.WS != nil {
			_, rv := f.Doc.Root.Lookup(append(append([]string(nil), path[:len(path)-1]...), "rollout")...)
			if rv != nil && rv.Kind == toml.KindString {
				if r, ok := f.WS.Rollout(rv.Str); ok {
					for _, p := range r.PyFiles {
						out = append(out, candidate{text: q(p), kind: ItemFile, detail: "rollouts/" + r.Name + "/" + p, preselect: p == "main.py"})
					}
				}
			}
		}
	case "dataset":
		if f.WS != nil {
			for _, d := range f.WS.Datasets() {
				detail := "dataset (" + d.Source.String() + ")"
				if d.Status != "" {
					detail += ", " + d.Status
				}
				out = append(out, candidate{text: q(d.Name), kind: ItemValue, detail: detail})
			}
		}
	case "model":
		if f.WS != nil {
			for _, m := range f.WS.Models() {
				out = append(out, candidate{text: q(m.Name), kind: ItemValue, detail: "base model (" + m.Source.String() + ")"})
			}
		} else {
			for _, m := range builtinModels() {
				out = append(out, candidate{text: q(m), kind: ItemValue, detail: "base model"})
			}
		}
	case "secret":
		if f.Names != nil {
			for _, n := range f.Names.Secrets {
				out = append(out, candidate{text: q(n), kind: ItemValue, detail: "secret used in other configs"})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

// valueContext says where in a value the cursor is.
type valueContext struct {
	inString   bool
	inArray    bool
	inTableKey bool     // typing a key inside `{ ... }`
	tableKeys  []string // keys of the inline tables around the cursor
	typed      string   // the key being typed inside an inline table
	// keys typed before the cursor in the innermost inline table, with
	// their string values (the text may not parse yet)
	keys  []string
	strs  map[string]string
	items []string // strings before the cursor in the innermost list
}

// scanValue reads the text after `=` up to the cursor.
func scanValue(s string) valueContext {
	var vc valueContext
	type frame struct {
		table bool
		key   string
		inKey bool
		keys  []string
		strs  map[string]string
		items []string
	}
	var stack []frame
	inStr := byte(0)
	strStart := 0
	var word strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr != 0 {
			if c == '\\' && inStr == '"' {
				i++
				continue
			}
			if c == inStr {
				inStr = 0
				if n := len(stack); n > 0 {
					fr := &stack[n-1]
					str := s[strStart+1 : i]
					switch {
					case !fr.table:
						fr.items = append(fr.items, str)
					case !fr.inKey && fr.key != "":
						if fr.strs == nil {
							fr.strs = map[string]string{}
						}
						fr.strs[fr.key] = str
					}
				}
			}
			continue
		}
		switch c {
		case '"', '\'':
			inStr = c
			strStart = i
		case '[':
			stack = append(stack, frame{})
		case '{':
			stack = append(stack, frame{table: true, inKey: true})
			word.Reset()
		case ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if n := len(stack); n > 0 && stack[n-1].table {
				stack[n-1].inKey = true
				stack[n-1].key = ""
				word.Reset()
			}
		case '=':
			if n := len(stack); n > 0 && stack[n-1].table && stack[n-1].inKey {
				stack[n-1].inKey = false
				stack[n-1].key = strings.TrimSpace(word.String())
				stack[n-1].keys = append(stack[n-1].keys, stack[n-1].key)
				word.Reset()
			}
		default:
			if n := len(stack); n > 0 && stack[n-1].table && stack[n-1].inKey {
				word.WriteByte(c)
			}
		}
	}
	vc.inString = inStr != 0
	if n := len(stack); n > 0 {
		vc.keys, vc.strs, vc.items = stack[n-1].keys, stack[n-1].strs, stack[n-1].items
	}
	for i, fr := range stack {
		if fr.table {
			if fr.inKey && i == len(stack)-1 {
				vc.inTableKey = true
				vc.typed = strings.TrimSpace(word.String())
				continue
			}
			if fr.key != "" {
				vc.tableKeys = append(vc.tableKeys, splitKey(fr.key)...)
			}
		} else if i == len(stack)-1 {
			vc.inArray = true
		}
	}
	return vc
}

// valueSpan returns the span a value completion replaces: inside a string,
// its text between the quotes (and the quote); else the word at off.
func valueSpan(src []byte, off int, inString bool) (from, to int, quote byte) {
	if !inString {
		return wordStart(src, off), wordEnd(src, off), 0
	}
	from = off
	for from > 0 && src[from-1] != '"' && src[from-1] != '\'' && src[from-1] != '\n' {
		from--
	}
	quote = '"'
	if from > 0 && src[from-1] == '\'' {
		quote = '\''
	}
	to = off
	for to < len(src) && src[to] != quote && src[to] != '\n' {
		to++
	}
	if to == len(src) || src[to] != quote {
		to = off // not closed: leave the rest of the line alone
	}
	return from, to, quote
}

// closedAfter reports whether the string at off is closed on its line.
func closedAfter(src []byte, off int, quote byte) bool {
	for i := off; i < len(src) && src[i] != '\n'; i++ {
		if src[i] == quote {
			return true
		}
	}
	return false
}

// completeInlineKey proposes keys inside `{ ... }`.
func (f *File) completeInlineKey(off int, path []string, vc valueContext) []Item {
	fl := f.field(path)
	if fl == nil {
		return nil
	}
	if d := fl.Discriminator(); d != "" {
		tag := f.tagAt(path)
		if typed, ok := vc.strs[d]; ok {
			tag = typed // the line being typed may not parse yet
		}
		if tag != "" {
			if v := fl.Variant(tag); v != nil {
				fl = v
			}
		}
	}
	_, cur := f.Doc.Root.Lookup(path...)
	from, to := wordStart(f.Doc.Src, off), wordEnd(f.Doc.Src, off)
	present := map[string]bool{}
	for _, k := range vc.keys {
		present[k] = true
	}
	var items []Item
	for _, name := range fl.Properties() {
		if present[name] || cur != nil && cur.Kind == toml.KindTable && cur.Table.Get(name) != nil && !f.typing(cur.Table.Get(name), from) {
			continue
		}
		items = append(items, f.keyItem(name, fl.Property(name), from, to, "2"+name))
	}
	return items
}

// typing reports whether the entry's key is the word being typed at from.
func (f *File) typing(e *toml.Entry, from int) bool {
	return e.KeyRange.Start == from
}
