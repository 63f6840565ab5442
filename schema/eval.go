package schema

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// The embedded schemas are validated by a small evaluator of the JSON Schema
// keywords they use, working on the TOML tree directly. It follows the
// semantics of santhosh-tekuri/jsonschema/v6 (the reference the tests
// compare it with, see oracle_test.go) but costs no start-up time (that
// library compiles every draft's metaschema when the process starts), no
// conversion of the document to JSON values, and work linear in the
// document (no location copies per level, uniqueItems by hashing).

// node is one compiled schema object: the keywords validation reads, and
// the raw object, whose annotations (x-osmosis-rule) name the rule of its
// failures.
type node struct {
	raw    map[string]any
	always bool // the schema `true`
	never  bool // the schema `false`

	ref   *node
	types []string

	constVal any
	hasConst bool
	enum     []any
	hasEnum  bool

	required      []string
	props         propTable
	additional    *node // the schema of undeclared keys
	noAdditional  bool  // additionalProperties: false
	propertyNames *node

	items              *node
	minItems, maxItems int // -1: none
	uniqueItems        bool

	minLength, maxLength int // -1: none
	pattern              *pattern

	minimum, maximum, exclusiveMinimum, exclusiveMaximum *float64

	not                 *node
	allOf               []*node
	ifNode, then, elseN *node
}

// typeLists are the one-name type lists of the JSON types, shared by the
// nodes that name one (a node's list is read, never changed).
var typeLists = [...][]string{{"object"}, {"array"}, {"string"}, {"number"}, {"integer"}, {"boolean"}, {"null"}}

// typeList returns the list of the one type t.
func typeList(t string) []string {
	for _, l := range typeLists {
		if l[0] == t {
			return l
		}
	}
	return []string{t}
}

// isAnnotation reports whether a keyword takes no part in validation.
func isAnnotation(key string) bool {
	switch key {
	case "$schema", "$id", "$defs", "$comment", "definitions",
		"title", "description", "default", "examples",
		"deprecated", "readOnly", "writeOnly":
		return true
	}
	return strings.HasPrefix(key, "x-osmosis-")
}

// compiler builds the nodes of one bundled schema document. It walks the
// document's values, each compiled once (a $ref shares the node of the
// object it names); ptr is the JSON pointer of the value being compiled,
// kept as bytes and made a string only for an error's message.
type compiler struct {
	doc   map[string]any
	nodes map[unsafe.Pointer]*node // by the identity of the object's map
	ptr   []byte
	slab  []node // where the next nodes are made: one allocation for many
	// the lists of the nodes, made likewise
	names slab[string]
	lists slab[*node]
	slots slab[uint8]
}

func compile(doc map[string]any) (*node, error) {
	c := &compiler{doc: doc, nodes: make(map[unsafe.Pointer]*node, 256)}
	return c.node(doc)
}

// node compiles v, the value at c.ptr, once.
func (c *compiler) node(v any) (*node, error) {
	m, isObject := v.(map[string]any)
	var id unsafe.Pointer
	if isObject {
		id = reflect.ValueOf(m).UnsafePointer()
		if n, ok := c.nodes[id]; ok {
			return n, nil
		}
	}
	if len(c.slab) == cap(c.slab) {
		c.slab = make([]node, 0, 64)
	}
	c.slab = append(c.slab, node{minItems: -1, maxItems: -1, minLength: -1, maxLength: -1})
	n := &c.slab[len(c.slab)-1]
	if isObject {
		c.nodes[id] = n // before the children: a schema may refer to itself
	}
	return n, c.fill(n, v)
}

// member compiles v, the member tok of the value at c.ptr.
func (c *compiler) member(v any, tok string) (*node, error) {
	base := len(c.ptr)
	c.ptr = appendPtrToken(append(c.ptr, '/'), tok)
	n, err := c.node(v)
	c.ptr = c.ptr[:base]
	return n, err
}

