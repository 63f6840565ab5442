package escape

import (
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
