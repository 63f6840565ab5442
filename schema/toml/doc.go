// Package toml is the tolerant TOML layer of osmosis-lint.
//
// It parses a configuration file into a Document: a tree of tables and values
// where every table header, key part and value carries its byte range, the
// comments of the file, and every syntax problem found. Parsing never fails:
// after a syntax error the offending statement is skipped and the rest of the
// file is still read, so the linter and the editor features keep working on a
// half-typed file.
//
// The structure comes from go-toml's unstable parser, which reads TOML 1.1.
// The osmosis CLI reads configs with Python's tomllib (TOML 1.0), so this
// package adds what tomllib rejects and go-toml accepts (1.1-only syntax,
// duplicate keys, table redefinition, invalid dates, a BOM, invalid UTF-8)
// and decodes values the way tomllib does (unbounded integers, CRLF folded to
// LF inside strings, floats that overflow to infinity).
package toml

import (
	"math/big"
	"strconv"
)

// Range is a half-open byte range [Start, End) into the source.
type Range struct {
	Start, End int
}

// Len is the number of bytes in the range.
func (r Range) Len() int { return r.End - r.Start }

// Contains reports whether offset off lies within the range, including its end.
func (r Range) Contains(off int) bool { return off >= r.Start && off <= r.End }

// Kind is the type of a TOML value.
type Kind uint8

// Value kinds.
const (
	KindInvalid Kind = iota
	KindString
	KindInteger
	KindFloat
	KindBool
	KindOffsetDateTime
	KindLocalDateTime
	KindLocalDate
	KindLocalTime
	KindArray
	KindTable
)

