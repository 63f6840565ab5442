package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
)

// Marshal encodes v as the server writes it on the wire: encoding/json,
// with <, > and & left as they are (JSON does not need them escaped, and the
// text of hovers and details is full of them).
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
	return bytes.Clone(bytes.TrimSuffix(b.Bytes(), []byte("\n"))), nil
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Unmarshal decodes data into v (encoding/json: invalid UTF-8 and unpaired
// surrogates become U+FFFD, a value of the wrong type is an error).
func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// LSPAny is any JSON value, kept as its bytes.
type LSPAny = json.RawMessage

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
