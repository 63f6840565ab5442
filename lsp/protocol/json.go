package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// Marshal encodes v as the server writes it on the wire: encoding/json,
// with <, > and & left as they are (JSON does not need them escaped, and the
// text of hovers and details is full of them), and control and
// bidirectional characters written as \u escapes (escape.JSONText), as in
// every JSON the tool writes.
func Marshal(v any) ([]byte, error) {
	b := bufPool.Get().(*bytes.Buffer)
	b.Reset()
	defer bufPool.Put(b)
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	// Encode ends the value with a newline
	return bytes.Clone(escape.JSONText(bytes.TrimSuffix(b.Bytes(), []byte("\n")))), nil
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Unmarshal decodes data into v (encoding/json: invalid UTF-8 and unpaired
// surrogates become U+FFFD, a value of the wrong type is an error).
//
// A small message is decoded by a pooled json.Decoder, which keeps its
// state from one message to the next where json.Unmarshal makes it anew
// (most of the allocations of decoding a request's params). What that
// decoder does not take cleanly, an error or bytes after the value, is
// decoded again by json.Unmarshal: the value and the error are always
// json.Unmarshal's (on an error, as with json.Unmarshal, v may be partly
// set).
func Unmarshal(data []byte, v any) error {
	if len(data) <= maxPooled {
		d := decoders.Get().(*pooledDecoder)
		d.r.Reset(data)
		start := d.dec.InputOffset()
		end := len(trimRightSpace(data))
		if err := d.dec.Decode(v); err == nil && d.dec.InputOffset()-start == int64(end) {
			if end == len(data) {
				decoders.Put(d)
			}
			// else the white space after the value stays buffered in the
			// decoder, which would count it as the next message's: the
			// decoder is dropped
			return nil
		}
		// a decoder that failed may hold a sticky error or a part of the
		// input: it is dropped
	}
	return json.Unmarshal(data, v)
}

// maxPooled bounds the messages a pooled decoder reads, so that none keeps
// a large buffer.
const maxPooled = 16 << 10

type pooledDecoder struct {
	r   *bytes.Reader
	dec *json.Decoder
}

var decoders = sync.Pool{New: func() any {
	r := bytes.NewReader(nil)
	return &pooledDecoder{r: r, dec: json.NewDecoder(r)}
}}

// LSPAny is any JSON value, kept as its bytes.
type LSPAny = json.RawMessage

// OptionalAny is an optional property the server does not read, kept as
// the bytes the client sent so that it is sent back as it came: null, which
// is no value of such a property, is kept as absent (left out).
type OptionalAny []byte

func (a *OptionalAny) UnmarshalJSON(raw []byte) error {
	if raw = trimSpace(raw); string(raw) == "null" {
		*a = nil
		return nil
	}
	*a = append((*a)[:0], raw...)
	return nil
}

func (a OptionalAny) MarshalJSON() ([]byte, error) {
	if a == nil {
		return []byte("null"), nil
	}
	return a, nil
}

// IntegerOrString is the specification's `integer | string`: the code of a
// diagnostic, the id of a request to cancel.
type IntegerOrString struct {
	Int   int64
	Str   string
	IsInt bool
}

// StringValue is the string arm of IntegerOrString.
func StringValue(s string) IntegerOrString { return IntegerOrString{Str: s} }

func (v IntegerOrString) MarshalJSON() ([]byte, error) {
	if v.IsInt {
		return strconv.AppendInt(nil, v.Int, 10), nil
	}
	// a code is a rule id: printable ASCII needs no escape and is quoted
	// in one allocation
	for i := 0; i < len(v.Str); i++ {
		if c := v.Str[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return Marshal(v.Str)
		}
	}
	b := make([]byte, 0, len(v.Str)+2)
	b = append(b, '"')
	b = append(b, v.Str...)
	return append(b, '"'), nil
}

func (v *IntegerOrString) UnmarshalJSON(raw []byte) error {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		return nil // as encoding/json leaves a value it meets null for
	}
	if len(raw) > 0 && raw[0] == '"' {
		*v = IntegerOrString{}
		return json.Unmarshal(raw, &v.Str)
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return errors.New("protocol: want an integer or a string, got " + string(raw))
	}
	*v = IntegerOrString{Int: n, IsInt: true}
	return nil
}