// ref compiles the object at a JSON pointer of the document.
func (c *compiler) ref(ptr string) (*node, error) {
	v, err := resolvePointer(c.doc, ptr)
	if err != nil {
		return nil, err
	}
	here := c.ptr
	c.ptr = append([]byte(nil), ptr...)
	n, err := c.node(v)
	c.ptr = here
	return n, err
}

func (c *compiler) fill(n *node, v any) error {
	switch x := v.(type) {
	case bool:
		n.always, n.never = x, !x
		return nil
	case map[string]any:
		n.raw = x
	default:
		return fmt.Errorf("schema at %q is a %T, not an object", c.ptr, v)
	}
	var err error
	for key, val := range n.raw {
		if isAnnotation(key) {
			continue
		}
		switch key {
		case "$ref":
			ref, _ := val.(string)
			if !strings.HasPrefix(ref, "#") {
				return fmt.Errorf("schema at %q: only local references are supported, found %q", c.ptr, ref)
			}
			n.ref, err = c.ref(strings.TrimPrefix(ref, "#"))
		case "type":
			t, ok := val.(string)
			if !ok {
				return fmt.Errorf("schema at %q: type must be one name", c.ptr)
			}
			n.types = typeList(t)
		case "const":
			n.constVal, n.hasConst = val, true
		case "enum":
			n.enum, n.hasEnum = val.([]any)
		case "required":
			list, _ := val.([]any)
			n.required = c.names.take(len(list))
			for i, r := range list {
				name, ok := r.(string)
				if !ok {
					return fmt.Errorf("schema at %q: a required name is a %T", c.ptr, r)
				}
				n.required[i] = name
			}
		case "properties":
			n.props, err = c.properties(val)
		case "additionalProperties":
			if b, ok := val.(bool); ok && !b {
				n.noAdditional = true
			} else {
				n.additional, err = c.member(val, key)
			}
		case "propertyNames":
			n.propertyNames, err = c.member(val, key)
		case "items":
			n.items, err = c.member(val, key)
		case "minItems":
			n.minItems, err = intKeyword(val)
		case "maxItems":
			n.maxItems, err = intKeyword(val)
		case "uniqueItems":
			n.uniqueItems, _ = val.(bool)
		case "minLength":
			n.minLength, err = intKeyword(val)
		case "maxLength":
			n.maxLength, err = intKeyword(val)
		case "pattern":
			n.pattern, err = newPattern(val)
		case "minimum":
			n.minimum, err = numKeyword(val)
		case "maximum":
			n.maximum, err = numKeyword(val)
		case "exclusiveMinimum":
			n.exclusiveMinimum, err = numKeyword(val)
		case "exclusiveMaximum":
			n.exclusiveMaximum, err = numKeyword(val)
		case "not":
			n.not, err = c.member(val, key)
		case "allOf":
			n.allOf, err = c.allOf(val)
		case "if":
			n.ifNode, err = c.member(val, key)
		case "then":
			n.then, err = c.member(val, key)
		case "else":
			n.elseN, err = c.member(val, key)
		default:
			return fmt.Errorf("schema at %q: keyword %q is not supported by the evaluator", c.ptr, key)
		}
		if err != nil {
			return fmt.Errorf("schema at %q, %s: %w", c.ptr, key, err)
		}
	}
	return nil
}

// properties compiles the declared properties of the object at c.ptr.
func (c *compiler) properties(v any) (propTable, error) {
	props, ok := v.(map[string]any)
	if !ok {
		return propTable{}, fmt.Errorf("properties is a %T, not an object", v)
	}
	base := len(c.ptr)
	c.ptr = append(c.ptr, propertiesPtr...)
	defer func() { c.ptr = c.ptr[:base] }()
	names := c.names.take(len(props))[:0]
	for name := range props {
		names = append(names, name)
	}
	slices.Sort(names)
	nodes := c.lists.take(len(names))
	for i, name := range names {
		var err error
		if nodes[i], err = c.member(props[name], name); err != nil {
			return propTable{}, err
		}
	}
	return newPropTableOf(names, nodes, &c.slots), nil
}

