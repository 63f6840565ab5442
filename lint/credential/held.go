package credential

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// A credential a config holds is reported once (secret-in-env) and is
// never printed: every output masks it, and no message, fix title or fix
// text carries it. The search is the same whichever rules are selected, so
// that turning the rule off does not turn the masking off.

// Held is a string of the file that looks like a credential.
type Held struct {
	// Table is the path of the table holding the value (array indexes as
	// numbers), name its key; item >= 0 for an element of an array.
	Table []string
	Name  string
	Item  int
	// KeyRange is the key's range, for a fix that moves the pair.
	KeyRange toml.Range
	Value    *toml.Value // nil for a word of a comment
	Cred     Credential
	// Env is set for a value of an [env] table (at any depth).
	Env bool
	// Text is the credential as it appears in messages and fix text (the
	// Value, trimmed); secret is where it is in the file.
	Text   string
	Secret Secret
}

// Key is the dotted key of the value, as findings name keys.
func (h Held) Key() string {
	if h.Value == nil {
		return ""
	}
	parts := append(append([]string(nil), h.Table...), h.Name)
	if h.Item >= 0 {
		parts = append(parts, strconv.Itoa(h.Item))
	}
	return strings.Join(parts, ".")
}

// In finds the credentials of a document: values of [env]
// tables that detectCredential takes for one, values under a name in the
// form of an environment variable (OPENAI_API_KEY in the wrong table)
// decided the same way, any other string or comment word only when it has
// the form of a credential whatever its name. Statements the parser
// rejected (a duplicate key) are searched too, and one it could not place
// in a table is decided as an [env] value would be: they are still
// printed.
func In(doc *toml.Document) []Held {
	w := credWalk{doc: doc}
	for _, s := range doc.Stmts {
		if s.Uncertain && s.Value != nil {
			if w.uncertain == nil {
				w.uncertain = map[*toml.Value]bool{}
			}
			w.uncertain[s.Value] = true
		}
	}
	if doc.Root != nil {
		w.table(doc.Root, false)
	}
	for _, s := range doc.Stmts {
		if !s.Rejected || s.Kind != toml.StmtKeyValue || s.Value == nil || len(s.Keys) == 0 {
			continue
		}
		// not in the tree
		w.path = append(w.path[:0], s.Path...)
		for _, k := range s.Keys[:len(s.Keys)-1] {
			w.path = append(w.path, k.Name)
		}
		last := s.Keys[len(s.Keys)-1]
		w.value(last.Name, last.Range, -1, s.Value, true)
	}
	for i := range doc.Comments {
		w.out = commentCredentials(w.out, &doc.Comments[i])
	}
	return w.out
}

// credWalk walks the values of a document with the path of the current
// table on a stack, so that deep nesting costs no copies.
type credWalk struct {
	doc       *toml.Document
	path      []string
	uncertain map[*toml.Value]bool
	out       []Held
}

func (w *credWalk) table(t *toml.Table, broad bool) {
	for _, e := range t.Entries {
		w.value(e.Key, e.KeyRange, -1, e.Value, broad)
	}
}

func (w *credWalk) value(name string, keyRange toml.Range, item int, v *toml.Value, broad bool) {
	if v == nil {
		return
	}
	broad = broad || w.uncertain[v]
	switch v.Kind {
	case toml.KindString:
		w.str(name, keyRange, item, v, broad)
	case toml.KindArray:
		for i, it := range v.Items {
			if v.ArrayOfTables || it.Kind == toml.KindTable {
				w.path = append(w.path, name, strconv.Itoa(i))
				if it.Table != nil {
					w.table(it.Table, broad)
				}
				w.path = w.path[:len(w.path)-2]
				continue
			}
			w.value(name, keyRange, i, it, broad)
		}
	case toml.KindTable:
		if v.Table == nil {
			return
		}
		w.path = append(w.path, name)
		w.table(v.Table, broad)
		w.path = w.path[:len(w.path)-1]
	}
}

func (w *credWalk) str(name string, keyRange toml.Range, item int, v *toml.Value, broad bool) {
	env := inEnvTable(w.path)
	// a header of an endpoint model is named as an env var is
	// (X-Api-Key): decided the same way
	header := len(w.path) > 0 && w.path[len(w.path)-1] == "extra_headers"
	var cred Credential
	var ok bool
	if env || header || broad || item < 0 && IsEnvVarName(name) {
		cred, ok = Detect(name, v.Str)
	} else if t := strings.TrimSpace(v.Str); len(t) >= 6 {
		cred, ok = knownShape(t)
	}
	if ok {
		w.out = append(w.out, Held{
			Table: append([]string(nil), w.path...), Name: name, Item: item, KeyRange: keyRange, Value: v, Cred: cred, Env: env,
			Text: strings.TrimSpace(v.Str), Secret: secretOf(w.doc, v, cred),
		})
	}
}

// inEnvTable reports a table path that passes through an env table:
// [env], an agent's env, [rollout.env] of a legacy config.
func inEnvTable(table []string) bool {
	for _, p := range table {
		if p == "env" {
			return true
		}
	}
	return false
}

