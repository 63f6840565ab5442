package datafile

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// maxNodes bounds the values one metadata object may hold in memory. A
// variable so that tests can lower it.
var maxNodes = 1 << 20

const (
	// maxMetadataDepth: the upload's metadata checks are recursive Python
	// functions that spend two interpreter frames per level (three on 3.11)
	// against the default limit of 1000 frames: called directly they fail
	// with an internal error past 496 levels on Python 3.12 and 3.13, past
	// 330 on 3.11 (testdata/oracle/label.py). The CLI's own frames come on
	// top, so it fails a few levels earlier: past this depth it surely does.
	maxMetadataDepth = 496
	// maxTrackedPaths and maxTrackedBytes bound the cross-row type table, so
	// that metadata with ever new keys (ids used as keys) cannot grow memory
	// with the file. Paths first seen after the table is full are not
	// tracked.
	maxTrackedPaths = 1 << 16
	maxTrackedBytes = 16 << 20
)

type nodeKind uint8

const (
	kindNull nodeKind = iota
	kindBool
	kindNumber
	kindString
	kindObject
	kindArray
)

var kindNames = [...]string{"null", "boolean", "number", "string", "object", "array"}

func (k nodeKind) String() string { return kindNames[k] }

// article returns the kind with an indefinite article, for messages.
func (k nodeKind) article() string {
	switch k {
	case kindNull:
		return "null"
	case kindBool:
		return "a boolean"
	case kindArray, kindObject:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// node is one JSON value of a metadata tree. Children are linked in source
// order; eff lists the children as Python sees them after a dict keeps the
// last value of a repeated key at the key's first position.
type node struct {
	off         int64 // stream offset of the value
	kind        nodeKind
	bigInt      bool  // an integer outside int64
	key, keyLen int32 // member name in tree.keys (object members)
	parent      int32 // -1 for the root
	first, last int32 // children, -1 when none
	next        int32 // next sibling, -1 at the end
	effStart    int32 // children after de-duplication: tree.eff[effStart:effEnd]
	effEnd      int32
}

// tree is one metadata value held in memory. Metadata objects are small
// rows of a dataset; the tree is reused from row to row.
type tree struct {
	nodes    []node
	keys     []byte
	str      []byte  // content of a string root
	stack    []int32 // open containers while building; -1 when not stored
	pendKey  int32   // name of the next member
	pendLen  int32
	depth    int // deepest nesting seen
	full     bool
	eff      []int32
	sortBuf  []int32
	nestedEm int32 // first empty nested object in traversal order, or -1
	bigInt   int32 // first out-of-range integer, or -1
}

func (t *tree) reset() {
	t.nodes, t.keys, t.str, t.stack, t.eff = t.nodes[:0], t.keys[:0], t.str[:0], t.stack[:0], t.eff[:0]
	t.pendKey, t.pendLen, t.depth, t.full = 0, 0, 0, false
	t.nestedEm, t.bigInt = -1, -1
}

func (t *tree) empty() bool { return len(t.nodes) == 0 }

func (t *tree) add(kind nodeKind, bigInt bool, off int64) int32 {
	if t.full || len(t.nodes) >= maxNodes {
		t.full = true
		return -1
	}
	idx := int32(len(t.nodes))
	n := node{off: off, kind: kind, bigInt: bigInt, parent: -1, first: -1, last: -1, next: -1}
	if len(t.stack) > 0 {
		parent := t.stack[len(t.stack)-1]
		if parent < 0 {
			t.full = true
			return -1
		}
		n.parent = parent
		pn := &t.nodes[parent]
		if pn.kind == kindObject {
			n.key, n.keyLen = t.pendKey, t.pendLen
		}
		if pn.last < 0 {
			pn.first = idx
		} else {
			t.nodes[pn.last].next = idx
		}
		pn.last = idx
	}
	t.nodes = append(t.nodes, n)
	return idx
}

func (t *tree) open(kind nodeKind, off int64) {
	t.stack = append(t.stack, t.add(kind, false, off))
	if len(t.stack) > t.depth {
		t.depth = len(t.stack)
	}
}

func (t *tree) close() { t.stack = t.stack[:len(t.stack)-1] }

func (t *tree) leaf(kind nodeKind, bigInt bool, off int64) { t.add(kind, bigInt, off) }

func (t *tree) keyOf(i int32) []byte {
	n := &t.nodes[i]
	return t.keys[n.key : n.key+n.keyLen]
}

// path spells the location of node i the way the type tracker does.
func (t *tree) path(i int32) string {
	var up []int32 // node i and its ancestors below the root
	for ; t.nodes[i].parent >= 0; i = t.nodes[i].parent {
		up = append(up, i)
	}
	b := []byte{'$'}
	for j := len(up) - 1; j >= 0; j-- {
		if t.nodes[t.nodes[up[j]].parent].kind == kindArray {
			b = append(b, "[]"...)
		} else {
			b = append(append(b, '.'), t.keyOf(up[j])...)
		}
	}
	return string(b)
}

// resolve lists the effective children of every container reachable from
// the root and notes empty nested objects and out-of-range integers on the
// way, as the upload's checks see them.
func (t *tree) resolve() {
	t.eff = t.eff[:0]
	t.nestedEm, t.bigInt = -1, -1
	if len(t.nodes) > 0 {
		t.resolveNode(0, 0)
	}
}

// resolveNode recurses at most maxDepth levels: the scanner bounds nesting.
func (t *tree) resolveNode(i int32, depth int) {
	n := &t.nodes[i]
	switch n.kind {
	case kindNumber:
		if n.bigInt && t.bigInt < 0 {
			t.bigInt = i
		}
		return
	case kindObject, kindArray:
	default:
		return
	}
	start := int32(len(t.eff))
	for c := n.first; c >= 0; c = t.nodes[c].next {
		t.eff = append(t.eff, c)
	}
	if n.kind == kindObject {
		t.dedupe(int(start))
	}
	end := int32(len(t.eff))
	n.effStart, n.effEnd = start, end
	if n.kind == kindObject && start == end && depth > 0 && t.nestedEm < 0 {
		t.nestedEm = i
	}
	for j := start; j < end; j++ {
		t.resolveNode(t.eff[j], depth+1)
	}
}

// dedupe rewrites the members in eff[start:] as a Python dict holds them:
// a repeated name keeps its first position and takes its last value.
func (t *tree) dedupe(start int) {
	m := t.eff[start:]
	if len(m) < 2 {
		return
	}
	dup := false
	if len(m) <= 8 {
		for i := 1; i < len(m) && !dup; i++ {
			for j := 0; j < i; j++ {
				if bytes.Equal(t.keyOf(m[i]), t.keyOf(m[j])) {
					dup = true
					break
				}
			}
		}
		if !dup {
			return
		}
	}
	// Sort positions by name (stable, so equal names stay in source order)
	// and collapse each run of equal names onto its first position.
	pos := t.sortBuf[:0]
	for i := range m {
		pos = append(pos, int32(i))
	}
	slices.SortStableFunc(pos, func(a, b int32) int { return bytes.Compare(t.keyOf(m[a]), t.keyOf(m[b])) })
	for i := 0; i < len(pos); {
		j := i + 1
		for j < len(pos) && bytes.Equal(t.keyOf(m[pos[i]]), t.keyOf(m[pos[j]])) {
			j++
		}
		if j-i > 1 {
			dup = true
			m[pos[i]] = m[pos[j-1]]
			for k := i + 1; k < j; k++ {
				m[pos[k]] = -1
			}
		}
		i = j
	}
	t.sortBuf = pos
	if !dup {
		return
	}
	out := m[:0]
	for _, c := range m {
		if c >= 0 {
			out = append(out, c)
		}
	}
	t.eff = t.eff[:start+len(out)]
}

// typeTracker remembers the JSON type first seen at each metadata path
// ("$", "$.key", "$.list[]") across rows. Like the upload, it builds paths by
// joining names with "." and does not escape them, and it ignores nulls.
type typeTracker struct {
	types   map[string]firstSeen
	bytes   int
	full    bool // a new path was not stored
	path    []byte
	pending []mismatch
}

type firstSeen struct {
	kind nodeKind
	line int32
}

type mismatch struct {
	path string
	prev firstSeen
	cur  nodeKind
	node int32
}

// observe records one row's metadata and returns the paths whose type
// differs from earlier rows (or earlier in the same row), in the upload's
// order. The slice is reused by the next call.
func (k *typeTracker) observe(t *tree, line int) []mismatch {
	if k.types == nil {
		k.types = make(map[string]firstSeen)
	}
	k.pending = k.pending[:0]
	k.path = append(k.path[:0], '$')
	k.collect(t, 0, int32(line))
	return k.pending
}

func (k *typeTracker) collect(t *tree, i int32, line int32) {
	n := &t.nodes[i]
	if n.kind == kindNull {
		return
	}
	prev, ok := k.types[string(k.path)]
	if !ok {
		prev = firstSeen{kind: n.kind, line: line}
		if len(k.types) < maxTrackedPaths && k.bytes+len(k.path) <= maxTrackedBytes {
			k.types[string(k.path)] = prev
			k.bytes += len(k.path)
		} else {
			k.full = true
		}
	}
	if prev.kind != n.kind {
		k.pending = append(k.pending, mismatch{path: string(k.path), prev: prev, cur: n.kind, node: i})
		return
	}
	mark := len(k.path)
	switch n.kind {
	case kindObject:
		for j := n.effStart; j < n.effEnd; j++ {
			c := t.eff[j]
			k.path = append(append(k.path[:mark], '.'), t.keyOf(c)...)
			k.collect(t, c, line)
		}
	case kindArray:
		k.path = append(k.path[:mark], "[]"...)
		for j := n.effStart; j < n.effEnd; j++ {
			k.collect(t, t.eff[j], line)
		}
	}
	k.path = k.path[:mark]
}

// metadataChecker applies the upload's metadata rules to each row's value.
type metadataChecker struct {
	v        *validator
	tracker  typeTracker
	doc      scanner // parses metadata given as a JSON string
	docTree  tree
	docSrc   source
	warnedTL bool
}

func newMetadataChecker(v *validator) *metadataChecker {
	m := &metadataChecker{v: v}
	m.doc = scanner{src: &m.docSrc, plain: &plainDoc, tree: &m.docTree}
	return m
}

// where locates a metadata value: its line, CSV row and column, and the
// offset of its line's start, from which nested values get their columns.
type where struct {
	line, row, col int
	lineStart      int64
}

// inside locates node i of a tree built from the file itself; values
// decoded from a string are located at the string.
func (w where) inside(t *tree, i int32, fromString bool) where {
	if !fromString {
		w.col = int(t.nodes[i].off-w.lineStart) + 1
	}
	return w
}

func (m *metadataChecker) problem(w where, code Code, sev lint.Severity, format string, args ...any) {
	if sev == lint.Error && !m.v.wantError() {
		m.v.countError()
		return
	}
	m.v.add(Problem{Code: code, Severity: sev, Line: w.line, Column: w.col, Row: w.row, Message: fmt.Sprintf(format, args...)})
}

// checkMissing reports a row without a metadata value.
func (m *metadataChecker) checkMissing(w where, what string) {
	m.problem(w, CodeMetadataMissing, lint.Error, "metadata is %s; in metadata mode every row needs a non-empty JSON object", what)
}

// checkTree checks a metadata value built by the row scanner.
func (m *metadataChecker) checkTree(t *tree, w where) {
	if t.full {
		m.problem(w, CodeRowTooLarge, lint.Warning, "metadata holds more than %d values; its content was not checked", maxNodes)
		return
	}
	if t.empty() {
		m.checkMissing(w, "absent from this row")
		return
	}
	switch t.nodes[0].kind {
	case kindNull:
		m.checkMissing(w, "null")
		return
	case kindString:
		m.checkString(t.str, w)
		return
	}
	m.checkValue(t, w, false)
}

// checkString checks metadata written as a JSON document inside a string
// (a CSV cell, or a JSONL string value): blank means missing, otherwise it
// must parse, as json.loads would parse it, to an object.
func (m *metadataChecker) checkString(b []byte, w where) {
	if pyBlank(b) {
		if len(b) == 0 {
			m.checkMissing(w, "an empty string")
		} else {
			m.checkMissing(w, "a blank string")
		}
		return
	}
	p := &m.doc
	p.src.reset(b)
	p.reset()
	p.metaNext = true
	ok := true
	if bytes.HasPrefix(b, bom) {
		ok = p.failAt(failBOM, 0, "it starts with a UTF-8 byte-order mark")
	} else if ok = p.value(); ok {
		if _, more := p.skipSpace(); more {
			ok = p.failAt(failSyntax, p.src.offset(), "unexpected %s after the end of the JSON value", p.found())
		}
	}
	if !ok {
		code := CodeMetadataInvalidJSON
		switch p.fail.kind {
		case failLongInt:
			code = CodeIntegerTooLong
		case failDepth:
			code = CodeNestingTooDeep
		}
		m.problem(w, code, lint.Error, "metadata string is not valid JSON: %s (at character %d of the string)", p.fail.msg, charIndex(b, p.fail.off)+1)
		return
	}
	if m.docTree.full || p.overflow {
		m.problem(w, CodeRowTooLarge, lint.Warning, "metadata holds more than %d values; its content was not checked", maxNodes)
		return
	}
	m.checkValue(&m.docTree, w, true)
}

// checkValue applies the object rules, in the upload's order: an object,
// not empty, no empty nested object, integers within int64, and one type per
// path across rows.
func (m *metadataChecker) checkValue(t *tree, w where, fromString bool) {
	root := &t.nodes[0]
	if root.kind != kindObject {
		in := ""
		if fromString {
			in = " (decoded from the string)"
		}
		m.problem(w, CodeMetadataNotObject, lint.Error, "metadata must be a JSON object, found %s%s", root.kind.article(), in)
		return
	}
	t.resolve()
	if root.effStart == root.effEnd {
		m.problem(w, CodeMetadataEmpty, lint.Error, "metadata is an empty object {}; in metadata mode every row needs at least one key")
		return
	}
	if t.depth > maxMetadataDepth {
		// The upload's next check would recurse past Python's limit.
		m.problem(w, CodeMetadataTooDeep, lint.Error, "metadata nests %d levels deep; the upload's metadata checks are recursive and fail past %d levels on Python 3.12", t.depth, maxMetadataDepth)
		return
	}
	if i := t.nestedEm; i >= 0 {
		m.problem(w.inside(t, i, fromString), CodeMetadataNestedEmpty, lint.Error, "metadata has an empty object {} at %s, which the platform cannot store; remove that key or give the object a key", displayPath(t.path(i)))
		return
	}
	if i := t.bigInt; i >= 0 {
		m.problem(w.inside(t, i, fromString), CodeMetadataIntRange, lint.Error, "metadata has an integer outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807) at %s, which the platform cannot store", displayPath(t.path(i)))
		return
	}
	at, unit, here := w.line, "line", "earlier on this line"
	if at == 0 { // a Parquet row
		at, unit, here = w.row, "row", "earlier in this row"
	}
	for _, d := range m.tracker.observe(t, at) {
		first := fmt.Sprintf("on %s %d", unit, d.prev.line)
		if d.prev.line == int32(at) {
			first = here
		}
		m.problem(w.inside(t, d.node, fromString), CodeMetadataTypeMismatch, lint.Error, "metadata value at %s is %s here but %s %s, where first seen; a path keeps one JSON type across rows (null is allowed anywhere)", displayPath(d.path), d.cur.article(), d.prev.kind.article(), first)
	}
	if m.tracker.full && !m.warnedTL {
		m.warnedTL = true
		m.problem(w, CodeTypeTrackingLimit, lint.Info, "metadata has more distinct key paths than are tracked (%d); type consistency is not checked for paths first seen from here on", maxTrackedPaths)
	}
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// charIndex converts a byte offset in b to a character index.
func charIndex(b []byte, off int64) int {
	if off > int64(len(b)) {
		off = int64(len(b))
	}
	n := 0
	for _, c := range b[:off] {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// displayPath shortens a path for a message and keeps it printable.
func displayPath(p string) string {
	const max = 120
	more := ""
	if len(p) > max {
		cut := max
		for cut > 0 && p[cut]&0xC0 == 0x80 {
			cut--
		}
		p, more = p[:cut], "..."
	}
	q := strconv.Quote(p)
	return q[1:len(q)-1] + more
}
