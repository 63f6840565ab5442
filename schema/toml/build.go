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
	kids             int32 // children
	name             string
	// the children: a list, and an index beside it past flagListMax
	first, next *flagNode
	nested      nodeIndex
}

// flagListMax is how many children a node finds by walking its list; past
// it they are indexed (index.go).
const flagListMax = 8

// find returns the child k, or nil.
func (n *flagNode) find(k string) *flagNode {
	if n.nested != nil {
		return n.nested.get(k)
	}
	for c := n.first; c != nil; c = c.next {
		if c.name == k {
			return c
		}
	}
	return nil
}

// child returns the child k, created from a (or on its own when a is nil)
// if it is not there.
func (n *flagNode) child(k string, a *slab[flagNode]) *flagNode {
	if c := n.find(k); c != nil {
		return c
	}
	var c *flagNode
	if a == nil {
		c = &flagNode{}
	} else {
		c = a.one()
	}
	c.name = k
	c.next = n.first
	n.first = c
	n.kids++
	switch {
	case n.nested != nil && 2*int(n.kids) <= len(n.nested):
		n.nested.put(c)
	case n.kids > flagListMax:
		n.nested = indexNodes(n.first, int(n.kids))
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
		c := cont.find(k)
		if c == nil {
			return false
		}
		if c.recursive&flag != 0 {
			return true
		}
		cont = c
	}
	c := cont.find(key[len(key)-1])
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
		c := cont.find(k)
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
// in one walk, creating nodes from a.
func (n *flagNode) setPrefixes(a *slab[flagNode], key []string, from, to int, flag uint8) {
	cont := n
	for i, k := range key[:to] {
		cont = cont.child(k, a)
		if i+1 >= from {
			cont.flags |= flag
		}
	}
}

// set sets flag on key, creating nodes from a (a nil a allocates them one
// by one).
func (n *flagNode) set(a *slab[flagNode], key []string, flag uint8, recursive bool) {
	cont := n
	for _, k := range key {
		cont = cont.child(k, a)
	}
	if recursive {
		cont.recursive |= flag
	} else {
		cont.flags |= flag
	}
}

// clear forgets the flags of key and of every key below it, as tomllib's
// unset_all does. The node itself stays in its parent, blank: is and
// firstFlagged read a blank node with no children as no node at all.
func (n *flagNode) clear(key []string) {
	cont := n
	for _, k := range key {
		cont = cont.find(k)
		if cont == nil {
			return
		}
	}
	cont.flags, cont.recursive = 0, 0
	cont.first, cont.kids, cont.nested = nil, 0, nil
}

// pendingFlag is a flag to set, at the next header, on the prefixes of key
// from from to to parts long.
type pendingFlag struct {
	key      []string
	from, to int
	flag     uint8
}

type builder struct {
	d   *Document
	src []byte // the document's own copy being parsed (same offsets as d.Src)
	// blanked is set when src differs from d.Src (a BOM or invalid UTF-8
	// blanked out): comments then keep the bytes of d.Src
	blanked bool
	*arena
	flags   flagNode
	pending []pendingFlag

	header      []string // key of the current table header
	headerTable *Table   // table the current header opened
	lostHeader  bool     // a header line was skipped after a syntax error
	stmtEnd     int      // end of the statement being built
	depth       int
	frames      int  // tomllib calls on the way to the current value
	tooDeep     bool // the recursion limit was reported
}

func newBuilder(b *builder, d *Document, src []byte) {
	b.d, b.src, b.headerTable = d, src, d.Root
}

func (b *builder) stmt() *Stmt { return b.stmts.one() }

func (b *builder) newValue() *Value { return b.values.one() }

func (b *builder) table(origin Origin) *Table {
	t := b.tables.one()
	t.Origin = origin
	return t
}

// tableValue is a new table of origin as a value at r.
func (b *builder) tableValue(origin Origin, r Range) *Value {
	v := b.newValue()
	v.Kind, v.Range, v.Table = KindTable, r, b.table(origin)
	return v
}

func (b *builder) entry(key string, r Range, v *Value) *Entry {
	e := b.entries.one()
	e.Key, e.KeyRange, e.Value = key, r, v
	return e
}

// add appends e to t. A table's entries are a run of the document's
// pointer slab, extended in place while the table is the last one written
// (a table's keys mostly come in one block); a table written again after
// another (the root, between headers) moves to a run twice as long, so
// that moves are few.
func (b *builder) add(t *Table, e *Entry) {
	n := len(t.Entries)
	if n == cap(t.Entries) {
		s := &b.eptrs
		used := len(s.buf)
		switch {
		case used < cap(s.buf) && (n == 0 || &t.Entries[n-1] == &s.buf[used-1]):
			s.buf = append(s.buf, e)
			s.used++
			t.Entries = s.buf[used-n : used+1 : used+1]
			e = nil
		case n < 64:
			r := s.run(2 * (n + 1))
			copy(r, t.Entries)
			r[n] = e
			t.Entries = r[:n+1]
			e = nil
		}
	}
	if e != nil {
		t.Entries = append(t.Entries, e)
	}
	switch {
	case t.index.p != nil:
		t.index = t.index.add(t.Entries)
	case len(t.Entries) > tableListMax:
		hint := 0
		if t == b.headerTable {
			// a large section: room for every pair left in it at once
			hint = min(len(t.Entries)+pairsUntilHeader(b.src, b.stmtEnd), MaxItems)
		}
		t.index = indexEntries(t.Entries, hint)
	}
}

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
	text := str(b.src[r.Start:r.End])
	if b.blanked {
		text = string(b.d.Src[r.Start:r.End])
	}
	b.d.Comments = append(b.d.Comments, Comment{Range: r, Text: text})
	return r.End
}

