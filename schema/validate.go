package schema

import (
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// IssueKind is the kind of problem a schema issue describes.
type IssueKind uint8

// Issue kinds.
const (
	// Unknown: a key the table does not allow (Name).
	Unknown IssueKind = iota + 1
	// Missing: a required key or section is absent (Name).
	Missing
	// Type: the value has the wrong type (Got, Want).
	Type
	// Enum: the value is not one of Allowed.
	Enum
	// Length: a list has too few or too many items (Count, Bound).
	Length
	// Bound: a number is outside the allowed range (Bound).
	Bound
	// Pattern: a string (or a key, when OnKey) does not have the required form.
	Pattern
	// Duplicate: a list repeats an item (Name, First).
	Duplicate
)

// Issue is one schema problem, located in the document.
type Issue struct {
	Kind IssueKind
	// Tag is the x-osmosis-rule annotation of the failed constraint (for
	// Unknown, the table's x-osmosis-unknown-rule), "" when there is none.
	// The schema does not interpret it: lint maps issues to its rules.
	Tag string
	// Section is set when the problem concerns a whole section: a missing
	// top-level section (Missing), or one written as something other than a
	// table (Type).
	Section bool
	// Path is the instance path of the offending key or value; for Missing
	// and Unknown it ends with the key's name.
	Path []string
	// Key is the dotted key the osmosis CLI would name in its message.
	Key string
	// Range is the smallest range that shows the problem.
	Range toml.Range
	// OnKey is set when the problem is the key itself rather than its value.
	OnKey bool

	// Field is the schema of the offending place (nil for unknown keys).
	Field *Field
	// Table is the schema of the enclosing table (Unknown, Missing).
	Table *Field
	// Value is the offending value, when there is one.
	Value *toml.Value

	Name    string   // the key (Unknown, Missing, Pattern on a key) or the item (Duplicate)
	Got     string   // a description of the value's type (Type), or the value (Enum)
	Want    []string // expected types (Type)
	Allowed []string // allowed keys (Unknown) or values (Enum), for suggestions
	Count   int      // number of items (Length)
	Bound   string   // the violated bound, e.g. "<= 8", "> 0", "[0, 1]"
	// First is the range of the earlier occurrence (Duplicate).
	First toml.Range
}

// Validate checks a parsed document against the schema and returns its
// issues in document order. It reports one issue per problem.
func (s *Schema) Validate(doc *toml.Document) []Issue { return s.ValidateInto(doc, nil) }

// ValidateInto is Validate that keeps the issues in buf's storage when it
// is large enough: a caller that checks one large document again and again
// (an editor's keystrokes) need not allocate its issues each time. The
// issues are buf's elements, overwritten; buf is no longer the caller's.
func (s *Schema) ValidateInto(doc *toml.Document, buf []Issue) []Issue {
	ev := getEvaluator()
	defer putEvaluator(ev)
	ev.root = toml.Value{Kind: toml.KindTable, Table: doc.Root}
	ev.eval(s.root, &ev.root)
	if len(ev.fails) == 0 {
		return nil
	}
	return s.issues(doc, ev.fails, buf[:0])
}

// issues maps the failures of a document to issues, in document order.
func (s *Schema) issues(doc *toml.Document, fails []failure, buf []Issue) []Issue {
	v := &validation{s: s, doc: doc, out: buf}
	for _, f := range fails {
		v.leaf(f)
	}
	before := func(i, j int) bool { return v.out[i].Range.Start < v.out[j].Range.Start }
	// the issues of one table come in the order of its keys: a file of
	// 80,000 unknown keys is mostly in order already, and a stable sort of
	// an ordered list changes nothing
	if !sort.SliceIsSorted(v.out, before) {
		sort.SliceStable(v.out, before)
	}
	return dedupe(v.out)
}

// dedupe drops, from issues sorted stably by start, an issue of the kind,
// range, rule and key of one added before it: two keywords can fail on one
// problem (minLength and pattern). The issues that share a start are next
// to each other in the order they were added, so the first of each stays,
// and a file of 80,000 unknown keys needs no map of 80,000 ranges.
func dedupe(out []Issue) []Issue {
	kept := out[:0]
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && out[j].Range.Start == out[i].Range.Start {
			j++
		}
		if j == i+1 {
			if len(kept) == i {
				kept = kept[:i+1] // in place: no copy of the issue onto itself
			} else {
				kept = append(kept, out[i])
			}
			i = j
			continue
		}
		group := len(kept)
		var seen map[issueSpot]struct{}
		if j-i > 16 {
			seen = make(map[issueSpot]struct{}, j-i)
		}
		for ; i < j; i++ {
			is := out[i]
			spot := issueSpot{is.Kind, is.Range, is.Tag, is.Key}
			if seen != nil {
				if _, dup := seen[spot]; dup {
					continue
				}
				seen[spot] = struct{}{}
			} else if slices.ContainsFunc(kept[group:], func(k Issue) bool {
				return issueSpot{k.Kind, k.Range, k.Tag, k.Key} == spot
			}) {
				continue
			}
			kept = append(kept, is)
		}
	}
	clear(out[len(kept):]) // no pointers kept alive past the end
	return kept
}

