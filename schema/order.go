package schema

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// keyOrders records, for every object of the schema sources, the order in
// which its keys are written, so that completion and documentation list
// fields in the order the schema declares them.
type keyOrders map[string][]string

// keyOrder returns the keys of m, the object at ptr (a pointer ending in
// /properties), in the order the sources write them, or sorted when they
// do not hold it. The first pointer asked for is scanned for alone (a
// check that names a key's home section needs the top level's order
// only); the next one not known yet has every order scanned and kept.
func (s *Schema) keyOrder(ptr string, m map[string]any) []string {
	s.ordersMu.Lock()
	order, ok := s.orders[ptr]
	switch {
	case ok:
	case s.orders == nil:
		order = orderAt(s.Kind, ptr)
		s.orders = keyOrders{ptr: order}
	case !s.ordersAll:
		s.orders, s.ordersAll = allOrders(s.Kind), true
		order = s.orders[ptr]
		if order == nil {
			s.orders[ptr] = nil // not held: remembered as such
		}
	default:
		s.orders[ptr] = nil
	}
	s.ordersMu.Unlock()
	if order != nil && len(order) == len(m) {
		return order
	}
	return sortedKeys(m)
}

// allOrders scans the key order of every property list of the kind's
// sources: its own file's first, so that a pointer both files hold takes
// the kind's order.
func allOrders(k Kind) keyOrders {
	orders := keyOrders{}
	for _, name := range []string{"schemas/" + string(k) + ".json", "schemas/common.json"} {
		b, err := source(name)
		if err == nil {
			err = scanOrders(b, orders)
		}
		if err != nil {
			panic(fmt.Sprintf("schema %s: %v", k, err)) // read once already by load
		}
	}
	for ptr, order := range orders {
		if order == nil {
			orders[ptr] = []string{} // held, and empty
		}
	}
	return orders
}

// orderAt reads the key order of the object at ptr from the kind's own
// source or, when it has none there, from common.json (whose definitions
// the bundle takes only where the kind has none of its own): nil when
// neither holds an object there.
func orderAt(k Kind, ptr string) []string {
	for _, name := range []string{"schemas/" + string(k) + ".json", "schemas/common.json"} {
		b, err := source(name)
		orders := keyOrders{}
		if err == nil {
			d := jsonDecoder{src: b, orders: orders, target: ptr}
			err = d.scan()
		}
		if err != nil {
			panic(fmt.Sprintf("schema %s: %v", k, err)) // read once already by load
		}
		if order, ok := orders[ptr]; ok {
			if order == nil {
				order = []string{}
			}
			return order
		}
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// propertiesPtr ends the pointers that keyOrder is asked for.
const propertiesPtr = "/properties"

// scanOrders records into orders the key order of every object of src
// whose JSON pointer ends in /properties (the first record of a pointer
// wins), as decodeJSON records them, without building the values: a field
// list needs the orders long after validation has decoded the document,
// and a second decode costs several times more than this walk.
func scanOrders(src string, orders keyOrders) error {
	d := jsonDecoder{src: src, orders: orders}
	return d.scan()
}

// scan is scanOrders of d.src into d.orders; with d.target set, only the
// object at that pointer is recorded, and the values off the way to it are
// passed over without reading their keys.
func (d *jsonDecoder) scan() error {
	d.space()
	if err := d.skipValue(); err != nil {
		return err
	}
	d.space()
	if d.pos != len(d.src) {
		return d.errorf("data after the top-level value")
	}
	return nil
}

// skipValue passes over one value, recording the key orders of the
// objects in it.
func (d *jsonDecoder) skipValue() error {
	if d.pos >= len(d.src) {
		return d.errorf("unexpected end")
	}
	switch c := d.src[d.pos]; {
	case c == '{':
		return d.skipObject()
	case c == '[':
		return d.skipArray()
	case c == '"':
		return d.skipString()
	}
	// a number or a literal: decodeJSON checks them; the orders need only
	// their end
	start := d.pos
	for d.pos < len(d.src) {
		switch d.src[d.pos] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			if d.pos == start {
				return d.errorf("unexpected %q", d.src[d.pos])
			}
			return nil
		}
		d.pos++
	}
	return nil
}

func (d *jsonDecoder) skipObject() error {
	d.pos++ // {
	var keys []string
	base := len(d.ptr)
	keep := bytes.HasSuffix(d.ptr, []byte(propertiesPtr))
	if d.target != "" {
		keep = string(d.ptr) == d.target
	}
	d.space()
	if d.pos < len(d.src) && d.src[d.pos] == '}' {
		d.pos++
		if keep {
			d.record(keys)
		}
		return nil
	}
	for {
		d.space()
		if d.pos >= len(d.src) || d.src[d.pos] != '"' {
			return d.errorf("want a key")
		}
		var err error
		if raw, ok := d.plainKey(keep); ok {
			d.ptr = appendPtrToken(append(d.ptr, '/'), raw)
		} else {
			k, err := d.str()
			if err != nil {
				return err
			}
			d.ptr = appendPtrToken(append(d.ptr, '/'), k)
			if keep {
				keys = append(keys, k)
			}
		}
		d.space()
		if d.pos >= len(d.src) || d.src[d.pos] != ':' {
			d.ptr = d.ptr[:base]
			return d.errorf("want a colon")
		}
		d.pos++
		d.space()
		if err = d.skipMember(base); err != nil {
			return err
		}
		if d.pos >= len(d.src) {
			return d.errorf("unexpected end in an object")
		}
		switch d.src[d.pos] {
		case ',':
			d.pos++
		case '}':
			d.pos++
			if keep {
				d.record(keys)
			}
			return nil
		default:
			return d.errorf("want a comma or a closing brace")
		}
	}
}

func (d *jsonDecoder) skipArray() error {
	d.pos++ // [
	base := len(d.ptr)
	d.space()
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
		return nil
	}
	for i := 0; ; i++ {
		d.space()
		d.ptr = strconv.AppendInt(append(d.ptr, '/'), int64(i), 10)
		if err := d.skipMember(base); err != nil {
			return err
		}
		if d.pos >= len(d.src) {
			return d.errorf("unexpected end in an array")
		}
		switch d.src[d.pos] {
		case ',':
			d.pos++
		case ']':
			d.pos++
			return nil
		default:
			return d.errorf("want a comma or a closing bracket")
		}
	}
}

