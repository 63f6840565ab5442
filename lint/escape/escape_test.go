package escape

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain `lr` in [training] — 設定 🚀", "plain `lr` in [training] — 設定 🚀"},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"\x1b]0;title\a", `\x1b]0;title\a`},
		{"a\rb\nc\td", `a\rb\nc\td`},
		{"\x00\x7f", `\x00\x7f`},
		{"\u0085\u009b", `\u0085\u009b`},
		{"admin\u202e\u2066txt.toml", `admin\u202e\u2066txt.toml`},
		{"\u200f\u061c\u2028\u2029", `\u200f\u061c\u2028\u2029`},
		{"bad \xff\xfe byte", `bad \xff\xfe byte`},
		{"", ""},
	}
	for _, c := range cases {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLikeQuote: for control characters the escapes are those of Go's %q.
func TestLikeQuote(t *testing.T) {
	for r := rune(0); r < 0xa0; r++ {
		if !Unsafe(r) {
			continue
		}
		q := strconv.QuoteRune(r)
		if got, want := Rune(r), q[1:len(q)-1]; got != want {
			t.Errorf("Rune(%U) = %q, want %q", r, got, want)
		}
	}
}

// FuzzString: no unsafe character or invalid byte survives, the result is
// UTF-8, and text with nothing to escape is left as it is.
func FuzzString(f *testing.F) {
	for _, s := range []string{"", "ok", "\x1b[2J", "\u202eevil", "\xff", "tab\there", "x\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := String(s)
		if !utf8.ValidString(got) {
			t.Fatalf("String(%q) = %q is not UTF-8", s, got)
		}
		for _, r := range got {
			if Unsafe(r) {
				t.Fatalf("String(%q) = %q keeps %U", s, got, r)
			}
		}
		clean := utf8.ValidString(s) && !strings.ContainsFunc(s, Unsafe)
		if clean != (got == s) {
			t.Fatalf("String(%q) = %q: changed %v, clean %v", s, got, got != s, clean)
		}
	})
}

// TestKeeping: the kept characters stay, every line of Lines is escaped as
// by String, and the rest is escaped as by String.
func TestKeeping(t *testing.T) {
	cases := []struct{ in, keep, want string }{
		{"a\tb\x1b\nc", "\t", `a` + "\t" + `b\x1b\nc`},
		{"one \x1b[2J\ntwo \u202e\n", "\n", `one \x1b[2J` + "\n" + `two \u202e` + "\n"},
		{"\xff\t", "\t\xff", `\xff` + "\t"}, // keep holds ASCII only
		{"plain", "\n", "plain"},
	}
	for _, c := range cases {
		if got := Keeping(c.in, c.keep); got != c.want {
			t.Errorf("Keeping(%q, %q) = %q, want %q", c.in, c.keep, got, c.want)
		}
	}
	for _, s := range []string{"", "a\nb", "\x1b\n\n\u202e\xff\n", "\r\n"} {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = String(l)
		}
		if got, want := Lines(s), strings.Join(lines, "\n"); got != want {
			t.Errorf("Lines(%q) = %q, want %q", s, got, want)
		}
	}
}

// hostile holds every kind of character an output must not pass raw: line
// breaks, workflow-command syntax, ESC and OSC sequences, BEL, DEL, C1
// controls, bidirectional marks and isolates, and bytes that are not UTF-8.
const hostile = "nl\n::error file=evil::x\r%0A,:%\x1b[31m\x1b]8;;http://x\a\x07\x7f\u0085\u009b\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u2028\xff\xc3"

// keepsOnly fails when out holds an invalid byte or an unsafe character
// but those allowed.
func keepsOnly(t *testing.T, what string, out []byte, allowed string) {
	t.Helper()
	if !utf8.Valid(out) {
		t.Fatalf("%s is not UTF-8: %q", what, out)
	}
	for _, r := range string(out) {
		if Unsafe(r) && !strings.ContainsRune(allowed, r) {
			t.Fatalf("%s keeps %U: %q", what, r, out)
		}
	}
}

func TestGitHub(t *testing.T) {
	for _, s := range []string{hostile, "a,b:c%d", "plain"} {
		prop, data := GitHubProperty(s), GitHubData(s)
		keepsOnly(t, "GitHubProperty", []byte(prop), "")
		keepsOnly(t, "GitHubData", []byte(data), "")
		if strings.ContainsAny(prop, ":,\r\n") || strings.ContainsAny(data, "\r\n") {
			t.Errorf("%q: property %q, data %q", s, prop, data)
		}
		// GitHub decodes them back to what String shows
		decode := strings.NewReplacer("%3A", ":", "%2C", ",", "%0D", "\r", "%0A", "\n", "%25", "%")
		if got := decode.Replace(prop); got != String(s) {
			t.Errorf("GitHubProperty(%q) decodes to %q", s, got)
		}
		if got := decode.Replace(data); got != String(s) {
			t.Errorf("GitHubData(%q) decodes to %q", s, got)
		}
	}
}