type validation struct {
	s   *Schema
	doc *toml.Document
	out []Issue
}

// issueSpot is what makes two issues one (dedupe).
type issueSpot struct {
	kind     IssueKind
	r        toml.Range
	tag, key string
}

// variantOf returns, for a path prefix, the discriminator value of the table
// there (TagAt), for the CLI's names of keys in variants.
func (v *validation) variantOf(path []string) func(int) string {
	return func(depth int) string { return v.s.TagAt(v.doc.Root, path[:depth]) }
}

// lookup is the field at path (FieldAt).
func (v *validation) lookup(path []string) *Field {
	return v.s.FieldAt(v.doc.Root, path)
}

// unknownBlock is how many unknown keys of a table share the blocks their
// paths and keys are cut from: small enough that an issue kept alone keeps
// little else alive.
const unknownBlock = 256

func clone(p []string, extra ...string) []string {
	out := make([]string, 0, len(p)+len(extra))
	return append(append(out, p...), extra...)
}

func (v *validation) leaf(fl failure) {
	raw, loc := fl.raw, fl.loc
	tag, _ := raw["x-osmosis-rule"].(string)
	switch fl.kind {
	case failAdditional:
		table := v.lookup(loc)
		// one list for all the unknown keys of the table (read only), and
		// what every key of the table shares, found once: a file of 80,000
		// unknown keys is not walked from the root 80,000 times
		allowed, unknownTag := table.Properties(), table.UnknownTag()
		// the CLI's key of loc.name is keyBase + name (cliKey reads no
		// more of a path than its parents)
		keyBase := v.cliKey(clone(loc, ""))
		v.out = slices.Grow(v.out, len(fl.names))
		// the paths and keys of the unknown keys cut from shared blocks:
		// two allocations a block, not two a key
		var paths []string
		var keys strings.Builder
		keysText, keysAt := "", 0
		for i, name := range fl.names {
			if i%unknownBlock == 0 {
				n := min(unknownBlock, len(fl.names)-i)
				paths = make([]string, 0, n*(len(loc)+1))
				size := n * len(keyBase)
				for _, name := range fl.names[i : i+n] {
					size += len(name)
				}
				keys.Reset()
				keys.Grow(size)
				for _, name := range fl.names[i : i+n] {
					keys.WriteString(keyBase)
					keys.WriteString(name)
				}
				keysText, keysAt = keys.String(), 0
			}
			at := len(paths)
			paths = append(append(paths, loc...), name)
			path := paths[at:len(paths):len(paths)]
			key := keysText[keysAt : keysAt+len(keyBase)+len(name)]
			keysAt += len(key)
			// the entry the evaluator met (a table holds a key once), or
			// for failures from elsewhere (the reference validator in the
			// tests) the one at the path
			var entry *toml.Entry
			if i < len(fl.entries) {
				entry = fl.entries[i]
			} else {
				entry, _ = locate(v.doc.Root, path)
			}
			r := toml.Range{}
			if entry != nil {
				r = entry.KeyRange
			}
			// made in place (the list has room): 80,000 issues not copied
			v.out = append(v.out, Issue{Kind: Unknown, Tag: unknownTag, Path: path, Range: r, OnKey: true,
				Table: table, Name: name, Allowed: allowed, Key: key})
			v.keyed(&v.out[len(v.out)-1])
		}
	case failRequired:
		table := v.lookup(loc)
		for _, name := range fl.names {
			f := table.Property(name)
			is := Issue{Kind: Missing, Path: clone(loc, name), Range: v.tableRange(loc), Field: f, Table: table, Name: name}
			if f != nil {
				is.Tag = f.Rule()
				is.Section = (f.IsTable() || f.Title() != "") && len(loc) == 0
			}
			v.add(is)
		}
	case failPropertyName:
		v.propertyName(loc, fl.names[0], fl.rules)
	case failType:
		v.typeIssue(loc, fl.want)
	case failInvalid:
		f := v.lookup(loc)
		if f != nil && len(f.Enum()) > 0 && v.isTag(loc) {
			// a discriminator that is a date or nan: outside the set of
			// tags, as any other value (the CLI names no variant for it)
			v.enumIssue(loc, f, tag)
			return
		}
		if f == nil || len(f.Types()) == 0 {
			return // the field takes any value (dates and nan included)
		}
		v.typeIssue(loc, f.Types())
	case failConst:
		// a variant's own tag: reported by the enum of the discriminator
	case failEnum:
		v.enumIssue(loc, v.lookup(loc), tag)
	case failMinItems, failMaxItems:
		f := v.lookup(loc)
		entry, val := locate(v.doc.Root, loc)
		is := Issue{Kind: Length, Tag: tag, Path: loc, Field: f, Value: val, Range: rangeOf(val)}
		if val != nil {
			is.Count = len(val.Items)
		}
		if fl.kind == failMaxItems {
			is.Bound = "<= " + strconv.Itoa(fl.bound)
			if val != nil && fl.bound < len(val.Items) {
				// point at the first item too many
				is.Range = val.Items[fl.bound].Range
			}
		} else {
			is.Bound = ">= " + strconv.Itoa(fl.bound)
			if entry != nil && val != nil && val.ArrayOfTables {
				is.Range = entry.KeyRange
			}
		}
		v.add(is)
	case failMinimum, failMaximum, failExclusiveMinimum, failExclusiveMaximum:
		f := v.lookup(loc)
		if tag == "" {
			tag = f.Rule()
		}
		_, val := locate(v.doc.Root, loc)
		v.add(Issue{Kind: Bound, Tag: tag, Path: loc, Range: rangeOf(val), Field: f, Value: val, Bound: f.RangeText()})
	case failPattern, failMinLength, failMaxLength, failNot:
		f := v.lookup(loc)
		if tag == "" {
			tag = f.Rule()
		}
		_, val := locate(v.doc.Root, loc)
		v.add(Issue{Kind: Pattern, Tag: tag, Path: loc, Range: rangeOf(val), Field: f, Value: val, Got: v.text(val)})
	case failUnique:
		f := v.lookup(loc)
		if tag == "" {
			tag = f.Rule()
		}
		_, val := locate(v.doc.Root, loc)
		if val == nil {
			return
		}
		seen := map[string]*toml.Value{}
		for i, it := range val.Items {
			key := v.text(it)
			if first, ok := seen[key]; ok {
				v.add(Issue{Kind: Duplicate, Tag: tag, Path: clone(loc, strconv.Itoa(i)), Range: it.Range,
					Field: f, Value: it, Name: displayItem(it), First: first.Range})
				continue
			}
			seen[key] = it
		}
	}
}