// plainKey reads a key without escapes (d.pos at its opening quote) and
// returns its bytes, or leaves d.pos and returns false (and so when the key
// is to be kept).
func (d *jsonDecoder) plainKey(keep bool) (string, bool) {
	if keep {
		return "", false
	}
	for i := d.pos + 1; i < len(d.src); i++ {
		switch c := d.src[i]; {
		case c == '"':
			raw := d.src[d.pos+1 : i]
			d.pos = i + 1
			return raw, true
		case c == '\\' || c < 0x20:
			return "", false
		}
	}
	return "", false
}

// skipMember passes over the value at d.ptr, a member of the object or
// array whose pointer is d.ptr[:base], then over the space after it; it
// leaves d.ptr at that pointer. A value off the way to d.target is passed
// over unread.
func (d *jsonDecoder) skipMember(base int) error {
	var err error
	if d.target != "" && !onPath(string(d.ptr), d.target) {
		err = d.skipFast()
	} else {
		err = d.skipValue()
	}
	d.ptr = d.ptr[:base]
	d.space()
	return err
}

// onPath reports whether the value at ptr is target or holds it.
func onPath(ptr, target string) bool {
	return strings.HasPrefix(target, ptr) && (len(target) == len(ptr) || target[len(ptr)] == '/')
}

// skipFast passes over one value without reading its keys: brackets are
// counted outside strings.
func (d *jsonDecoder) skipFast() error {
	if d.pos < len(d.src) && d.src[d.pos] != '{' && d.src[d.pos] != '[' {
		return d.skipValue() // a string, a number or a literal
	}
	depth := 0
	for d.pos < len(d.src) {
		switch d.src[d.pos] {
		case '"':
			if err := d.skipString(); err != nil {
				return err
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				d.pos++
				return nil
			}
		}
		d.pos++
	}
	return d.errorf("unexpected end")
}

// skipString passes over a string value; an escaped quote does not end it.
func (d *jsonDecoder) skipString() error {
	d.pos++ // "
	for d.pos < len(d.src) {
		switch d.src[d.pos] {
		case '"':
			d.pos++
			return nil
		case '\\':
			d.pos++
		}
		d.pos++
	}
	return d.errorf("unterminated string")
}