func (b *builder) keyParts(n *unstable.Node, base int) []KeyPart {
	count := 0
	for it := n.Key(); it.Next(); {
		count++
	}
	parts := b.parts.run(count)
	i := 0
	for it := n.Key(); it.Next(); i++ {
		k := it.Node()
		r := Range{base + int(k.Raw.Offset), base + int(k.Raw.Offset+k.Raw.Length)}
		raw := b.src[r.Start:r.End]
		var name string
		switch {
		case len(raw) > 0 && (raw[0] == '"' || raw[0] == '\''):
			// decode quoted keys ourselves: TOML 1.0 escapes only
			name = b.decodeString(r)
		case string(raw) == string(k.Data):
			name = str(raw)
		default:
			name = string(k.Data)
		}
		parts[i] = KeyPart{Name: name, Range: r}
	}
	return parts
}

// names is the names of parts, as a run of the document's string slab.
func (b *builder) names(parts []KeyPart) []string {
	out := b.strs.run(len(parts))
	for i, p := range parts {
		out[i] = p.Name
	}
	return out
}

// concat is x and then y, as a run of the document's string slab.
func (b *builder) concat(x, y []string) []string {
	out := b.strs.run(len(x) + len(y))
	copy(out[copy(out, x):], y)
	return out
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
	stmt := b.stmt()
	*stmt = Stmt{
		Kind:  StmtTable,
		Range: Range{open, closeAt},
		Keys:  parts,
		Path:  b.names(parts),
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
	val := b.tableValue(OriginHeader, stmt.Range)
	val.Table.Header, val.Table.End = stmt, stmt.Range.End
	if isArray {
		val.Table.Origin = OriginArrayHeader
		e := parent.Get(stem.Name)
		switch {
		case e == nil:
			arr := b.newValue()
			arr.Kind, arr.ArrayOfTables, arr.Range = KindArray, true, stmt.Range
			arr.Items = append(b.vptrs.run(1)[:0], val)
			b.add(parent, b.entry(stem.Name, stem.Range, arr))
		case e.Value.Kind == KindArray && e.Value.ArrayOfTables:
			e.Value.Items = append(e.Value.Items, val)
		default:
			b.errorf(keyRange, "[[%s]] cannot be an array of tables: %s is already defined as a %s%s", quoteKey(key), quoteKey(key), e.Value.Kind, b.at(e.KeyRange))
			return b.reject(stmt)
		}
		b.flags.clear(key)
		b.flags.set(&b.arena.fnodes, key, flagExplicitNest, false)
	} else {
		e := parent.Get(stem.Name)
		switch {
		case e == nil:
			b.add(parent, b.entry(stem.Name, stem.Range, val))
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
		b.flags.set(&b.arena.fnodes, key, flagExplicitNest, false)
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
	b.headerTable = b.table(OriginHeader)
	b.headerTable.Header, b.headerTable.End = stmt, stmt.Range.End
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
		b.flags.setPrefixes(&b.arena.fnodes, p.key, p.from, p.to, p.flag)
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
			e = b.entry(k, parts[i].Range, b.tableValue(origin, parts[i].Range))
			b.add(t, e)
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
	stmt := b.stmt()
	*stmt = Stmt{
		Kind:      StmtKeyValue,
		Range:     Range{parts[0].Range.Start, vend},
		Keys:      parts,
		Value:     val,
		Path:      b.header,
		Table:     b.headerTable,
		Uncertain: b.lostHeader,
	}
	b.d.Stmts = append(b.d.Stmts, stmt)
	b.stmtEnd = stmt.Range.End

	if len(parts) == 1 && val.Kind != KindTable && val.Kind != KindArray {
		// the common case, a plain key and a scalar: no containers to
		// check or create, no flag to set on the key itself
		return b.plainKeyValue(stmt, parts[0], val)
	}
	abs := b.concat(b.header, b.names(parts))
	key := abs[len(b.header):]
	keyRange := stmt.KeyRange()
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
		b.flags.set(&b.arena.fnodes, abs, flagFrozen, true)
	}
	b.add(t, b.entry(stem.Name, stem.Range, val))
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
	b.add(t, b.entry(stem.Name, stem.Range, val))
	t.End = max(t.End, stmt.Range.End)
	return stmt.Range.End
}

// nestFrom creates the tables of a dotted key below t.
func (b *builder) nestFrom(t *Table, key []string, parts []KeyPart, origin Origin) (*Table, string) {
	for i, k := range key {
		e := t.Get(k)
		if e == nil {
			e = b.entry(k, parts[i].Range, b.tableValue(origin, parts[i].Range))
			b.add(t, e)
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

// pairsUntilHeader counts the lines from off to the next table header that
// hold something other than a comment: at most the pairs left in the
// section.
func pairsUntilHeader(src []byte, off int) int {
	n := 0
	for off < len(src) {
		var c byte
		c, off = lineStart(src, off)
		switch c {
		case '[':
			return n
		case 0:
			continue
		}
		n++
	}
	return n
}
