package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Field is the schema of one place in a config: a section, a key, a list
// item. It merges the schema object with what it references ($ref, allOf),
// the most specific first.
type Field struct {
	s    *Schema
	objs []map[string]any
	ptrs []string // JSON pointer of each obj
	// room for the objects of most fields (one, its $ref's, an allOf's),
	// so that making a field costs one allocation, not three or four
	objsRoom [3]map[string]any
	ptrsRoom [3]string
	// Name is the key this field describes ("" for the root and list items).
	Name string
	// Path is the instance path of the field (list items as "*").
	Path []string
	// parent is the field this one was reached from.
	parent *Field

	types []string // computed once: read on every step of a lookup

	// The fields of declared properties, list items and variants are made
	// once and shared (rules look them up for every key of every file);
	// fields are immutable once made, so sharing is safe.
	mu          sync.Mutex
	props       map[string]*Field
	items       *Field
	itemsDone   bool
	variants    map[string]*Field
	properties  []string
	propsListed bool
	aliases     map[string]string // lower-case other name -> property, made once
	extra       *Field            // the schema of undeclared keys
	extraDone   bool
}

// Root returns the field of the whole document.
func (s *Schema) Root() *Field {
	s.rootOnce.Do(func() { s.rootField = s.field(s.raw, "", "", nil, nil) })
	return s.rootField
}

func (s *Schema) field(obj map[string]any, ptr, name string, path []string, parent *Field) *Field {
	f := &Field{s: s, Name: name, Path: path, parent: parent}
	f.objs, f.ptrs = f.objsRoom[:0], f.ptrsRoom[:0]
	f.collect(obj, ptr, 0)
	f.types = f.computeTypes()
	return f
}

func (f *Field) collect(obj map[string]any, ptr string, depth int) {
	if obj == nil || depth > 16 {
		return
	}
	f.objs = append(f.objs, obj)
	f.ptrs = append(f.ptrs, ptr)
	if ref, ok := obj["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
		frag := strings.TrimPrefix(ref, "#")
		f.collect(f.s.pointer(frag), frag, depth+1)
	}
	if all, ok := obj["allOf"].([]any); ok {
		for i, a := range all {
			if m, ok := a.(map[string]any); ok && m["if"] == nil {
				f.collect(m, ptr+"/allOf/"+strconv.Itoa(i), depth+1)
			}
		}
	}
}

func (f *Field) get(key string) (any, bool) {
	if f == nil {
		return nil, false
	}
	for _, o := range f.objs {
		if v, ok := o[key]; ok {
			return v, true
		}
	}
	return nil, false
}

func (f *Field) str(key string) string {
	v, _ := f.get(key)
	s, _ := v.(string)
	return s
}

// Description is the field's documentation (Markdown).
func (f *Field) Description() string { return f.str("description") }

// Title is the field's display title, such as "[training]".
func (f *Field) Title() string { return f.str("title") }

// Default returns the platform default of the field, if it has one.
func (f *Field) Default() (any, bool) { return f.get("default") }

// DefaultText is the default as text for hover and inlay hints: the value in
// TOML syntax, or a description when the default is not a value.
func (f *Field) DefaultText() string {
	if t := f.str("x-osmosis-default-text"); t != "" {
		return t
	}
	if d, ok := f.Default(); ok {
		t := FormatTOML(d)
		// JSON keeps no ".0": write float defaults as TOML floats
		if ts := f.Types(); len(ts) == 1 && ts[0] == "number" && !strings.ContainsAny(t, ".eE") {
			t += ".0"
		}
		return t
	}
	return ""
}