func displayItem(v *toml.Value) string {
	if v.Kind == toml.KindString {
		return v.Str
	}
	return v.Kind.String()
}

// propertyName maps the failure of a key's name (e.g. an [env] name) to one
// issue per rule its failures name.
func (v *validation) propertyName(loc []string, name string, tags []string) {
	path := clone(loc, name)
	entry, _ := locate(v.doc.Root, path)
	r := toml.Range{}
	if entry != nil {
		r = entry.KeyRange
	}
	table := v.lookup(loc)
	for _, tag := range tags {
		v.add(Issue{Kind: Pattern, Tag: tag, Path: path, Range: r, OnKey: true, Table: table, Name: name})
	}
}

func (v *validation) typeIssue(loc []string, want []string) {
	f := v.lookup(loc)
	entry, val := locate(v.doc.Root, loc)
	// a section written as something else ([[agents]] as [agents] too)
	section := len(want) == 1 && f != nil && f.Title() != "" &&
		(want[0] == "object" || want[0] == "array" && val != nil && val.Kind == toml.KindTable)
	r := rangeOf(val)
	if val != nil && val.Kind == toml.KindTable && val.Table.Origin != toml.OriginInline && entry != nil {
		r = entry.KeyRange
	}
	if val != nil && val.Kind == toml.KindArray && val.ArrayOfTables && entry != nil {
		r = entry.KeyRange
	}
	v.add(Issue{Kind: Type, Section: section, Path: loc, Range: r, Field: f, Value: val, Got: TypeName(val), Want: want})
}

// enumIssue reports the value at loc, of field f, outside the field's set
// of values; tag is the rule of the failed keyword ("" for the field's).
func (v *validation) enumIssue(loc []string, f *Field, tag string) {
	if tag == "" {
		tag = f.Rule()
	}
	_, val := locate(v.doc.Root, loc)
	var allowed []string
	for _, a := range f.Enum() {
		allowed = append(allowed, FormatTOML(a))
	}
	v.add(Issue{Kind: Enum, Tag: tag, Path: loc, Range: rangeOf(val), Field: f, Value: val,
		Got: v.text(val), Allowed: allowed})
}

