package schema

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeJSON reads one embedded schema document into the values
// encoding/json gives with UseNumber (map[string]any, []any, string,
// json.Number, bool, nil) and records, into orders, the key order of every
// object by JSON pointer (the first record of a pointer wins). It is one
// pass over the bytes: the schemas are read when a process first checks a
// config of their kind, and encoding/json's decoder and tokenizer cost
// several times more. The embedded files are the only input; a test holds
// the result equal to encoding/json's for each of them.
//
// The strings it returns are parts of src, not copies (src is an embedded
// file's text, which lives as long as the process), and each object's map
// and each array's slice are made once at their final size, their members
// gathered on one stack that the whole document shares.
func decodeJSON(src string, orders keyOrders) (map[string]any, error) {
	d := jsonDecoder{src: src, orders: orders}
	return d.document()
}

// document reads d.src, one object.
func (d *jsonDecoder) document() (map[string]any, error) {
	d.space()
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	d.space()
	if d.pos != len(d.src) {
		return nil, d.errorf("data after the top-level value")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("schema document is a %T, not an object", v)
	}
	return m, nil
}

type jsonDecoder struct {
	src    string
	pos    int
	ptr    []byte // the JSON pointer of the value being read
	orders keyOrders
	target string // scanning for the key order at this pointer alone (see scan)
	// members holds the members of the objects and the items of the
	// arrays being read, innermost last
	members []member
	// lists holds the items of the document's arrays
	lists slab[any]
	// localRefs, when set, names a file whose references become local:
	// a $ref to "common.json#/x" is read as "#/x" (see bundle)
	localRefs string
}

type member struct {
	key string
	val any
}

func (d *jsonDecoder) errorf(format string, args ...any) error {
	return fmt.Errorf("json offset %d: %s", d.pos, fmt.Sprintf(format, args...))
}

func (d *jsonDecoder) space() {
	i := d.pos // a local index: the loop keeps it in a register
	for i < len(d.src) {
		switch d.src[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	d.pos = i
}

func (d *jsonDecoder) value() (any, error) {
	if d.pos >= len(d.src) {
		return nil, d.errorf("unexpected end")
	}
	switch c := d.src[d.pos]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		return d.str()
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	for _, lit := range [...]struct {
		word string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if strings.HasPrefix(d.src[d.pos:], lit.word) {
			d.pos += len(lit.word)
			return lit.v, nil
		}
	}
	return nil, d.errorf("unexpected %q", d.src[d.pos])
}

func (d *jsonDecoder) object() (any, error) {
	d.pos++ // {
	var keys []string
	base, first := len(d.ptr), len(d.members)
	d.space()
	if d.pos < len(d.src) && d.src[d.pos] == '}' {
		d.pos++
		d.record(keys)
		return map[string]any{}, nil
	}
	for {
		d.space()
		if d.pos >= len(d.src) || d.src[d.pos] != '"' {
			return nil, d.errorf("want a key")
		}
		k, err := d.str()
		if err != nil {
			return nil, err
		}
		d.space()
		if d.pos >= len(d.src) || d.src[d.pos] != ':' {
			return nil, d.errorf("want a colon")
		}
		d.pos++
		d.space()
		if d.orders != nil {
			d.ptr = appendPtrToken(append(d.ptr, '/'), k)
		}
		var v any
		if k == "$ref" && d.localRefs != "" && d.pos < len(d.src) && d.src[d.pos] == '"' {
			v, err = d.ref()
		} else {
			v, err = d.value()
		}
		d.ptr = d.ptr[:base]
		if err != nil {
			return nil, err
		}
		d.members = append(d.members, member{k, v})
		if d.orders != nil { // only the order is kept
			keys = append(keys, k)
		}
		d.space()
		if d.pos >= len(d.src) {
			return nil, d.errorf("unexpected end in an object")
		}
		switch d.src[d.pos] {
		case ',':
			d.pos++
		case '}':
			d.pos++
			d.record(keys)
			m := make(map[string]any, len(d.members)-first)
			for _, e := range d.members[first:] {
				m[e.key] = e.val // a repeated key: the last wins, as encoding/json's
			}
			d.pop(first)
			return m, nil
		default:
			return nil, d.errorf("want a comma or a closing brace")
		}
	}
}

// pop drops the members from first on, letting go of what they refer to.
func (d *jsonDecoder) pop(first int) {
	clear(d.members[first:])
	d.members = d.members[:first]
}

func (d *jsonDecoder) record(keys []string) {
	if d.orders == nil {
		return
	}
	if _, seen := d.orders[string(d.ptr)]; !seen {
		d.orders[string(d.ptr)] = keys
	}
}

func (d *jsonDecoder) array() (any, error) {
	d.pos++ // [
	base, first := len(d.ptr), len(d.members)
	d.space()
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
		return []any{}, nil
	}
	for i := 0; ; i++ {
		d.space()
		if d.orders != nil {
			d.ptr = strconv.AppendInt(append(d.ptr, '/'), int64(i), 10)
		}
		v, err := d.value()
		d.ptr = d.ptr[:base]
		if err != nil {
			return nil, err
		}
		d.members = append(d.members, member{val: v})
		d.space()
		if d.pos >= len(d.src) {
			return nil, d.errorf("unexpected end in an array")
		}
		switch d.src[d.pos] {
		case ',':
			d.pos++
		case ']':
			d.pos++
			out := d.lists.take(len(d.members) - first)
			for j, e := range d.members[first:] {
				out[j] = e.val
			}
			d.pop(first)
			return out, nil
		default:
			return nil, d.errorf("want a comma or a closing bracket")
		}
	}
}

// ref reads the string of a $ref, made local when it names d.localRefs.
func (d *jsonDecoder) ref() (any, error) {
	ref, err := d.str()
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(ref, d.localRefs+"#") {
		ref = ref[len(d.localRefs):]
	}
	return ref, nil
}

func (d *jsonDecoder) number() (any, error) {
	start := d.pos
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		if c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || c >= '0' && c <= '9' {
			d.pos++
			continue
		}
		break
	}
	n := json.Number(d.src[start:d.pos])
	if _, err := n.Float64(); err != nil {
		return nil, d.errorf("bad number %q", n)
	}
	return n, nil
}

