package toml

import (
	"github.com/pelletier/go-toml/v2/unstable"
)

// Flags mirror tomllib's bookkeeping of which tables may still be extended.
const (
	flagExplicitNest uint8 = 1 << iota // defined by a header or a dotted key
	flagFrozen                         // an inline table or a static array
)

type flagNode struct {
	flags, recursive uint8
	nested           map[string]*flagNode
}

func (n *flagNode) child(k string, create bool) *flagNode {
	c := n.nested[k]
	if c == nil && create {
		if n.nested == nil {
			n.nested = make(map[string]*flagNode)
		}
		c = &flagNode{}
		n.nested[k] = c
	}
	return c
}

// is reports whether key carries flag, directly or through a recursive flag
// on one of its parents.
func (n *flagNode) is(key []string, flag uint8) bool {
	if len(key) == 0 {
		return false
	}
	cont := n
	for _, k := range key[:len(key)-1] {
		c := cont.child(k, false)
		if c == nil {
			return false
		}
		if c.recursive&flag != 0 {
			return true
		}
		cont = c
	}
	c := cont.child(key[len(key)-1], false)
	return c != nil && (c.flags|c.recursive)&flag != 0
}

// firstFlagged returns the length of the shortest prefix of key, at least
// from parts long, that carries flag (as is reports it), or 0 when none
// does. It walks the trie once, where calling is per prefix would walk it
// once per prefix: quadratic on a deep dotted key.
func (n *flagNode) firstFlagged(key []string, from int, flag uint8) int {
	cont := n
	recursive := false
	for i, k := range key {
		c := cont.child(k, false)
		if c == nil {
			// is stops at a missing part: every longer prefix carries the
			// flag exactly when a part above it carries it recursively
			if recursive {
				return max(from, i+1)
			}
			return 0
		}
		if i+1 >= from && (recursive || (c.flags|c.recursive)&flag != 0) {
			return i + 1
		}
		recursive = recursive || c.recursive&flag != 0
		cont = c
	}
	return 0
}

// setPrefixes sets flag on every prefix of key from from to to parts long,
// in one walk.
func (n *flagNode) setPrefixes(key []string, from, to int, flag uint8) {
	cont := n
	for i, k := range key[:to] {
		cont = cont.child(k, true)
		if i+1 >= from {
			cont.flags |= flag
		}
	}
}

func (n *flagNode) set(key []string, flag uint8, recursive bool) {
	cont := n
	for _, k := range key {
		cont = cont.child(k, true)
	}
	if recursive {
		cont.recursive |= flag
	} else {
		cont.flags |= flag
	}
}

func (n *flagNode) unsetAll(key []string) {
	cont := n
	for _, k := range key[:len(key)-1] {
		cont = cont.child(k, false)
		if cont == nil {
			return
		}
	}
	delete(cont.nested, key[len(key)-1])
}

// pendingFlag is a flag to set, at the next header, on the prefixes of key
// from from to to parts long.
type pendingFlag struct {
	key      []string
	from, to int
	flag     uint8
}

type builder struct {
	d       *Document
	src     []byte // the working copy being parsed (same offsets as d.Src)
	flags   flagNode
	pending []pendingFlag

	header      []string // key of the current table header
	headerTable *Table   // table the current header opened
	lostHeader  bool     // a header line was skipped after a syntax error
	depth       int
	frames      int  // tomllib calls on the way to the current value
	tooDeep     bool // the recursion limit was reported
}

func newBuilder(d *Document, src []byte) *builder {
	return &builder{d: d, src: src, headerTable: d.Root}
}

func (b *builder) finish() {}

func (b *builder) errorf(r Range, format string, args ...any) {
	b.d.addError(r, sprintf(format, args...))
}

// expression handles one top-level expression of the parser and returns the
// end offset of what it consumed (statement and trailing comment).
func (b *builder) expression(p *unstable.Parser, e *unstable.Node, base int) int {
	end := base
	switch e.Kind {
	case unstable.Comment:
		end = b.comment(e, base)
	case unstable.KeyValue:
		end = b.keyValue(e, base)
	case unstable.Table, unstable.ArrayTable:
		end = b.headerStmt(e, base)
	}
	for n := e.Next(); n != nil && n.Valid(); n = n.Next() {
		if n.Kind == unstable.Comment {
			end = max(end, b.comment(n, base))
		}
	}
	return end
}

