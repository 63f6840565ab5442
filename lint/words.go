package lint

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// where names the table at path for messages: "[training]", "the top level",
// "[agents.model] of agent 2".
func where(path []string) string {
	if len(path) == 0 {
		return "the top level"
	}
	var names []string
	agent := ""
	for i, p := range path {
		if _, err := strconv.Atoi(p); err == nil && i > 0 {
			if path[i-1] == "agents" {
				n, _ := strconv.Atoi(p)
				agent = " of agent " + strconv.Itoa(n+1)
			}
			continue
		}
		names = append(names, p)
	}
	return "[" + dotted(names) + "]" + agent
}

// dotted writes a key path in TOML syntax, quoting parts that need it.
func dotted(parts []string) string {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(keyText(p))
	}
	return b.String()
}

// keyText writes one key in TOML syntax.
func keyText(k string) string {
	if k != "" && isBare(k) {
		return k
	}
	return strconv.Quote(k)
}

func isBare(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// tomlString writes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				b.WriteString(`\u00`)
				const hex = "0123456789abcdef"
				b.WriteByte(hex[r>>4])
				b.WriteByte(hex[r&0xF])
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// snippet is a value's source text, shortened for a message.
func snippet(doc *toml.Document, v *toml.Value) string {
	if v == nil {
		return ""
	}
	t := doc.Text(v.Range)
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		t = t[:i] + " ..."
	}
	if utf8.RuneCountInString(t) > 48 {
		r := []rune(t)
		t = string(r[:45]) + "..."
	}
	return t
}

// aType names a TOML type with an article: "an integer", "a string".
func aType(v *toml.Value) string {
	name := schema.TypeName(v)
	switch name {
	case "nan":
		return "nan (not a number)"
	case "infinity":
		return "an infinite float"
	}
	return article(name) + " " + name
}

func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// wantText names expected JSON types in TOML words.
func wantText(want []string) string {
	var out []string
	for _, w := range want {
		switch w {
		case "object":
			out = append(out, "a table")
		case "array":
			out = append(out, "a list")
		case "number":
			out = append(out, "a number")
		case "integer":
			out = append(out, "an integer")
		case "boolean":
			out = append(out, "true or false")
		default:
			out = append(out, article(w)+" "+w)
		}
	}
	return orList(out)
}

func orList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// keyName names the last key of a path for messages.
func keyName(path []string) string {
	if len(path) == 0 {
		return ""
	}
	return code(path[len(path)-1])
}

func parent(path []string) []string {
	if len(path) == 0 {
		return nil
	}
	return path[:len(path)-1]
}

// sectionList names the sections of a kind: "[experiment], [training], ...".
func sectionList(f *schema.Field) string {
	var out []string
	for _, p := range f.Properties() {
		if g := f.Property(p); g != nil && g.Title() != "" {
			out = append(out, g.Title())
		} else {
			out = append(out, "["+p+"]")
		}
	}
	return strings.Join(out, ", ")
}
