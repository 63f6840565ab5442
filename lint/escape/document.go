package escape

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"unicode/utf8"
)

// JSON writes v to w as indented JSON text (two spaces, no HTML escaping,
// a newline at the end) that holds no character String escapes: each is
// written as its \u escape, so that the value decodes the same and the
// text, cat'ed to a terminal or a CI log, cannot act on it. encoding/json
// escapes the C0 controls and writes an invalid byte as U+FFFD; this
// escapes DEL, the C1 controls and the bidirectional marks too. It is the
// one JSON writer of every format and door that prints JSON for a person
// or a machine to read.
func JSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(JSONText(buf.Bytes()))
	return err
}

// JSONText returns JSON text b with every character String escapes
// written as its \u escape: outside its strings JSON text holds ASCII
// only, and inside them a \u escape stands for the character. C0 controls
// cannot be raw in valid JSON text but as the white space between values,
// which stays. It returns b itself when nothing needs escaping.
func JSONText(b []byte) []byte {
	return document(b, func(out []byte, r rune) []byte {
		return append(out, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
	})
}

// XML writes v to w as an indented XML document (the header, then v, then
// a newline) that holds no character String escapes: encoding/xml writes
// a newline, a tab or a CR in text as a character reference and a C0
// control or an invalid byte as U+FFFD (XML 1.0 has no way to write
// them); DEL, the C1 controls and the bidirectional marks are written as
// character references too, so the document reads the same.
func XML(w io.Writer, v any) error {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err := w.Write(XMLText(buf.Bytes()))
	return err
}

// XMLText returns XML text b with every character String escapes but the
// white space between elements written as a character reference. It
// returns b itself when nothing needs escaping.
func XMLText(b []byte) []byte {
	return document(b, func(out []byte, r rune) []byte {
		out = append(out, "&#x"...)
		started := false
		for shift := 12; shift >= 0; shift -= 4 {
			if d := r >> shift & 0xf; d != 0 || started || shift == 0 {
				out = append(out, hex[d])
				started = true
			}
		}
		return append(out, ';')
	})
}

// document rewrites the characters String escapes in the encoded text b
// with ref, but for the white space an encoder writes between values (tab,
// newline, CR); an invalid byte is written as U+FFFD's reference.
func document(b []byte, ref func([]byte, rune) []byte) []byte {
	i := firstInDocument(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:i]...)
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = ref(out, utf8.RuneError)
		case Unsafe(r) && !layout(r):
			out = ref(out, r)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

// layout reports whether r is white space an encoder lays values out with.
func layout(r rune) bool { return r == '\n' || r == '\t' || r == '\r' }

func firstInDocument(b []byte) int {
	for i := 0; i < len(b); {
		if c := b[i]; c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && !layout(rune(c)) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if (r == utf8.RuneError && size == 1) || Unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}
