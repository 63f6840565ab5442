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

// dotted writes a key path in TOML syntax (toml.DottedKey), for a path
// that is UTF-8: read from a parsed config (whose bytes that are not UTF-8
// are never read as text), the schema or the catalog.
func dotted(parts []string) string {
	q, _ := toml.DottedKey(parts)
	return q
}

// keyText writes one key in TOML syntax (toml.QuoteKey), for a key that is
// UTF-8 as for dotted.
func keyText(k string) string {
	q, _ := toml.QuoteKey(k)
	return q
}

// isBare reports whether k is written unquoted.
func isBare(k string) bool { return keyText(k) == k }

// tomlString writes s as a TOML basic string (toml.Quote), for text that is
// UTF-8 as for dotted. A name read from the workspace's files (a directory,
// a file) goes through toml.Quote, and no fix is offered when it is not
// UTF-8: no TOML string holds it.
func tomlString(s string) string {
	q, _ := toml.Quote(s)
	return q
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