// TypeName names the TOML type of a value for messages.
func TypeName(v *toml.Value) string {
	if v == nil {
		return "nothing"
	}
	switch {
	case v.Kind == toml.KindFloat && math.IsNaN(v.Float):
		return "nan"
	case v.Kind == toml.KindFloat && math.IsInf(v.Float, 0):
		return "infinity"
	case v.Kind == toml.KindArray && v.ArrayOfTables:
		return "array of tables"
	case v.Kind == toml.KindTable:
		return "table"
	}
	return v.Kind.String()
}

func (v *validation) text(val *toml.Value) string {
	if val == nil {
		return ""
	}
	if val.Kind == toml.KindString {
		return val.Str
	}
	return v.doc.Text(val.Range)
}

func rangeOf(v *toml.Value) toml.Range {
	if v == nil {
		return toml.Range{}
	}
	return v.Range
}

// tableRange is where a problem with a whole table is shown: its header, its
// key, or the start of the file for the root.
func (v *validation) tableRange(path []string) toml.Range {
	if len(path) == 0 {
		// a section the file lacks: its first statement (a header, or a
		// key), never the comments above it; an empty range at the start
		// of a file without statements
		for i := range v.doc.Stmts {
			s := v.doc.Stmts[i]
			if s.Kind == toml.StmtKeyValue && len(s.Keys) > 0 {
				return s.KeyRange()
			}
			r := s.Range
			if end := v.doc.Lines.LineEnd(v.doc.Lines.Line(r.Start)); r.End > end {
				r.End = end
			}
			return r
		}
		return toml.Range{}
	}
	entry, val := locate(v.doc.Root, path)
	if val != nil && val.Kind == toml.KindTable {
		if val.Table.Header != nil {
			return val.Table.Header.Range
		}
		if entry != nil {
			return entry.KeyRange
		}
		return val.Range
	}
	if entry != nil {
		return entry.KeyRange
	}
	return toml.Range{}
}

func (v *validation) add(is Issue) {
	is.Key = v.cliKey(is.Path)
	v.addKeyed(is, 1)
}

// addKeyed adds an issue whose Key is cliKey(is.Path); hint is how many
// issues are coming.
func (v *validation) addKeyed(is Issue, hint int) {
	if v.out == nil {
		v.out = make([]Issue, 0, hint)
	}
	v.out = append(v.out, is)
	v.keyed(&v.out[len(v.out)-1])
}

// keyed corrects the Key of an issue just added, cliKey(is.Path), where
// the CLI names the place otherwise. An issue of the kind, rule and key of
// another at its range is dropped after the sort (dedupe).
func (v *validation) keyed(is *Issue) {
	if v.s.Kind != Benchmark && len(is.Path) == 2 && is.Path[1] == "" && is.Path[0] != "env" {
		// the CLI joins section and key only when the key is not empty
		is.Key = is.Path[0]
	}
	if (is.Kind == Missing || is.Kind == Enum || is.Kind == Type) && v.isTag(is.Path) {
		// the CLI names the discriminated table, not its tag, whatever
		// the tag's value
		is.Key = v.cliKey(is.Path[:len(is.Path)-1])
	}
}

// isTag reports whether path ends at the discriminator of its table.
func (v *validation) isTag(path []string) bool {
	if len(path) == 0 {
		return false
	}
	t := v.lookup(path[:len(path)-1])
	return t != nil && t.Discriminator() != "" && t.Discriminator() == path[len(path)-1]
}

// cliKey names a path the way the osmosis CLI does: dotted, list indexes as
// numbers, and the variant tag after a discriminated table
// (agents.0.model.provider.api_key_secret).
func (v *validation) cliKey(path []string) string {
	var parts []string
	for i, p := range path {
		parts = append(parts, p)
		if i+1 < len(path) {
			if f := v.s.Lookup(path[:i+1], nil); f != nil && f.Discriminator() != "" {
				if tag := v.variantOf(path)(i + 1); tag != "" && f.Variant(tag) != nil {
					parts = append(parts, tag)
				}
			}
		}
	}
	return strings.Join(parts, ".")
}

// locate finds the entry and value at an instance path.
func locate(root *toml.Table, path []string) (*toml.Entry, *toml.Value) {
	return root.Lookup(path...)
}

// BigFloat returns a big number as float for comparisons.
func BigFloat(b *big.Int) float64 {
	f, _ := new(big.Float).SetInt(b).Float64()
	return f
}
