package lint

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace/editdist"
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
func keyText(k string) string { return fix.KeyText(k) }

// isBare reports whether k is written unquoted.
func isBare(k string) bool { return keyText(k) == k }

// tomlString writes s as a TOML basic string (toml.Quote), for text that is
// UTF-8 as for dotted. A name read from the workspace's files (a directory,
// a file) goes through toml.Quote, and no fix is offered when it is not
// UTF-8: no TOML string holds it.
func tomlString(s string) string { return fix.StringText(s) }

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

// NameProblem says why name would be rejected as the name of a rollout,
// secret, env var or dataset (kind "rollout", "secret", "env", "dataset"),
// by the same rules the checks apply, or "" when it is fine. Editors ask
// it before renaming.
func NameProblem(kind, name string) string {
	switch kind {
	case "rollout":
		if p := rolloutNameProblem(name); p != "" {
			return "rollout " + code(name) + " " + p
		}
	case "secret":
		if !isSecretName(name) || strings.HasSuffix(name, "\n") {
			return "secret name " + code(name) + " must be uppercase letters, digits and underscores, starting with a letter (^[A-Z][A-Z0-9_]*$)"
		}
	case "env":
		if !isEnvName(name) {
			return "env var name " + code(name) + " must be uppercase letters, digits and underscores, not starting with a digit (^[A-Z_][A-Z0-9_]*$)"
		}
		if strings.HasPrefix(name, "_OSMOSIS_") {
			return "env var name " + code(name) + " starts with _OSMOSIS_, which the platform reserves"
		}
	case "dataset":
		if strings.TrimSpace(name) == "" {
			return "a dataset name cannot be empty"
		}
		if _, isPath := datasetPathStem(name); isPath {
			return "dataset " + code(name) + " is a path; name the dataset as the platform knows it"
		}
	default:
		return kind + " names cannot be renamed"
	}
	return ""
}

// suggest returns the candidate closest to s, or "" when none is close
// enough to be a likely typo. A case-insensitive match wins; otherwise the
// edit distance (with transpositions) must be small for the length of s.
func suggest(s string, candidates []string) string {
	if s == "" {
		return ""
	}
	for _, c := range candidates {
		if c != s && strings.EqualFold(c, s) {
			return c
		}
	}
	n := utf8.RuneCountInString(s)
	limit := 1
	switch {
	case n >= 9:
		limit = 3
	case n >= 5:
		limit = 2
	}
	ls := strings.ToLower(s)
	best, bestD := "", limit+1
	for _, c := range candidates {
		if c == s {
			continue
		}
		// lengths further apart than the limit are never close: most
		// candidates end here, without a table
		if d := utf8.RuneCountInString(c) - n; d > limit || -d > limit {
			continue
		}
		d := editdist.Within(ls, strings.ToLower(c), bestD-1)
		if d < bestD {
			best, bestD = c, d
		}
	}
	// also accept a candidate that contains s or is contained in it with
	// separators ("learning_rate" ~ "lr" is too far; "batch_size" in
	// "rollout_batch_size" is close)
	if best == "" {
		for _, c := range candidates {
			// "_"+s a suffix or s+"_" a prefix, without building either
			if len(s) >= 4 && len(c) > len(s) &&
				(c[len(c)-len(s)-1] == '_' && strings.HasSuffix(c, s) || c[len(s)] == '_' && strings.HasPrefix(c, s)) {
				return c
			}
		}
	}
	return best
}

// didYouMean formats a suggestion clause, or "".
func didYouMean(s string, candidates []string) (string, string) {
	if best := suggest(s, candidates); best != "" {
		return "; did you mean `" + best + "`?", best
	}
	return "", ""
}

// code wraps text in backquotes for messages, showing invisible characters.
func code(s string) string {
	return "`" + visible(s) + "`"
}

// visible escapes control and invisible characters so a message shows what
// is really in the file.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case escape.Unsafe(r) || isInvisible(r):
			b.WriteString(`\u`)
			const hex = "0123456789ABCDEF"
			b.WriteByte(hex[r>>12&0xF])
			b.WriteByte(hex[r>>8&0xF])
			b.WriteByte(hex[r>>4&0xF])
			b.WriteByte(hex[r&0xF])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isInvisible(r rune) bool {
	switch r {
	case 0xA0, 0x1680, 0x180E, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF, 0x200B, 0x200C, 0x200D, 0x2060:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}