func (b *builder) comment(n *unstable.Node, base int) int {
	r := Range{base + int(n.Raw.Offset), base + int(n.Raw.Offset+n.Raw.Length)}
	b.d.Comments = append(b.d.Comments, Comment{Range: r, Text: string(b.d.Src[r.Start:r.End])})
	return r.End
}

func (b *builder) keyParts(n *unstable.Node, base int) []KeyPart {
	var parts []KeyPart
	it := n.Key()
	for it.Next() {
		k := it.Node()
		r := Range{base + int(k.Raw.Offset), base + int(k.Raw.Offset+k.Raw.Length)}
		name := string(k.Data)
		if r.Len() > 0 && (b.src[r.Start] == '"' || b.src[r.Start] == '\'') {
			// decode quoted keys ourselves: TOML 1.0 escapes only
			name = b.decodeString(r)
		}
		parts = append(parts, KeyPart{Name: name, Range: r})
	}
	return parts
}

func names(parts []KeyPart) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.Name
	}
	return out
}

func concat(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// header handles `[a.b]` and `[[a.b]]`.
func (b *builder) headerStmt(n *unstable.Node, base int) int {
	parts := b.keyParts(n, base)
	isArray := n.Kind == unstable.ArrayTable
	first, last := parts[0].Range, parts[len(parts)-1].Range
	open := first.Start - 1
	for open > 0 && (b.src[open] == ' ' || b.src[open] == '\t') {
		open--
	}
	if isArray {
		open--
	}
	closeAt := skipSpace(b.src, last.End) + 1
	if isArray {
		closeAt++
	}
	stmt := &Stmt{
		Kind:  StmtTable,
		Range: Range{open, closeAt},
		Keys:  parts,
		Path:  names(parts),
	}
	if isArray {
		stmt.Kind = StmtArrayTable
	}
	b.d.Stmts = append(b.d.Stmts, stmt)
	b.lostHeader = false
	b.finalizePending()

	key := stmt.Path
	keyRange := Range{first.Start, last.End}
	if isArray {
		if b.flags.is(key, flagFrozen) {
			b.errorf(keyRange, "[[%s]] cannot add to %s: it was defined as a static array or inline table", quoteKey(key), quoteKey(key))
			return b.reject(stmt)
		}
	} else if b.flags.is(key, flagExplicitNest) || b.flags.is(key, flagFrozen) {
		b.errorf(keyRange, "table [%s] is defined more than once%s", quoteKey(key), b.firstDefinition(key))
		return b.reopen(stmt, key)
	}
	parent, err := b.nest(key[:len(key)-1], parts[:len(parts)-1], true, OriginImplicit)
	if err != "" {
		b.errorf(keyRange, "%s", err)
		return b.reject(stmt)
	}
	stem := parts[len(parts)-1]
	val := &Value{Kind: KindTable, Range: stmt.Range, Table: &Table{Origin: OriginHeader, Header: stmt, End: stmt.Range.End}}
	if isArray {
		val.Table.Origin = OriginArrayHeader
		e := parent.Get(stem.Name)
		switch {
		case e == nil:
			parent.add(&Entry{Key: stem.Name, KeyRange: stem.Range, Value: &Value{Kind: KindArray, ArrayOfTables: true, Range: stmt.Range, Items: []*Value{val}}})
		case e.Value.Kind == KindArray && e.Value.ArrayOfTables:
			e.Value.Items = append(e.Value.Items, val)
		default:
			b.errorf(keyRange, "[[%s]] cannot be an array of tables: %s is already defined as a %s%s", quoteKey(key), quoteKey(key), e.Value.Kind, b.at(e.KeyRange))
			return b.reject(stmt)
		}
		b.flags.unsetAll(key)
		b.flags.set(key, flagExplicitNest, false)
	} else {
		e := parent.Get(stem.Name)
		switch {
		case e == nil:
			parent.add(&Entry{Key: stem.Name, KeyRange: stem.Range, Value: val})
		case e.Value.Kind == KindTable:
			// a super-table created implicitly by a deeper header: this
			// header now defines it
			val = e.Value
			val.Table.Origin = OriginHeader
			val.Table.Header = stmt
			val.Range = stmt.Range
			val.Table.End = max(val.Table.End, stmt.Range.End)
		default:
			b.errorf(keyRange, "table [%s] conflicts with the key %s defined%s", quoteKey(key), quoteKey(key), b.at(e.KeyRange))
			return b.reject(stmt)
		}
		b.flags.set(key, flagExplicitNest, false)
	}
	stmt.Table = val.Table
	b.header = key
	b.headerTable = val.Table
	return closeAt
}

// reject records a header tomllib refuses; the pairs below it are read into a
// detached table so they are still checked for syntax but not attributed to
// another table.
func (b *builder) reject(stmt *Stmt) int {
	stmt.Rejected = true
	b.header = stmt.Path
	b.headerTable = &Table{Origin: OriginHeader, Header: stmt, End: stmt.Range.End}
	stmt.Table = b.headerTable
	return stmt.Range.End
}

// reopen handles a table defined twice: it is reported, and the pairs below
// the second header go into the same table (so that a key repeated under
// both headers is reported as well).
func (b *builder) reopen(stmt *Stmt, key []string) int {
	stmt.Rejected = true
	t := b.lookupTable(key)
	if t == nil {
		return b.reject(stmt)
	}
	stmt.Table = t
	b.header = key
	b.headerTable = t
	return stmt.Range.End
}

// lookupTable finds the table at key, following the last element of arrays
// of tables, without creating anything.
func (b *builder) lookupTable(key []string) *Table {
	t := b.d.Root
	for _, k := range key {
		e := t.Get(k)
		if e == nil {
			return nil
		}
		v := e.Value
		if v.Kind == KindArray && v.ArrayOfTables && len(v.Items) > 0 {
			v = v.Items[len(v.Items)-1]
		}
		if v.Kind != KindTable {
			return nil
		}
		t = v.Table
	}
	return t
}

func (b *builder) firstDefinition(key []string) string {
	t := b.lookupTable(key)
	if t != nil && t.Header != nil {
		return b.at(t.Header.Range)
	}
	return ""
}

func (b *builder) at(r Range) string {
	return sprintf(" (line %d)", lineOf(b.d, r.Start))
}

func (b *builder) finalizePending() {
	for _, p := range b.pending {
		b.flags.setPrefixes(p.key, p.from, p.to, p.flag)
	}
	b.pending = b.pending[:0]
}

// nest walks (and creates) the tables along key from the root, like tomllib's
// get_or_create_nest. parts gives the ranges for tables it creates. It
// returns a message when a non-table value is in the way.
func (b *builder) nest(key []string, parts []KeyPart, accessLists bool, origin Origin) (*Table, string) {
	t := b.d.Root
	for i, k := range key {
		e := t.Get(k)
		if e == nil {
			nt := &Table{Origin: origin}
			e = &Entry{Key: k, KeyRange: parts[i].Range, Value: &Value{Kind: KindTable, Range: parts[i].Range, Table: nt}}
			t.add(e)
		}
		v := e.Value
		if accessLists && v.Kind == KindArray && v.ArrayOfTables && len(v.Items) > 0 {
			v = v.Items[len(v.Items)-1]
		}
		if v.Kind != KindTable {
			return nil, sprintf("%s is already defined as a %s%s, so it cannot hold keys", quoteKey(key[:i+1]), v.Kind, b.at(e.KeyRange))
		}
		t = v.Table
	}
	return t, ""
}

// keyValue handles a top-level `key = value` statement.
func (b *builder) keyValue(n *unstable.Node, base int) int {
	parts := b.keyParts(n, base)
	vstart := b.valueStart(parts[len(parts)-1].Range.End)
	b.depth, b.frames = 0, 0
	val, vend := b.value(n.Value(), base, vstart)
	stmt := &Stmt{
		Kind:      StmtKeyValue,
		Range:     Range{parts[0].Range.Start, vend},
		Keys:      parts,
		Value:     val,
		Path:      b.header,
		Table:     b.headerTable,
		Uncertain: b.lostHeader,
	}
	b.d.Stmts = append(b.d.Stmts, stmt)

	if len(parts) == 1 && val.Kind != KindTable && val.Kind != KindArray {
		// the common case, a plain key and a scalar: no containers to
		// check or create, no flag to set on the key itself
		return b.plainKeyValue(stmt, parts[0], val)
	}
	key := names(parts)
	keyRange := stmt.KeyRange()
	abs := concat(b.header, key)
	// tomllib checks each container of the dotted key, header+key[:i]
	// for i in 1..len(key)-1; the first one defined explicitly is an error
	if n := b.flags.firstFlagged(abs[:len(abs)-1], len(b.header)+1, flagExplicitNest); n > 0 {
		i := n - len(b.header)
		b.errorf(Range{parts[0].Range.Start, parts[i-1].Range.End}, "the dotted key %s extends the table [%s], which is already defined; add the key under that table instead", quoteKey(key), quoteKey(abs[:n]))
		stmt.Rejected = true
		return stmt.Range.End
	}
	parentKey := abs[:len(abs)-1]
	if b.flags.is(parentKey, flagFrozen) {
		b.errorf(keyRange, "%s cannot be extended: %s was defined as an inline table or array", quoteKey(key), quoteKey(parentKey))
		stmt.Rejected = true
		return stmt.Range.End
	}
	// the header part of the path exists already; create the dotted part
	t := b.headerTable
	if len(key) > 1 {
		var msg string
		t, msg = b.nestFrom(t, key[:len(key)-1], parts, OriginDotted)
		if msg != "" {
			b.errorf(keyRange, "%s", msg)
			stmt.Rejected = true
			return stmt.Range.End
		}
	}
	stem := parts[len(parts)-1]
	if e := t.Get(stem.Name); e != nil {
		b.errorf(stem.Range, "duplicate key %s: it is already defined%s", quoteKey(key), b.at(e.KeyRange))
		stmt.Rejected = true
		return stmt.Range.End
	}
	if len(key) > 1 {
		// abs is this statement's own slice: keep it rather than a copy of
		// every prefix
		b.pending = append(b.pending, pendingFlag{key: abs, from: len(b.header) + 1, to: len(abs) - 1, flag: flagExplicitNest})
	}
	if val.Kind == KindTable || val.Kind == KindArray {
		b.flags.set(abs, flagFrozen, true)
	}
	t.add(&Entry{Key: stem.Name, KeyRange: stem.Range, Value: val})
	b.headerTable.End = max(b.headerTable.End, stmt.Range.End)
	if t != b.headerTable {
		t.End = max(t.End, stmt.Range.End)
	}
	return stmt.Range.End
}

// plainKeyValue adds `key = scalar` to the current table: what keyValue
// does for a one-part key and a value that is not a table or an array.
func (b *builder) plainKeyValue(stmt *Stmt, stem KeyPart, val *Value) int {
	if b.flags.is(b.header, flagFrozen) {
		b.errorf(stem.Range, "%s cannot be extended: %s was defined as an inline table or array", quoteKey([]string{stem.Name}), quoteKey(b.header))
		stmt.Rejected = true
		return stmt.Range.End
	}
	t := b.headerTable
	if e := t.Get(stem.Name); e != nil {
		b.errorf(stem.Range, "duplicate key %s: it is already defined%s", quoteKey([]string{stem.Name}), b.at(e.KeyRange))
		stmt.Rejected = true
		return stmt.Range.End
	}
	t.add(&Entry{Key: stem.Name, KeyRange: stem.Range, Value: val})
	t.End = max(t.End, stmt.Range.End)
	return stmt.Range.End
}

// nestFrom creates the tables of a dotted key below t.
func (b *builder) nestFrom(t *Table, key []string, parts []KeyPart, origin Origin) (*Table, string) {
	for i, k := range key {
		e := t.Get(k)
		if e == nil {
			nt := &Table{Origin: origin}
			e = &Entry{Key: k, KeyRange: parts[i].Range, Value: &Value{Kind: KindTable, Range: parts[i].Range, Table: nt}}
			t.add(e)
		}
		v := e.Value
		if v.Kind == KindArray && v.ArrayOfTables && len(v.Items) > 0 {
			v = v.Items[len(v.Items)-1]
		}
		if v.Kind != KindTable {
			return nil, sprintf("%s is already defined as a %s%s, so it cannot hold keys", quoteKey(key[:i+1]), v.Kind, b.at(e.KeyRange))
		}
		t = v.Table
	}
	return t, ""
}

// valueStart returns the offset of the value after `key =`.
func (b *builder) valueStart(keyEnd int) int {
	i := skipSpace(b.src, keyEnd)
	if i < len(b.src) && b.src[i] == '=' {
		i++
	}
	return skipSpace(b.src, i)
}
