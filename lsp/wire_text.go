package lsp

import (
	"errors"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The text of didOpen and didChange is decoded here, straight into the
// bytes the document keeps: a JSON decoder unquotes a long string with
// escapes into a buffer of its own and then makes a string of it, which the
// server would copy again.

// wireText is a JSON string decoded into bytes, as protocol.Unmarshal
// decodes strings: escapes resolved, an unpaired surrogate and invalid
// UTF-8 turned into U+FFFD, a raw control character refused.
type wireText []byte

func (t *wireText) UnmarshalJSON(raw []byte) error {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return errors.New("text: not a string")
	}
	body := raw[1 : len(raw)-1]
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\\':
			r, n, err := unescape(body[i:])
			if err != nil {
				return err
			}
			out = utf8.AppendRune(out, r)
			i += n
		case c < ' ':
			return errors.New("text: control character in string")
		case c < utf8.RuneSelf:
			// a run of plain ASCII at once
			j := i + 1
			for j < len(body) && body[j] >= ' ' && body[j] < utf8.RuneSelf && body[j] != '\\' {
				j++
			}
			out = append(out, body[i:j]...)
			i = j
		default:
			r, n := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && n == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, body[i:i+n]...)
			}
			i += n
		}
	}
	*t = out
	return nil
}

var bad = errors.New("text: bad escape sequence")

// unescape decodes the escape at the start of b and returns its rune and
// length.
func unescape(b []byte) (rune, int, error) {
	if len(b) < 2 {
		return 0, 0, bad
	}
	switch b[1] {
	case '"', '\\', '/':
		return rune(b[1]), 2, nil
	case 'b':
		return '\b', 2, nil
	case 'f':
		return '\f', 2, nil
	case 'n':
		return '\n', 2, nil
	case 'r':
		return '\r', 2, nil
	case 't':
		return '\t', 2, nil
	case 'u':
		v1, ok := hex4(b[2:])
		if !ok {
			return 0, 0, bad
		}
		r := rune(v1)
		if !utf16.IsSurrogate(r) {
			return r, 6, nil
		}
		// a pair makes one rune; an unpaired surrogate is U+FFFD and an
		// escape after it is read on its own
		if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
			v2, ok := hex4(b[8:])
			if !ok {
				return 0, 0, bad
			}
			if dr := utf16.DecodeRune(r, rune(v2)); dr != utf8.RuneError {
				return dr, 12, nil
			}
		}
		return utf8.RuneError, 6, nil
	}
	return 0, 0, bad
}

func hex4(b []byte) (uint16, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var v uint16
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			v = v<<4 | uint16(c-'0')
		case 'a' <= c && c <= 'f':
			v = v<<4 | uint16(c-'a'+10)
		case 'A' <= c && c <= 'F':
			v = v<<4 | uint16(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// openParams are the params of textDocument/didOpen.
type openParams struct {
	TextDocument struct {
		URI     uri.URI  `json:"uri"`
		Version int32    `json:"version"`
		Text    wireText `json:"text"`
	} `json:"textDocument"`
}

// changeParams are the params of textDocument/didChange.
type changeParams struct {
	TextDocument struct {
		URI     uri.URI `json:"uri"`
		Version int32   `json:"version"`
	} `json:"textDocument"`
	ContentChanges []struct {
		Range *protocol.Range `json:"range"`
		Text  wireText        `json:"text"`
	} `json:"contentChanges"`
}

// textChange is one content change: a range and its new text, or the whole
// text when whole.
type textChange struct {
	whole bool
	rng   protocol.Range
	text  []byte
}

func (p *changeParams) changes() []textChange {
	out := make([]textChange, 0, len(p.ContentChanges))
	for _, c := range p.ContentChanges {
		tc := textChange{whole: c.Range == nil, text: c.Text}
		if c.Range != nil {
			tc.rng = *c.Range
		}
		out = append(out, tc)
	}
	return out
}
