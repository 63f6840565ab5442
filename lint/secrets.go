package lint

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// A credential a config holds is reported once (secret-in-env) and is
// never printed: every output masks it, and no message, fix title or fix
// text carries it. The search is the same whichever rules are selected, so
// that turning the rule off does not turn the masking off.

// heldCredential is a string of the file that looks like a credential.
type heldCredential struct {
	// table is the path of the table holding the value (array indexes as
	// numbers), name its key; item >= 0 for an element of an array.
	table []string
	name  string
	item  int
	// keyRange is the key's range, for a fix that moves the pair.
	keyRange toml.Range
	value    *toml.Value // nil for a word of a comment
	cred     credential
	// env is set for a value of an [env] table (at any depth).
	env bool
	// text is the credential as it appears in messages and fix text (the
	// value, trimmed); secret is where it is in the file.
	text   string
	secret Secret
}

// key is the dotted key of the value, as findings name keys.
func (h heldCredential) key() string {
	if h.value == nil {
		return ""
	}
	parts := append(append([]string(nil), h.table...), h.name)
	if h.item >= 0 {
		parts = append(parts, strconv.Itoa(h.item))
	}
	return strings.Join(parts, ".")
}

// credentialsIn finds the credentials of a document: values of [env]
// tables that detectCredential takes for one, values under a name in the
// form of an environment variable (OPENAI_API_KEY in the wrong table)
// decided the same way, any other string or comment word only when it has
// the form of a credential whatever its name. Statements the parser
// rejected (a duplicate key) are searched too, and one it could not place
// in a table is decided as an [env] value would be: they are still
// printed.
func credentialsIn(doc *toml.Document) []heldCredential {
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
	out       []heldCredential
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
	var cred credential
	var ok bool
	if env || header || broad || item < 0 && isEnvVarName(name) {
		cred, ok = detectCredential(name, v.Str)
	} else if t := strings.TrimSpace(v.Str); len(t) >= 6 {
		cred, ok = knownShape(t)
	}
	if ok {
		w.out = append(w.out, heldCredential{
			table: append([]string(nil), w.path...), name: name, item: item, keyRange: keyRange, value: v, cred: cred, env: env,
			text: strings.TrimSpace(v.Str), secret: secretOf(w.doc, v, cred),
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

// isEnvVarName reports a key spelled as an environment variable
// (OPENAI_API_KEY): upper case, digits and underscores, with a letter
// first. Config keys are lower case, so such a key outside [env] is an
// environment variable put in the wrong table.
func isEnvVarName(s string) bool {
	return len(s) >= 2 && s[0] >= 'A' && s[0] <= 'Z' && isNameTail(s[1:])
}

// commentCredentials finds the words of a comment that have the form of a
// credential (a key pasted in a note, a line of [env] commented out).
func commentCredentials(out []heldCredential, c *toml.Comment) []heldCredential {
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
				out = append(out, heldCredential{item: -1, cred: cred, text: w, secret: Secret{Range: r, Shown: cred.lead}})
			}
		}
		i = j
	}
	return out
}

func isWordSep(b byte) bool {
	return b == ' ' || b == '\t' || b == '"' || b == '\'' || b == '`' || b == '=' || b == ',' || b == '(' || b == ')' || b == '[' || b == ']' || b == '#'
}

// hidden is text with every word that holds a credential replaced by the
// credential's shown lead and an ellipsis. Words are compared by their
// letters and digits, ignoring case: a value upper-cased or with its
// dashes turned into underscores (a suggested secret name) is still the
// secret.
func hidden(text string, creds []heldCredential) string {
	if !carries(text, creds) {
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
			lead := h.text[:min(h.cred.lead, len(h.text))]
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

// carries reports whether text holds one of the credentials.
func carries(text string, creds []heldCredential) bool {
	_, ok := heldIn(text, creds)
	return ok
}

func heldIn(text string, creds []heldCredential) (heldCredential, bool) {
	norm := alnumUpper(text)
	for _, h := range creds {
		for _, f := range secretForms(h) {
			if strings.Contains(norm, f) {
				return h, true
			}
		}
	}
	return heldCredential{}, false
}

// secretForms are the pieces of a credential that must not be quoted, as
// alnumUpper writes them: the part after its shown lead, and each long
// word of it (a PEM key's lines, the token of a header value).
func secretForms(h heldCredential) []string {
	body := h.text[min(h.cred.lead, len(h.text)):]
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

// withoutCredentials keeps every credential of the file out of the
// findings: messages and fix titles quote it masked, and a fix whose new
// text would write it again (moved into [env], kept in a comment,
// rewritten as a secret name) is not offered.
func withoutCredentials(fs []Finding, creds []heldCredential) {
	if len(creds) == 0 {
		return
	}
	for i := range fs {
		f := &fs[i]
		f.Message = hidden(f.Message, creds)
		var kept []Fix // a new slice: findings may share their fixes' array
		for _, fx := range f.Fixes {
			if fixCarries(fx, creds) {
				continue
			}
			fx.Title = hidden(fx.Title, creds)
			kept = append(kept, fx)
		}
		f.Fixes = kept
	}
}

func fixCarries(fx Fix, creds []heldCredential) bool {
	for _, e := range fx.Edits {
		if carries(e.NewText, creds) {
			return true
		}
	}
	return false
}

// attachSecrets gives every finding the places of all the file's
// credentials (one shared slice, empty but not nil when there are none),
// so that an output showing any line of the file masks them without
// searching the file again (see Masked).
func attachSecrets(fs []Finding, creds []heldCredential) {
	if len(fs) == 0 {
		return
	}
	all := make([]Secret, len(creds))
	for i, h := range creds {
		all[i] = h.secret
	}
	for i := range fs {
		fs[i].Secrets = all
	}
}
