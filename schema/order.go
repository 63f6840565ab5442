package schema

import (
	"bytes"
	"sort"
	"strconv"
)

// keyOrders records, for every object of the schema sources, the order in
// which its keys are written, so that completion and documentation list
// fields in the order the schema declares them.
type keyOrders map[string][]string

func (s *Schema) keyOrder(ptr string, m map[string]any) []string {
	s.ordersOnce.Do(func() { s.orders = loadOrders(s.Kind) })
	if order, ok := s.orders[ptr]; ok && len(order) == len(m) {
		return order
	}
	return sortedKeys(m)
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
func scanOrders(src []byte, orders keyOrders) error {
	d := jsonDecoder{src: src, orders: orders}
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
			d.ptr = appendPtrToken(append(d.ptr, '/'), string(raw)) // no copy: the conversion does not escape
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
		err = d.skipValue()
		d.ptr = d.ptr[:base]
		if err != nil {
			return err
		}
		d.space()
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
		err := d.skipValue()
		d.ptr = d.ptr[:base]
		if err != nil {
			return err
		}
		d.space()
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
func (d *jsonDecoder) plainKey(keep bool) ([]byte, bool) {
	if keep {
		return nil, false
	}
	for i := d.pos + 1; i < len(d.src); i++ {
		switch c := d.src[i]; {
		case c == '"':
			raw := d.src[d.pos+1 : i]
			d.pos = i + 1
			return raw, true
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
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