// Known lists the values the platform is known to take for a field that
// takes others too (x-osmosis-values), for completion.
func (f *Field) Known() []string {
	v, _ := f.get("x-osmosis-values")
	var out []string
	if list, ok := v.([]any); ok {
		for _, x := range list {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// Examples lists example values.
func (f *Field) Examples() []any {
	v, _ := f.get("examples")
	a, _ := v.([]any)
	return a
}

// Types lists the JSON types the field accepts ("string", "integer",
// "number", "boolean", "object", "array"); empty means any. The slice is
// shared: do not modify it.
func (f *Field) Types() []string {
	if f == nil {
		return nil
	}
	return f.types
}

func (f *Field) computeTypes() []string {
	v, ok := f.get("type")
	if !ok {
		if e := f.Enum(); len(e) > 0 {
			return []string{jsonTypeOf(e[0])}
		}
		return nil
	}
	switch t := v.(type) {
	case string:
		return typeList(t)
	case []any:
		out := make([]string, 0, len(t))
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func jsonTypeOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64, json.Number, int, int64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return ""
}

// HasType reports whether the field accepts JSON type t.
func (f *Field) HasType(t string) bool {
	for _, x := range f.Types() {
		if x == t || (x == "number" && t == "integer") {
			return true
		}
	}
	return false
}

// IsTable reports whether the field is a table (object).
func (f *Field) IsTable() bool {
	ts := f.Types()
	return len(ts) == 1 && ts[0] == "object"
}

// Enum lists the allowed values, if the field has a fixed set.
func (f *Field) Enum() []any {
	if v, ok := f.get("enum"); ok {
		a, _ := v.([]any)
		return a
	}
	if v, ok := f.get("const"); ok {
		return []any{v}
	}
	return nil
}

// Stage is the stage at which a wrong value of this field bites: the
// x-osmosis-stage of the field or of the nearest enclosing field.
func (f *Field) Stage() string {
	for g := f; g != nil; g = g.parent {
		if s := g.str("x-osmosis-stage"); s != "" {
			return s
		}
	}
	return "submit"
}

// Rule is the x-osmosis-rule annotation of the field: the rule lint reports
// a failure of its pattern, enum or length constraint under, if it names one.
func (f *Field) Rule() string { return f.str("x-osmosis-rule") }

// Complete names the completion source of the field's values ("rollout",
// "entrypoint", "dataset", "model", "secret"), if any.
func (f *Field) Complete() string { return f.str("x-osmosis-complete") }

// Legacy names the legacy shapes recognized at this field, if any.
func (f *Field) Legacy() string { return f.str("x-osmosis-legacy") }

// UnknownTag is the x-osmosis-unknown-rule annotation of the table: the
// rule lint reports keys this table does not allow under, "" for its default.
func (f *Field) UnknownTag() string { return f.str("x-osmosis-unknown-rule") }

// Number returns a numeric keyword of the field.
func (f *Field) Number(key string) (float64, bool) {
	v, ok := f.get(key)
	if !ok {
		return 0, false
	}
	return toFloat(v)
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		g, err := x.Float64()
		return g, err == nil
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

// Limit returns the soft upper bound of the field (x-osmosis-limit), above
// which a value is legal but very likely rejected or a mistake.
func (f *Field) Limit() (float64, bool) {
	v, ok := f.get("x-osmosis-limit")
	if !ok {
		return 0, false
	}
	m, _ := v.(map[string]any)
	return toFloat(m["maximum"])
}

// Advice is a legal range of a field that is very likely a mistake
// (x-osmosis-advice): values below Minimum get the finding of Rule, which
// suggests Recommended or more.
type Advice struct {
	Minimum, Recommended float64
	Rule                 string
}

// Advice returns the field's x-osmosis-advice annotation, if it has one.
func (f *Field) Advice() (Advice, bool) {
	v, ok := f.get("x-osmosis-advice")
	m, _ := v.(map[string]any)
	if !ok || m == nil {
		return Advice{}, false
	}
	var a Advice
	var okMin bool
	a.Minimum, okMin = toFloat(m["minimum"])
	a.Recommended, _ = toFloat(m["recommended"])
	a.Rule, _ = m["x-osmosis-rule"].(string)
	return a, okMin && a.Rule != ""
}

// RangeText describes the allowed range, e.g. "> 0", "[0, 1]", ">= 1".
func (f *Field) RangeText() string {
	lo, hasLo := f.Number("minimum")
	xlo, hasXlo := f.Number("exclusiveMinimum")
	hi, hasHi := f.Number("maximum")
	xhi, hasXhi := f.Number("exclusiveMaximum")
	var left, right string
	switch {
	case hasLo:
		left = "[" + FormatNumber(lo)
	case hasXlo:
		left = "(" + FormatNumber(xlo)
	}
	switch {
	case hasHi:
		right = FormatNumber(hi) + "]"
	case hasXhi:
		right = FormatNumber(xhi) + ")"
	}
	switch {
	case left != "" && right != "":
		return left + ", " + right
	case hasLo:
		return ">= " + FormatNumber(lo)
	case hasXlo:
		return "> " + FormatNumber(xlo)
	case hasHi:
		return "<= " + FormatNumber(hi)
	case hasXhi:
		return "< " + FormatNumber(xhi)
	}
	return ""
}

// Required lists the keys the table requires.
func (f *Field) Required() []string {
	var out []string
	for _, o := range f.objs {
		if r, ok := o["required"].([]any); ok {
			for _, x := range r {
				if s, ok := x.(string); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// IsRequired reports whether key is required in this table.
func (f *Field) IsRequired(key string) bool {
	for _, r := range f.Required() {
		if r == key {
			return true
		}
	}
	return false
}

// Properties lists the keys the table declares, in the order of the schema.
func (f *Field) Properties() []string {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.propsListed {
		f.properties, f.propsListed = f.listProperties(), true
	}
	return slices.Clone(f.properties)
}

func (f *Field) listProperties() []string {
	var out []string
	seen := map[string]bool{}
	for i, o := range f.objs {
		props, ok := o["properties"].(map[string]any)
		if !ok {
			continue
		}
		for _, k := range f.s.keyOrder(f.ptrs[i]+"/properties", props) {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	return out
}

// Property returns the field of key in this table: a declared property, or
// the schema of additional properties. It returns nil if the key is not
// allowed.
func (f *Field) Property(key string) *Field {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	p, ok := f.props[key]
	f.mu.Unlock()
	if ok {
		return p
	}
	path := func() []string { return append(append([]string(nil), f.Path...), key) }
	for i, o := range f.objs {
		if props, ok := o["properties"].(map[string]any); ok {
			if p, ok := props[key].(map[string]any); ok {
				return f.keep(key, f.s.field(p, f.ptrs[i]+"/properties/"+escapePtr(key), key, path(), f))
			}
		}
	}
	// undeclared keys get a field of their own, not kept (their names come
	// from the files and are not bounded), made from the schema of
	// additional properties, which is collected once
	f.mu.Lock()
	if !f.extraDone {
		f.extra, f.extraDone = f.makeExtra(), true
	}
	extra := f.extra
	f.mu.Unlock()
	if extra == nil {
		return nil
	}
	return &Field{s: f.s, objs: extra.objs, ptrs: extra.ptrs, types: extra.types, Name: key, Path: path(), parent: f}
}

// keep records the field of a declared property, or returns the one made
// meanwhile by another goroutine. (A function of its own: a deferred call
// in Property's loop would be made on the heap.)
func (f *Field) keep(key string, field *Field) *Field {
	f.mu.Lock()
	defer f.mu.Unlock()
	if prev, ok := f.props[key]; ok {
		return prev
	}
	if f.props == nil {
		f.props = map[string]*Field{}
	}
	f.props[key] = field
	return field
}

// makeExtra collects the schema of the keys the table does not declare, or
// returns nil when it allows none.
func (f *Field) makeExtra() *Field {
	for i, o := range f.objs {
		switch ap := o["additionalProperties"].(type) {
		case map[string]any:
			return f.s.field(ap, f.ptrs[i]+"/additionalProperties", "", nil, f)
		case bool:
			if ap {
				return f.s.field(map[string]any{}, "", "", nil, f)
			}
			return nil
		}
	}
	if _, ok := f.get("additionalProperties"); !ok && f.IsTable() && !f.declaresAny() {
		return f.s.field(map[string]any{}, "", "", nil, f)
	}
	return nil
}

// declaresAny reports whether the table declares a property (without
// their order, which Properties scans the sources for).
func (f *Field) declaresAny() bool {
	for _, o := range f.objs {
		if props, ok := o["properties"].(map[string]any); ok && len(props) > 0 {
			return true
		}
	}
	return false
}

// Declares reports whether key is a declared property of the table.
func (f *Field) Declares(key string) bool {
	for _, o := range f.objs {
		if props, ok := o["properties"].(map[string]any); ok {
			if _, ok := props[key]; ok {
				return true
			}
		}
	}
	return false
}

// OpenKeys reports whether the table accepts keys it does not declare.
func (f *Field) OpenKeys() bool {
	v, ok := f.get("additionalProperties")
	if !ok {
		return true
	}
	if b, ok := v.(bool); ok {
		return b
	}
	return true
}

// Items returns the field of the items of a list.
func (f *Field) Items() *Field {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.itemsDone {
		f.items, f.itemsDone = f.makeItems(), true
	}
	return f.items
}

func (f *Field) makeItems() *Field {
	path := append(append([]string(nil), f.Path...), "*")
	for i, o := range f.objs {
		if it, ok := o["items"].(map[string]any); ok {
			return f.s.field(it, f.ptrs[i]+"/items", "", path, f)
		}
	}
	return nil
}

// Discriminator is the key that selects the variant of this table, if any.
func (f *Field) Discriminator() string { return f.str("x-osmosis-discriminator") }

// Variant returns the table's field for the variant whose discriminator is
// tag: the base keys and the keys of that variant. It returns nil for an
// unknown tag.
func (f *Field) Variant(tag string) *Field {
	d := f.Discriminator()
	if d == "" {
		return nil
	}
	f.mu.Lock()
	v, ok := f.variants[tag]
	f.mu.Unlock()
	if ok {
		return v
	}
	v = f.makeVariant(d, tag)
	if v == nil {
		return nil // tags come from the files: only the schema's own are kept
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if prev, ok := f.variants[tag]; ok {
		return prev
	}
	if f.variants == nil {
		f.variants = map[string]*Field{}
	}
	f.variants[tag] = v
	return v
}

func (f *Field) makeVariant(d, tag string) *Field {
	for i, o := range f.objs {
		all, _ := o["allOf"].([]any)
		for j, a := range all {
			m, _ := a.(map[string]any)
			iff, _ := m["if"].(map[string]any)
			props, _ := iff["properties"].(map[string]any)
			cond, _ := props[d].(map[string]any)
			if c, ok := cond["const"].(string); ok && c == tag {
				then, _ := m["then"].(map[string]any)
				v := f.s.field(then, f.ptrs[i]+"/allOf/"+strconv.Itoa(j)+"/then", f.Name, f.Path, f.parent)
				v.objs = append(v.objs, f.objs...)
				v.ptrs = append(v.ptrs, f.ptrs...)
				v.types = v.computeTypes()
				return v
			}
		}
	}
	return nil
}

// VariantTags lists the discriminator values of the table's variants.
func (f *Field) VariantTags() []string {
	var out []string
	if d := f.Discriminator(); d != "" {
		for _, e := range f.Property(d).Enum() {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// Lookup walks the schema along an instance path ("*" or a number for list
// items). variant, when not nil, gives the discriminator value of the table
// at a given path prefix length. It returns nil where the path leaves the
// schema.
func (s *Schema) Lookup(path []string, variant func(depth int) string) *Field {
	f := s.Root()
	for i, p := range path {
		if f == nil {
			return nil
		}
		if d := f.Discriminator(); d != "" && variant != nil {
			if tag := variant(i); tag != "" {
				if v := f.Variant(tag); v != nil {
					f = v
				}
			}
		}
		if ts := f.Types(); len(ts) == 1 && ts[0] == "array" {
			f = f.Items()
			continue
		}
		if (p == "*" || IsIndex(p)) && f.Items() != nil {
			f = f.Items()
			continue
		}
		f = f.Property(p)
	}
	if f != nil && variant != nil {
		if d := f.Discriminator(); d != "" {
			if tag := variant(len(path)); tag != "" {
				if v := f.Variant(tag); v != nil {
					f = v
				}
			}
		}
	}
	return f
}

// IsIndex reports whether a path element is a list index: decimal digits,
// as Issue.Path writes them.
func IsIndex(p string) bool {
	if p == "" {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
	}
	return true
}

// FieldAt returns the schema field at an instance path of a document (keys
// and list indexes, as in Issue.Path), entering each discriminated table
// (x-osmosis-discriminator) by the variant the document's tag selects: a
// string at the table's discriminator key that names one of its variants.
// With no tag, or one that names no variant, the table's base schema is
// used. At the discriminator key itself it returns the base table's
// property, which allows every variant's tag and carries the key's doc
// and rule, rather than the variant's own constant: validation, hover and
// the rules see one field there. root may be nil (no variant is entered).
// It returns nil where the path leaves the schema. Validation, lint's rule
// context and the editor features all look fields up here.
func (s *Schema) FieldAt(root *toml.Table, path []string) *Field {
	if n := len(path); n > 0 {
		if base := s.Lookup(path[:n-1], nil); base != nil && base.Discriminator() == path[n-1] {
			return base.Property(path[n-1])
		}
	}
	if root == nil {
		return s.Lookup(path, nil)
	}
	return s.Lookup(path, func(depth int) string { return s.TagAt(root, path[:depth]) })
}

// TagAt returns the variant tag of the discriminated table at an instance
// path of a document: the string at its discriminator key, "" when the
// schema's table there has no discriminator or the document no string tag.
// The tag may name no variant (Field.Variant then returns nil).
func (s *Schema) TagAt(root *toml.Table, path []string) string {
	f := s.Lookup(path, nil)
	if f == nil || f.Discriminator() == "" || root == nil {
		return ""
	}
	_, val := root.Lookup(path...)
	if val == nil || val.Kind != toml.KindTable {
		return ""
	}
	tag := val.Table.Value(f.Discriminator())
	if tag == nil || tag.Kind != toml.KindString {
		return ""
	}
	return tag.Str
}

func escapePtr(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// FormatNumber prints a number the way a TOML file would hold it.
func FormatNumber(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatInt(int64(x), 10)
	}
	if a := math.Abs(x); a < 1e-3 || a >= 1e15 {
		// 1e-6, not 0.000001 or 1e-06
		s := strconv.FormatFloat(x, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		sign := ""
		if strings.HasPrefix(exp, "-") {
			sign = "-"
		}
		exp = strings.TrimLeft(strings.TrimLeft(exp, "+-"), "0")
		return mant + "e" + sign + exp
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// FormatTOML prints a JSON value in TOML syntax.
func FormatTOML(v any) string {
	switch x := v.(type) {
	case string:
		q, _ := toml.Quote(x) // the schema's strings are UTF-8
		return q
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return FormatNumber(x)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return FormatNumber(f)
		}
		return x.String()
	case []any:
		var b bytes.Buffer
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(FormatTOML(e))
		}
		b.WriteByte(']')
		return b.String()
	}
	return fmt.Sprint(v)
}

// Aliases lists other names users write for the field (x-osmosis-aliases),
// such as `learning_rate` for `lr`: an unknown key with one of these names
// is a likely mistake for this field.
// AliasOf returns the property of this table that name (in any case) is a
// common other name for, or "". The table of names is made once: a config
// of many unknown keys asks for each.
func (f *Field) AliasOf(name string) string {
	if f == nil {
		return ""
	}
	f.mu.Lock()
	m := f.aliases
	f.mu.Unlock()
	if m == nil {
		// the declared order of the properties decides only between two
		// that claim one alias: without such a pair, any order gives the
		// same table, and the order is not read (it is scanned from the
		// sources)
		var conflict bool
		if m, conflict = f.aliasTable(f.PropertyNames(), true); conflict {
			m, _ = f.aliasTable(f.Properties(), false)
		}
		f.mu.Lock()
		f.aliases = m
		f.mu.Unlock()
	}
	return m[strings.ToLower(name)]
}

// aliasTable maps each alias (lower case) of props to its property, the
// first in props when two claim one; strict stops at such a pair and
// reports it.
func (f *Field) aliasTable(props []string, strict bool) (map[string]string, bool) {
	m := map[string]string{}
	for _, p := range props {
		for _, a := range f.Property(p).Aliases() {
			a = strings.ToLower(a)
			if q, dup := m[a]; !dup {
				m[a] = p
			} else if strict && q != p {
				return nil, true
			}
		}
	}
	return m, false
}

// PropertyNames lists the keys the table declares, as Properties does, in
// no particular order: a caller that wants the set alone spares the scan
// of the sources for their order.
func (f *Field) PropertyNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, o := range f.objs {
		props, _ := o["properties"].(map[string]any)
		for k := range props {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	return out
}

func (f *Field) Aliases() []string {
	v, _ := f.get("x-osmosis-aliases")
	a, _ := v.([]any)
	out := make([]string, 0, len(a))
	for _, x := range a {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Concurrency is the documented load of a field that multiplies with a
// sibling into the number of rollouts in flight at once
// (x-osmosis-concurrency): a product of Saturates or more is where the
// documented failure begins (every rollout timing out), Start the
// documented starting point; Rule reports it.
type Concurrency struct {
	Times            string
	Saturates, Start float64
	Rule             string
}

// Concurrency returns the field's x-osmosis-concurrency annotation, if it
// has one.
func (f *Field) Concurrency() (Concurrency, bool) {
	v, ok := f.get("x-osmosis-concurrency")
	m, _ := v.(map[string]any)
	if !ok || m == nil {
		return Concurrency{}, false
	}
	var c Concurrency
	var okSat bool
	c.Times, _ = m["times"].(string)
	c.Saturates, okSat = toFloat(m["saturates"])
	c.Start, _ = toFloat(m["start"])
	c.Rule, _ = m["x-osmosis-rule"].(string)
	return c, okSat && c.Times != "" && c.Rule != ""
}

// DefaultNumber returns the field's default when it is a number.
func (f *Field) DefaultNumber() (float64, bool) {
	v, ok := f.Default()
	if !ok {
		return 0, false
	}
	return toFloat(v)
}

// ProviderKey is the environment variable that holds the API key of a
// model provider (the lower-case prefix of a LiteLLM model name before
// "/"), from the field's x-osmosis-provider-keys table.
func (f *Field) ProviderKey(provider string) (string, bool) {
	v, ok := f.get("x-osmosis-provider-keys")
	m, _ := v.(map[string]any)
	if !ok || m == nil {
		return "", false
	}
	name, ok := m[provider].(string)
	return name, ok
}

// LocalRunAccepts reports whether a local `osmosis eval run` takes any
// value of the field's type (x-osmosis-local-run: "any"), where the
// platform judges its range only for `osmosis eval submit`.
func (f *Field) LocalRunAccepts() bool { return f.str("x-osmosis-local-run") == "any" }