var kindNames = [...]string{
	KindInvalid:        "invalid",
	KindString:         "string",
	KindInteger:        "integer",
	KindFloat:          "float",
	KindBool:           "boolean",
	KindOffsetDateTime: "offset date-time",
	KindLocalDateTime:  "local date-time",
	KindLocalDate:      "local date",
	KindLocalTime:      "local time",
	KindArray:          "array",
	KindTable:          "table",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// IsDateTime reports whether k is one of the four date and time kinds.
func (k Kind) IsDateTime() bool { return k >= KindOffsetDateTime && k <= KindLocalTime }

// Origin says how a table came to exist.
type Origin uint8

// Table origins.
const (
	// OriginRoot is the document itself.
	OriginRoot Origin = iota
	// OriginHeader is a table opened by a `[a.b]` header.
	OriginHeader
	// OriginArrayHeader is one element of an array of tables, opened by `[[a.b]]`.
	OriginArrayHeader
	// OriginInline is an inline table `{ ... }`.
	OriginInline
	// OriginDotted is a table created by a dotted key `a.b = 1`.
	OriginDotted
	// OriginImplicit is a super-table created by a deeper header (`[a.b]` creates `a`).
	OriginImplicit
)

// Value is one TOML value with its position.
type Value struct {
	Kind Kind
	Bool bool // Bool

	// Overflow is set on integers beyond 64 bits and on float literals that
	// are finite in the text but round to infinity (`1e400`).
	Overflow bool

	// ArrayOfTables marks an array built by [[header]] statements.
	ArrayOfTables bool

	// Range covers the value's text: a scalar token, `[ ... ]`, `{ ... }`.
	// For tables opened by headers it is the header line's `[...]`; for tables
	// created by dotted keys or deeper headers it is the key part that created
	// them.
	Range Range

	Str   string   // String: the decoded text; date and time kinds: the raw text
	Int   int64    // Integer within 64 bits
	Big   *big.Int // Integer beyond 64 bits (Int is then 0)
	Float float64  // Float

	Items []*Value // Array elements; for arrays of tables, one Table per [[header]]
	Table *Table   // Table contents
}

// IsNumber reports whether the value is an integer or a float.
func (v *Value) IsNumber() bool { return v != nil && (v.Kind == KindInteger || v.Kind == KindFloat) }

// Number returns the value as a float64 and whether it is a number.
func (v *Value) Number() (float64, bool) {
	switch {
	case v == nil:
		return 0, false
	case v.Kind == KindFloat:
		return v.Float, true
	case v.Kind == KindInteger && v.Big != nil:
		f, _ := new(big.Float).SetInt(v.Big).Float64()
		return f, true
	case v.Kind == KindInteger:
		return float64(v.Int), true
	}
	return 0, false
}

// Table is a TOML table: entries in the order they were defined.
type Table struct {
	Origin  Origin
	Entries []*Entry
	index   entryIndex // past tableListMax entries
	// End is the end offset of the last statement that wrote into the table
	// (used for folding ranges and for inserting keys).
	End int
	// Header is the statement that opened the table, if any.
	Header *Stmt
}

// Entry is one key of a table and its value.
type Entry struct {
	Key string
	// KeyRange is the range of the key part that defined this entry. For a
	// key defined by a dotted key `a.b.c = 1`, the entry `b` of table `a` has
	// the range of `b`.
	KeyRange Range
	Value    *Value
}

// tableListMax is how many entries a table finds by walking them; past it
// they are indexed (index.go).
const tableListMax = 8

// Get returns the entry for key, or nil.
func (t *Table) Get(key string) *Entry {
	if t == nil {
		return nil
	}
	if t.index.p != nil {
		if i := t.index.get(t.Entries, key); i >= 0 {
			return t.Entries[i]
		}
		return nil
	}
	for _, e := range t.Entries {
		if e.Key == key {
			return e
		}
	}
	return nil
}

// Value returns the value for key, or nil.
func (t *Table) Value(key string) *Value {
	if e := t.Get(key); e != nil {
		return e.Value
	}
	return nil
}

// StmtKind is the kind of a top-level statement.
type StmtKind uint8

// Statement kinds.
const (
	StmtKeyValue StmtKind = iota + 1
	StmtTable
	StmtArrayTable
)

// KeyPart is one part of a (possibly dotted) key, decoded, with its range
// (quotes included).
type KeyPart struct {
	Name  string
	Range Range
}

// Stmt is one top-level statement of the file: a table header or a key/value
// pair (key/value pairs inside inline tables are reached through the value).
type Stmt struct {
	Kind StmtKind
	// Uncertain marks pairs that follow a header the parser had to skip: the
	// table they belong to is not known for sure.
	Uncertain bool
	// Rejected marks statements tomllib would reject (duplicate key,
	// redefinition): they are reported and not applied to the tree.
	Rejected bool
	// Range covers the statement: `[a.b]` for headers, `key = value` for pairs.
	Range Range
	Keys  []KeyPart
	// Value is the value of a key/value pair.
	Value *Value
	// Table is the table a header opened (nil if the header was rejected).
	Table *Table
	// Path is the table the statement belongs to, as names (array indexes are
	// not included): for a header its own key, for a pair the current header.
	Path []string
}

// KeyRange is the range of the whole (dotted) key of the statement.
func (s *Stmt) KeyRange() Range {
	if len(s.Keys) == 0 {
		return s.Range
	}
	return Range{s.Keys[0].Range.Start, s.Keys[len(s.Keys)-1].Range.End}
}

// Comment is one `# ...` comment.
type Comment struct {
	Range Range
	Text  string // including the leading '#'
}

// SyntaxError is one problem that makes the file invalid TOML 1.0.
type SyntaxError struct {
	Range   Range
	Message string
}

// Document is a parsed TOML file.
type Document struct {
	Src      []byte
	Root     *Table
	Stmts    []*Stmt
	Comments []Comment
	Errors   []SyntaxError
	Lines    *LineIndex
	// MaxFrames is the deepest nesting of values, counted in the calls
	// Python's tomllib makes to read them.
	MaxFrames int

	arena *arena // the nodes' memory, until Release
}

// Text returns the source text of r.
func (d *Document) Text(r Range) string {
	if r.Start < 0 || r.End > len(d.Src) || r.Start > r.End {
		return ""
	}
	return string(d.Src[r.Start:r.End])
}

// Lookup finds the entry and value at a path of keys and list indexes
// ("agents", "0", "model"). The root path returns the root table as a value
// and a nil entry. It returns nils where the path does not exist.
func (t *Table) Lookup(path ...string) (*Entry, *Value) {
	if len(path) == 0 {
		return nil, &Value{Kind: KindTable, Table: t}
	}
	var entry *Entry
	var val *Value
	cur := t
	for _, p := range path {
		if val != nil && val.Kind == KindArray {
			n, ok := atoi(p)
			if !ok || n >= len(val.Items) {
				return nil, nil
			}
			val = val.Items[n]
			cur = val.Table
			continue
		}
		if cur == nil {
			return nil, nil
		}
		entry = cur.Get(p)
		if entry == nil {
			return nil, nil
		}
		val = entry.Value
		cur = val.Table
	}
	return entry, val
}

func atoi(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