func (d *jsonDecoder) str() (string, error) {
	start := d.pos + 1 // after the quote
	src := d.src
	for i := start; i < len(src); i++ {
		switch c := src[i]; {
		case c == '"':
			d.pos = i + 1
			return src[start:i], nil // a part of the source, not a copy
		case c == '\\':
			d.pos = i
			return d.escaped(start)
		case c < 0x20:
			d.pos = i
			return "", d.errorf("control character in a string")
		}
	}
	d.pos = len(src)
	return "", d.errorf("unterminated string")
}

// escaped reads the rest of a string with escapes, from its first byte at
// start; d.pos is at the first backslash.
func (d *jsonDecoder) escaped(start int) (string, error) {
	b := append([]byte(nil), d.src[start:d.pos]...)
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		switch {
		case c == '"':
			d.pos++
			if !utf8.Valid(b) {
				return "", d.errorf("invalid UTF-8 in a string")
			}
			return string(b), nil
		case c < 0x20:
			return "", d.errorf("control character in a string")
		case c != '\\':
			b = append(b, c)
			d.pos++
			continue
		}
		if d.pos+1 >= len(d.src) {
			break
		}
		e := d.src[d.pos+1]
		d.pos += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := d.hex4()
			if !ok {
				return "", d.errorf("bad \\u escape")
			}
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if d.pos+1 < len(d.src) && d.src[d.pos] == '\\' && d.src[d.pos+1] == 'u' {
					save := d.pos
					d.pos += 2
					var ok2 bool
					if r2, ok2 = d.hex4(); !ok2 {
						return "", d.errorf("bad \\u escape")
					}
					if utf16.DecodeRune(r, r2) == utf8.RuneError {
						d.pos, r2 = save, -1
					}
				}
				if r2 < 0 {
					r = utf8.RuneError
				} else {
					r = utf16.DecodeRune(r, r2)
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", d.errorf("bad escape \\%c", e)
		}
	}
	return "", d.errorf("unterminated string")
}

func (d *jsonDecoder) hex4() (rune, bool) {
	if d.pos+4 > len(d.src) {
		return 0, false
	}
	// four hexadecimal digits, no sign or underscore (base 16 allows none)
	n, err := strconv.ParseUint(d.src[d.pos:d.pos+4], 16, 32)
	if err != nil {
		return 0, false
	}
	d.pos += 4
	return rune(n), true
}

// appendPtrToken appends a key as a JSON pointer token (~ as ~0, / as ~1),
// as escapePtr writes it.
func appendPtrToken(b []byte, key string) []byte {
	if !strings.ContainsAny(key, "~/") {
		return append(b, key...)
	}
	return append(b, escapePtr(key)...)
}