// IsEnvVarName reports a key spelled as an environment variable
// (OPENAI_API_KEY): upper case, digits and underscores, with a letter
// first. Config keys are lower case, so such a key outside [env] is an
// environment variable put in the wrong table.
func IsEnvVarName(s string) bool {
	return len(s) >= 2 && s[0] >= 'A' && s[0] <= 'Z' && allIn(s[1:], Upper+Digits+"_")
}

// commentCredentials finds the words of a comment that have the form of a
// credential (a key pasted in a note, a line of [env] commented out).
func commentCredentials(out []Held, c *toml.Comment) []Held {
	text := c.Text
	for i := 0; i < len(text); {
		for i < len(text) && isWordSep(text[i]) {
			i++
		}
		j := i
		for j < len(text) && !isWordSep(text[j]) {
			j++
		}
		if w := text[i:j]; len(w) >= 8 {
			if cred, ok := knownShape(w); ok {
				r := toml.Range{Start: c.Range.Start + i, End: c.Range.Start + j}
				out = append(out, Held{Item: -1, Cred: cred, Text: w, Secret: Secret{Range: r, Shown: cred.Lead}})
			}
		}
		i = j
	}
	return out
}

func isWordSep(b byte) bool {
	return b == ' ' || b == '\t' || b == '"' || b == '\'' || b == '`' || b == '=' || b == ',' || b == '(' || b == ')' || b == '[' || b == ']' || b == '#'
}

// Hidden is text with every word that holds a credential replaced by the
// credential's shown lead and an ellipsis. Words are compared by their
// letters and digits, ignoring case: a value upper-cased or with its
// dashes turned into underscores (a suggested secret name) is still the
// secret.
func Hidden(text string, creds []Held) string {
	if !Carries(text, creds) {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && !isQuoteSep(text[j]) {
			j++
		}
		if j == i {
			b.WriteByte(text[i])
			i++
			continue
		}
		word := text[i:j]
		if h, ok := heldIn(word, creds); ok {
			lead := h.Text[:min(h.Cred.Lead, len(h.Text))]
			if !strings.HasPrefix(word, lead) {
				lead = ""
			}
			word = lead + "…"
		}
		b.WriteString(word)
		i = j
	}
	return b.String()
}

// Carries reports whether text holds one of the credentials.
func Carries(text string, creds []Held) bool {
	_, ok := heldIn(text, creds)
	return ok
}

func heldIn(text string, creds []Held) (Held, bool) {
	norm := alnumUpper(text)
	for _, h := range creds {
		for _, f := range secretForms(h) {
			if strings.Contains(norm, f) {
				return h, true
			}
		}
	}
	return Held{}, false
}

// secretForms are the pieces of a credential that must not be quoted, as
// alnumUpper writes them: the part after its shown lead, and each long
// word of it (a PEM key's lines, the token of a header value).
func secretForms(h Held) []string {
	body := h.Text[min(h.Cred.Lead, len(h.Text)):]
	var out []string
	if f := alnumUpper(body); len(f) >= 6 {
		out = append(out, f)
	}
	for _, w := range strings.FieldsFunc(body, func(r rune) bool { return r < 128 && isQuoteSep(byte(r)) }) {
		if f := alnumUpper(w); len(f) >= 16 && f != alnumUpper(body) {
			out = append(out, f)
		}
	}
	return out
}

// alnumUpper keeps the ASCII letters and digits of s, in upper case.
func alnumUpper(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			b = append(b, c-'a'+'A')
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			b = append(b, c)
		}
	}
	return string(b)
}

// isQuoteSep ends a word of a message or a fix text: white space, quotes
// and the punctuation around a quoted value.
func isQuoteSep(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', ',', ';', '(', ')', '[', ']', '{', '}', '=':
		return true
	}
	return false
}

// FixCarries reports whether the text a fix writes holds one of the
// credentials.
func FixCarries(fx fix.Fix, creds []Held) bool {
	for _, e := range fx.Edits {
		if Carries(e.NewText, creds) {
			return true
		}
	}
	return false
}

// secretOf is where a string value's secret is in the file: the literal's
// content, of which the leading whitespace and the credential's lead may
// be shown when the source spells them as the value does.
func secretOf(doc *toml.Document, v *toml.Value, cred Credential) Secret {
	text := doc.Text(v.Range)
	q := 1
	if strings.HasPrefix(text, `"""`) || strings.HasPrefix(text, "'''") {
		q = 3
	}
	r := toml.Range{Start: v.Range.Start + q, End: v.Range.End - q}
	if r.End < r.Start || len(text) < 2*q {
		return Secret{Range: v.Range}
	}
	content := text[q : len(text)-q]
	ws := len(content) - len(strings.TrimLeft(content, " \t\r\n"))
	lead := strings.TrimSpace(v.Str)[:cred.Lead]
	shown := 0
	if strings.HasPrefix(content[ws:], lead) {
		shown = ws + len(lead)
	}
	return Secret{Range: r, Shown: shown}
}
