package toml

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// parsedString parses `k = <quoted>` and returns the string value.
func parsedString(t *testing.T, quoted string) string {
	t.Helper()
	d := Parse([]byte("k = " + quoted + "\n"))
	if len(d.Errors) > 0 {
		t.Fatalf("%s does not parse: %v", quoted, d.Errors)
	}
	v := d.Root.Value("k")
	if v == nil || v.Kind != KindString {
		t.Fatalf("%s: no string value", quoted)
	}
	return v.Str
}

// checkQuote: a UTF-8 string quotes to TOML that parses back to it, with
// TOML's escapes only; any other string is said to be so, and its quoted
// form parses to the string with U+FFFD for each byte that is not UTF-8.
func checkQuote(t *testing.T, s string) {
	t.Helper()
	q, ok := Quote(s)
	if ok != utf8.ValidString(s) {
		t.Fatalf("Quote(%q): ok %v", s, ok)
	}
	want := s
	if !ok {
		var b strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r) // RuneError for each bad byte
			i += size
		}
		want = b.String()
	}
	if got := parsedString(t, q); got != want {
		t.Fatalf("Quote(%q) = %s parses to %q", s, q, got)
	}
	for _, bad := range []string{`\x`, `\a`, `\v`, `\e`, `\0`} {
		if strings.Contains(strings.ReplaceAll(q, `\\`, ""), bad) {
			t.Fatalf("Quote(%q) = %s holds %s, which TOML lacks", s, q, bad)
		}
	}
	d := Parse([]byte(func() string { k, _ := QuoteKey(s); return k }() + " = 1\n"))
	if len(d.Errors) > 0 {
		t.Fatalf("QuoteKey(%q) does not parse: %v", s, d.Errors)
	}
	if ok && d.Root.Get(s) == nil {
		t.Fatalf("QuoteKey(%q) parses to another key", s)
	}
}

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"\b\t\n\f\r", `"\b\t\n\f\r"`},
		{"\x00\x01\x1b\x7f", `"\u0000\u0001\u001b\u007f"`},
		{"é 設定 \u202e", "\"é 設定 \u202e\""},
	}
	for _, tt := range tests {
		got, ok := Quote(tt.in)
		if got != tt.want || !ok {
			t.Errorf("Quote(%q) = %s, %v; want %s", tt.in, got, ok, tt.want)
		}
		checkQuote(t, tt.in)
	}
	if got, ok := Quote("a\xffb"); ok || got != "\"a\uFFFDb\"" {
		t.Errorf(`Quote("a\xffb") = %s, %v`, got, ok)
	}
	for _, tt := range []struct{ in, want string }{{"lr", "lr"}, {"a-b_C9", "a-b_C9"}, {"", `""`}, {"a.b", `"a.b"`}, {"é", `"é"`}} {
		if got, _ := QuoteKey(tt.in); got != tt.want {
			t.Errorf("QuoteKey(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	if got, ok := DottedKey([]string{"env", "A B", "x"}); got != `env."A B".x` || !ok {
		t.Errorf("DottedKey = %s, %v", got, ok)
	}
	if _, ok := DottedKey([]string{"env", "\xff"}); ok {
		t.Error("DottedKey of a part that is not UTF-8: ok")
	}
}

// TestQuoteRandom: random strings of every byte parse back.
func TestQuoteRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"a", "\"", "\\", "é", "\u2028", "\U0001F680", "\xff", "\xc3", "\x00", "\x7f", "'", "\r\n", "\ufeff"}
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for k := r.IntN(12); k > 0; k-- {
			if r.IntN(3) == 0 {
				b.WriteByte(byte(r.IntN(256)))
			} else {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		checkQuote(t, b.String())
	}
}

// FuzzQuote: any string quotes to TOML that parses back to it, or is said
// not to be UTF-8.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "a", "\x00", "\xff", "\"\\", "\u202e", "\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		checkQuote(t, s)
	})
}

// TestQuoteLiteral: a literal string is offered only when it parses back
// to the same string.
func TestQuoteLiteral(t *testing.T) {
	for _, s := range []string{"", "a", "tab\there", `back\slash "x"`, "é", "it's", "a\nb", "\x01", "\x7f", "\xff"} {
		q, ok := QuoteLiteral(s)
		if want := utf8.ValidString(s) && !strings.ContainsAny(s, "'\n\x01\x7f"); ok != want {
			t.Errorf("QuoteLiteral(%q): ok %v, want %v", s, ok, want)
		}
		if ok {
			if got := parsedString(t, q); got != s {
				t.Errorf("QuoteLiteral(%q) = %s parses to %q", s, q, got)
			}
		}
	}
}