// TestDocuments: JSON and XML written with escape.JSON and escape.XML
// hold no unsafe character but their layout, and read back the same.
func TestDocuments(t *testing.T) {
	type doc struct {
		XMLName xml.Name `json:"-" xml:"doc"`
		Attr    string   `json:"attr" xml:"attr,attr"`
		Text    string   `json:"text" xml:",chardata"`
	}
	in := doc{Attr: hostile, Text: "line one\nline two " + hostile}
	var j, x bytes.Buffer
	if err := JSON(&j, in); err != nil {
		t.Fatal(err)
	}
	if err := XML(&x, in); err != nil {
		t.Fatal(err)
	}
	keepsOnly(t, "JSON", j.Bytes(), "\n")
	keepsOnly(t, "XML", x.Bytes(), "\n")
	var back doc
	if err := json.Unmarshal(j.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	// encoding/json writes each invalid byte as U+FFFD
	if want := strings.ReplaceAll(in.Attr, "\xff\xc3", "\ufffd\ufffd"); back.Attr != want {
		t.Errorf("JSON reads back %q, want %q", back.Attr, in.Attr)
	}
	back = doc{}
	if err := xml.Unmarshal(x.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(back.Attr, "\u202e") || !strings.Contains(back.Text, "line one\nline two") {
		t.Errorf("XML reads back %q, %q", back.Attr, back.Text)
	}
	for _, s := range []string{`{"a": "plain"}`, "<a>\t\n</a>"} {
		if got := JSONText([]byte(s)); string(got) != s {
			t.Errorf("JSONText(%q) = %q", s, got)
		}
	}
	if got := string(XMLText([]byte("<a b=\"\u202e\">\u0085</a>"))); got != `<a b="&#x202e;">&#x85;</a>` {
		t.Errorf("XMLText = %q", got)
	}
}

// TestTerminal: the outputs' own sequences and newlines pass, every other
// control character is escaped as String escapes it, and text cut anywhere
// across writes comes out as it does whole.
func TestTerminal(t *testing.T) {
	cases := []struct{ in, want string }{
		{"\x1b[1mbold\x1b[0m\n\ttab\r\n", "\x1b[1mbold\x1b[0m\n\ttab\r\n"},
		{"\x1b[2J\x1b[H", "\x1b[2J\x1b[H"},
		{"\x1b]0;title\a", `\x1b]0;title\a`},
		{"\x1b[31;1m\x1b[1;2;3J\x1b[10A\x1b[8m\x1b[3", `\x1b[31;1m\x1b[1;2;3J\x1b[10A\x1b[8m\x1b[3`},
		{"a\rb \u202e \u0085 \x7f \xff", `a\rb \u202e \u0085 \x7f \xff`},
		{"end\x1b", `end\x1b`},
		{"end\r", `end\r`},
		{"end\xe2\x80", `end\xe2\x80`},
		{"設定 🚀", "設定 🚀"},
	}
	for _, c := range cases {
		for cut := 0; cut <= len(c.in); cut++ {
			var b bytes.Buffer
			w := NewTerminal(&b)
			w.Write([]byte(c.in[:cut]))
			w.Write([]byte(c.in[cut:]))
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("Terminal(%q) cut at %d = %q, want %q", c.in, cut, b.String(), c.want)
				break
			}
		}
	}
}

// FuzzTerminal: whatever is written, in two writes, what comes out is
// UTF-8 and holds no unsafe character but newlines, tabs, the CR of a CRLF
// and the ESC of a sequence Terminal lets through; text with nothing to
// escape comes out as it is.
func FuzzTerminal(f *testing.F) {
	for _, s := range []string{"", "ok\n", "\x1b[31mred\x1b[0m", "\x1b]0;t\a", hostile, "a\r\nb\r", "\xe2\x80\xae"} {
		f.Add(s, len(s)/2)
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		if cut < 0 || cut > len(s) {
			cut = len(s) / 2
		}
		var b bytes.Buffer
		w := NewTerminal(&b)
		w.Write([]byte(s[:cut]))
		w.Write([]byte(s[cut:]))
		w.Flush()
		out := b.String()
		keepsOnly(t, "Terminal", b.Bytes(), "\n\t\r\x1b")
		for i := 0; i < len(out); i++ {
			switch out[i] {
			case '\r':
				if i+1 == len(out) || out[i+1] != '\n' {
					t.Fatalf("Terminal(%q) = %q: a CR without LF", s, out)
				}
			case 0x1b:
				if n, _ := sequence([]byte(out[i:])); n == 0 {
					t.Fatalf("Terminal(%q) = %q: an ESC that starts no allowed sequence", s, out)
				}
			}
		}
		clean := utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return Unsafe(r) && r != '\n' && r != '\t' })
		if clean && out != s {
			t.Fatalf("Terminal(%q) = %q: changed clean text", s, out)
		}
	})
}

// FuzzEncoded: JSON text of any string holds no unsafe character but its
// layout after JSONText and reads back the same value.
func FuzzEncoded(f *testing.F) {
	for _, s := range []string{"", "plain", hostile, "\u2028\u2029", "\x00\x1f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		if err := JSON(&b, map[string]string{s: s}); err != nil {
			t.Fatal(err)
		}
		keepsOnly(t, "JSON", b.Bytes(), "\n")
		var back map[string]string
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Fatalf("JSON(%q) = %q does not read back: %v", s, b.Bytes(), err)
		}
		if utf8.ValidString(s) && (len(back) != 1 || back[s] != s) {
			t.Fatalf("JSON(%q) reads back %q", s, back)
		}
		var x bytes.Buffer
		if err := XML(&x, struct {
			XMLName xml.Name `xml:"d"`
			A       string   `xml:"a,attr"`
			T       string   `xml:",chardata"`
		}{A: s, T: s}); err != nil {
			t.Fatal(err)
		}
		keepsOnly(t, "XML", x.Bytes(), "\n")
	})
}