// allOf compiles the members of an allOf list of the object at c.ptr.
func (c *compiler) allOf(v any) ([]*node, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("allOf is a %T, not a list", v)
	}
	base := len(c.ptr)
	c.ptr = append(c.ptr, "/allOf"...)
	defer func() { c.ptr = c.ptr[:base] }()
	out := c.lists.take(len(list))
	for i, m := range list {
		var err error
		if out[i], err = c.member(m, strconv.Itoa(i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func intKeyword(v any) (int, error) {
	f, ok := toFloat(v)
	if !ok || f < 0 || f != math.Trunc(f) {
		return 0, fmt.Errorf("%v is not a count", v)
	}
	return int(f), nil
}

func numKeyword(v any) (*float64, error) {
	f, ok := toFloat(v)
	if !ok {
		return nil, fmt.Errorf("%v is not a number", v)
	}
	return &f, nil
}

// failKind is the keyword a value fails.
type failKind uint8

const (
	failInvalid          failKind = iota + 1 // the value has no JSON type (a date, nan, inf)
	failType                                 // want: the allowed types
	failConst                                // not the constant
	failEnum                                 // not one of the values
	failRequired                             // names: the missing keys
	failAdditional                           // names: the keys not allowed
	failPropertyName                         // names: the key; rules: the rules its failures name
	failMinItems                             // bound: the minimum count
	failMaxItems                             // bound: the maximum count
	failUnique                               // two items are equal
	failMinLength                            // too short
	failMaxLength                            // too long
	failPattern                              // the pattern does not match
	failMinimum                              // below the minimum
	failMaximum                              // above the maximum
	failExclusiveMinimum                     // not above the exclusive minimum
	failExclusiveMaximum                     // not below the exclusive maximum
	failNot                                  // the value matches a `not` schema
	failFalse                                // the schema `false`
)

// failure is one keyword a value fails, at an instance location.
type failure struct {
	kind  failKind
	raw   map[string]any // the schema object holding the keyword
	loc   []string
	names []string
	// entries: the entries of names (failAdditional), whose keys are
	// shown without a lookup of each name
	entries []*toml.Entry
	want    []string
	rules   []string
	bound   int
}

// evaluator checks one document. path is the location being checked, a
// stack shared by the whole walk and copied only into failures.
type evaluator struct {
	path []string
	// sink receives failures; nil while only validity is wanted (if, not).
	sink *[]failure

	// what a pooled evaluator keeps between documents, so that a valid
	// document costs no allocation: the failures, the document's root as
	// a value, a key as a value (propertyNames), and an evaluator for the
	// failures of a key
	fails []failure
	root  toml.Value
	name  toml.Value
	sub   *evaluator
}

var evaluators = sync.Pool{New: func() any { return new(evaluator) }}

// getEvaluator takes an evaluator from the pool, its failures going to its
// own list.
func getEvaluator() *evaluator {
	ev := evaluators.Get().(*evaluator)
	ev.sink = &ev.fails
	return ev
}

// putEvaluator returns ev to the pool without what it referred to; lists
// grown by a large document are let go.
func putEvaluator(ev *evaluator) {
	const keep = 256
	clear(ev.fails)
	clear(ev.path[:cap(ev.path)])
	ev.fails, ev.path = ev.fails[:0], ev.path[:0]
	if cap(ev.fails) > keep {
		ev.fails = nil
	}
	if cap(ev.path) > keep {
		ev.path = nil
	}
	ev.root, ev.name, ev.sink = toml.Value{}, toml.Value{}, nil
	if ev.sub != nil {
		putEvaluator(ev.sub)
		ev.sub = nil
	}
	evaluators.Put(ev)
}

func (ev *evaluator) fail(f failure) {
	if ev.sink != nil {
		f.loc = clone(ev.path)
		*ev.sink = append(*ev.sink, f)
	}
}

// quiet evaluates v against n for its validity alone.
func (ev *evaluator) quiet(n *node, v *toml.Value) bool {
	sink := ev.sink
	ev.sink = nil
	ok := ev.eval(n, v)
	ev.sink = sink
	return ok
}

// jsonType names the JSON type of a TOML value, or "" for the values JSON
// has no type for.
func jsonType(v *toml.Value) string {
	switch v.Kind {
	case toml.KindString:
		return "string"
	case toml.KindBool:
		return "boolean"
	case toml.KindInteger:
		return "number"
	case toml.KindFloat:
		if math.IsNaN(v.Float) || math.IsInf(v.Float, 0) {
			return ""
		}
		return "number"
	case toml.KindArray:
		return "array"
	case toml.KindTable:
		return "object"
	}
	return ""
}

// eval checks v against n, in the order of the reference validator: the
// value's type, type, const, enum, $ref, the keywords of the value's type,
// then not, allOf and if/then/else. It reports whether v is valid.
func (ev *evaluator) eval(n *node, v *toml.Value) bool {
	if n.always {
		return true
	}
	if n.never {
		ev.fail(failure{kind: failFalse})
		return false
	}
	t := jsonType(v)
	if t == "" {
		ev.fail(failure{kind: failInvalid, raw: n.raw})
		return false
	}
	if len(n.types) > 0 && !hasType(n.types, t, v) {
		ev.fail(failure{kind: failType, raw: n.raw, want: n.types})
		return false
	}
	if n.hasConst && !equal(v, n.constVal) {
		ev.fail(failure{kind: failConst, raw: n.raw})
		return false
	}
	if n.hasEnum {
		found := false
		for _, e := range n.enum {
			if equal(v, e) {
				found = true
				break
			}
		}
		if !found {
			ev.fail(failure{kind: failEnum, raw: n.raw})
			return false
		}
	}
	ok := true
	if n.ref != nil && !ev.eval(n.ref, v) {
		ok = false
		if ev.sink == nil {
			return false
		}
	}
	switch v.Kind {
	case toml.KindTable:
		ok = ev.object(n, v.Table) && ok
	case toml.KindArray:
		ok = ev.array(n, v) && ok
	case toml.KindString:
		ok = ev.str(n, v.Str) && ok
	case toml.KindInteger, toml.KindFloat:
		ok = ev.number(n, v) && ok
	}
	if !ok && ev.sink == nil {
		return false
	}
	if n.not != nil && ev.quiet(n.not, v) {
		ev.fail(failure{kind: failNot, raw: n.raw})
		ok = false
	}
	for _, s := range n.allOf {
		if !ev.eval(s, v) {
			ok = false
			if ev.sink == nil {
				return false
			}
		}
	}
	if n.ifNode != nil {
		if ev.quiet(n.ifNode, v) {
			if n.then != nil && !ev.eval(n.then, v) {
				ok = false
			}
		} else if n.elseN != nil && !ev.eval(n.elseN, v) {
			ok = false
		}
	}
	return ok
}

func hasType(types []string, t string, v *toml.Value) bool {
	for _, want := range types {
		if want == t {
			return true
		}
		// an integral float is an integer to JSON Schema (2.0 is 2)
		if want == "integer" && t == "number" && isIntegral(v) {
			return true
		}
	}
	return false
}

func isIntegral(v *toml.Value) bool {
	if v.Kind == toml.KindInteger {
		return true
	}
	return v.Kind == toml.KindFloat && v.Float == math.Trunc(v.Float)
}

func (ev *evaluator) object(n *node, t *toml.Table) bool {
	ok := true
	if len(n.required) > 0 {
		var missing []string
		for _, r := range n.required {
			if t.Get(r) == nil {
				missing = append(missing, r)
			}
		}
		if missing != nil {
			ok = false
			ev.fail(failure{kind: failRequired, raw: n.raw, names: missing})
			if ev.sink == nil {
				return false
			}
		}
	}
	var extra []string
	var extraAt []*toml.Entry
	for i, e := range t.Entries {
		var s *node
		if p, declared := n.props.get(e.Key); declared {
			s = p
		} else if n.noAdditional {
			if ev.sink == nil {
				return false
			}
			if extra == nil && len(t.Entries)-i > 64 {
				// a large table: room for every key left, not a list
				// grown (and copied) a doubling at a time
				extra, extraAt = make([]string, 0, len(t.Entries)-i), make([]*toml.Entry, 0, len(t.Entries)-i)
			}
			extra, extraAt = append(extra, e.Key), append(extraAt, e)
			continue
		} else {
			s = n.additional
		}
		if s == nil {
			continue
		}
		ev.path = append(ev.path, e.Key)
		valid := ev.eval(s, e.Value)
		ev.path = ev.path[:len(ev.path)-1]
		if !valid {
			ok = false
			if ev.sink == nil {
				return false
			}
		}
	}
	if len(extra) > 0 {
		ok = false
		ev.fail(failure{kind: failAdditional, raw: n.raw, names: extra, entries: extraAt})
	}
	if n.propertyNames != nil {
		// the names are strings: their evaluation enters no object, so one
		// value and one evaluator for them serve every object
		name := &ev.name
		*name = toml.Value{Kind: toml.KindString}
		for _, e := range t.Entries {
			name.Str = e.Key
			if ev.sink == nil {
				if !ev.quiet(n.propertyNames, name) {
					return false
				}
				continue
			}
			// the failures of the name are collected apart: they name
			// rules, not places
			if ev.sub == nil {
				ev.sub = getEvaluator()
			}
			sub := ev.sub
			clear(sub.fails)
			sub.fails, sub.path = sub.fails[:0], sub.path[:0]
			if sub.eval(n.propertyNames, name) {
				continue
			}
			ok = false
			var rules []string
			for _, f := range sub.fails {
				if r, _ := f.raw["x-osmosis-rule"].(string); r != "" {
					rules = append(rules, r)
				}
			}
			ev.fail(failure{kind: failPropertyName, raw: n.propertyNames.raw, names: []string{e.Key}, rules: rules})
		}
	}
	return ok
}

func (ev *evaluator) array(n *node, v *toml.Value) bool {
	ok := true
	if n.minItems >= 0 && len(v.Items) < n.minItems {
		ok = false
		ev.fail(failure{kind: failMinItems, raw: n.raw, bound: n.minItems})
	}
	if n.maxItems >= 0 && len(v.Items) > n.maxItems {
		ok = false
		ev.fail(failure{kind: failMaxItems, raw: n.raw, bound: n.maxItems})
	}
	if !ok && ev.sink == nil {
		return false
	}
	if n.uniqueItems && len(v.Items) > 1 && hasDuplicate(v.Items) {
		ok = false
		ev.fail(failure{kind: failUnique, raw: n.raw})
	}
	if n.items != nil {
		for i, it := range v.Items {
			ev.path = append(ev.path, strconv.Itoa(i))
			valid := ev.eval(n.items, it)
			ev.path = ev.path[:len(ev.path)-1]
			if !valid {
				ok = false
				if ev.sink == nil {
					return false
				}
			}
		}
	}
	return ok
}

func (ev *evaluator) str(n *node, s string) bool {
	ok := true
	if n.minLength >= 0 || n.maxLength >= 0 {
		l := utf8.RuneCountInString(s)
		if n.minLength >= 0 && l < n.minLength {
			ok = false
			ev.fail(failure{kind: failMinLength, raw: n.raw})
		}
		if n.maxLength >= 0 && l > n.maxLength {
			ok = false
			ev.fail(failure{kind: failMaxLength, raw: n.raw})
		}
	}
	if n.pattern != nil && !n.pattern.match(s) {
		ok = false
		ev.fail(failure{kind: failPattern, raw: n.raw})
	}
	return ok
}

func (ev *evaluator) number(n *node, v *toml.Value) bool {
	ok := true
	check := func(bound *float64, k failKind, bad func(c int) bool) {
		if bound != nil && bad(compareNumber(v, *bound)) {
			ok = false
			ev.fail(failure{kind: k, raw: n.raw})
		}
	}
	check(n.minimum, failMinimum, func(c int) bool { return c < 0 })
	check(n.maximum, failMaximum, func(c int) bool { return c > 0 })
	check(n.exclusiveMinimum, failExclusiveMinimum, func(c int) bool { return c <= 0 })
	check(n.exclusiveMaximum, failExclusiveMaximum, func(c int) bool { return c >= 0 })
	return ok
}

// compareNumber compares a finite number with a bound: -1, 0 or +1.
func compareNumber(v *toml.Value, bound float64) int {
	switch {
	case v.Kind == toml.KindInteger && v.Big != nil:
		return new(big.Rat).SetInt(v.Big).Cmp(new(big.Rat).SetFloat64(bound))
	case v.Kind == toml.KindInteger && (v.Int > 1<<53 || v.Int < -(1<<53)):
		// beyond 2^53 the conversion to float64 rounds: compare exactly
		return new(big.Rat).SetInt64(v.Int).Cmp(new(big.Rat).SetFloat64(bound))
	case v.Kind == toml.KindInteger:
		return cmpFloat(float64(v.Int), bound)
	}
	return cmpFloat(v.Float, bound)
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// equal is JSON equality of a TOML value and a schema value (const, enum).
func equal(v *toml.Value, x any) bool {
	switch x := x.(type) {
	case string:
		return v.Kind == toml.KindString && v.Str == x
	case bool:
		return v.Kind == toml.KindBool && v.Bool == x
	case json.Number:
		f, err := x.Float64()
		return err == nil && jsonType(v) == "number" && compareNumber(v, f) == 0
	case float64:
		return jsonType(v) == "number" && compareNumber(v, x) == 0
	case []any:
		if v.Kind != toml.KindArray || len(v.Items) != len(x) {
			return false
		}
		for i := range x {
			if !equal(v.Items[i], x[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		if v.Kind != toml.KindTable || len(v.Table.Entries) != len(x) {
			return false
		}
		for _, e := range v.Table.Entries {
			if xv, ok := x[e.Key]; !ok || !equal(e.Value, xv) {
				return false
			}
		}
		return true
	}
	return false
}

// hasDuplicate reports whether two items of a list are equal as JSON values
// (1 and 1.0 are), by hashing their canonical form: linear, where comparing
// every pair is quadratic.
func hasDuplicate(items []*toml.Value) bool {
	seen := make(map[string]struct{}, len(items))
	var b strings.Builder
	for _, it := range items {
		b.Reset()
		if !canonical(&b, it) {
			// a value JSON has no type for: the reference validator stops
			// at it, reporting an invalid value, not a duplicate
			return false
		}
		k := b.String()
		if _, dup := seen[k]; dup {
			return true
		}
		seen[k] = struct{}{}
	}
	return false
}

// canonical writes a form of v that is the same exactly for JSON-equal
// values; false for values JSON has no type for.
func canonical(b *strings.Builder, v *toml.Value) bool {
	switch jsonType(v) {
	case "string":
		b.WriteByte('s')
		b.WriteString(strconv.Quote(v.Str))
	case "boolean":
		b.WriteString(strconv.FormatBool(v.Bool))
	case "number":
		b.WriteByte('n')
		// the exact rational value, as the reference reads numbers: 2.0
		// and 2 are one number, and so are 1e20 and 100000000000000000000
		switch {
		case v.Kind == toml.KindInteger && v.Big != nil:
			b.WriteString(v.Big.String())
		case v.Kind == toml.KindInteger:
			b.WriteString(strconv.FormatInt(v.Int, 10))
		default:
			r, _ := new(big.Rat).SetString(strconv.FormatFloat(v.Float, 'g', -1, 64))
			b.WriteString(r.RatString())
		}
	case "array":
		b.WriteByte('[')
		for _, it := range v.Items {
			if !canonical(b, it) {
				return false
			}
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case "object":
		keys := make([]string, 0, len(v.Table.Entries))
		for _, e := range v.Table.Entries {
			keys = append(keys, e.Key)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for _, k := range keys {
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			if !canonical(b, v.Table.Value(k)) {
				return false
			}
			b.WriteByte(',')
		}
		b.WriteByte('}')
	default:
		return false
	}
	return true
}
