package credential

import (
	"sort"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// A credential a config holds is reported once (secret-in-env) and is
// never printed: every output masks it, and no message, fix title or fix
// text carries it. The search is the same whichever rules are selected, so
// that turning the rule off does not turn the masking off.

// Place says where in the file a credential is.
type Place uint8

// The places of a credential.
const (
	// InValue: a string value, an item of an array, or the value of a
	// NAME=value string.
	InValue Place = iota
	// InComment: a word of a comment.
	InComment
	// InKey: a key or a part of a table header, a name rather than a value.
	InKey
	// InBrokenLine: a word of a line that is not valid TOML, which the
	// parser could not read as a value.
	InBrokenLine
)

// Held is a string of the file that looks like a credential.
type Held struct {
	Place Place
	// Table is the path of the table holding the value (array indexes as
	// numbers), name its key; item >= 0 for an element of an array. For a
	// credential that is a key, Table holds it and Name is the key.
	Table []string
	Name  string
	Item  int
	// KeyRange is the key's range, for a fix that moves the pair.
	KeyRange toml.Range
	Value    *toml.Value // nil unless Place is InValue
	// Assigned is the NAME of a NAME=value string whose value is the
	// credential ("" for a plain value).
	Assigned string
	Cred     Credential
	// Env is set for a value of an [env] table (at any depth).
	Env bool
	// Embedded marks a key format found inside a longer word (after a
	// letter or digit): masked in every output like the others, but not
	// reported, since the word may be no credential at all.
	Embedded bool
	// Text is the credential as it appears in messages and fix text (the
	// Value, trimmed); secret is where it is in the file.
	Text   string
	Secret Secret
}

// Key is the dotted key of the value, as findings name keys; for a
// credential that is a key, the table that holds it (never the credential).
func (h Held) Key() string {
	switch {
	case h.Place == InKey:
		return strings.Join(h.Table, ".")
	case h.Value == nil:
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
	for _, s := range doc.Stmts {
		// the names of pairs and table headers, rejected ones included
		var table []string
		if s.Kind == toml.StmtKeyValue {
			table = s.Path
		}
		for i, k := range s.Keys {
			if len(k.Name) >= 8 && !w.keys[k.Range] && shaped(k.Name) {
				path := append(append([]string(nil), table...), names(s.Keys[:i])...)
				w.key(path, k.Name, k.Range, path)
			}
		}
	}
	for i := range doc.Comments {
		w.out = commentCredentials(w.out, &doc.Comments[i])
	}
	w.brokenLines()
	return w.out
}

func names(keys []toml.KeyPart) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.Name
	}
	return out
}

// credWalk walks the values of a document with the path of the current
// table on a stack, so that deep nesting costs no copies.
type credWalk struct {
	doc       *toml.Document
	path      []string
	uncertain map[*toml.Value]bool
	out       []Held
	// keys are the ranges of the keys found to be credentials: a key is
	// met both as a statement's and as an entry of its table
	keys map[toml.Range]bool
}

func (w *credWalk) table(t *toml.Table, broad bool) {
	for _, e := range t.Entries {
		w.key(w.path, e.Key, e.KeyRange, nil)
		w.value(e.Key, e.KeyRange, -1, e.Value, broad)
	}
}

// key finds a credential used as a name: a key of a pair, a part of a
// table header (a key pasted where its name goes, in [env] or anywhere).
// It is decided by its form alone. table is the path of the table that
// holds it; owned says the caller gave a copy that can be kept.
func (w *credWalk) key(table []string, name string, r toml.Range, owned []string) {
	if len(name) < 8 || w.keys[r] {
		return
	}
	eachShaped(name, isRawSep, func(i, j int, cred Credential, embedded bool) {
		if w.keys == nil {
			w.keys = map[toml.Range]bool{}
		}
		w.keys[r] = true
		if owned == nil {
			owned = append([]string(nil), table...)
		}
		w.out = append(w.out, Held{
			Place: InKey, Table: owned, Name: name, Item: -1, KeyRange: r, Cred: cred, Env: inEnvTable(owned), Embedded: embedded,
			Text: name[i:j], Secret: spelled(w.doc, r, name[i:j], cred.Lead),
		})
	})
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
		return
	}
	// NAME=value: an assignment written as one string (a key pasted
	// with its name into [secrets] required, an env line as a value),
	// decided as the value of NAME in [env] is
	if assigned, val, ok := assignment(v.Str); ok {
		if cred, ok := Detect(assigned, val); ok {
			w.out = append(w.out, Held{
				Table: append([]string(nil), w.path...), Name: name, Item: item, KeyRange: keyRange, Value: v, Cred: cred, Env: env,
				Assigned: assigned, Text: val, Secret: spelled(w.doc, v.Range, val, cred.Lead),
			})
			return
		}
	}
	// a word of a longer text (a note that quotes a key)
	eachShaped(v.Str, isRawSep, func(i, j int, cred Credential, embedded bool) {
		word := v.Str[i:j]
		w.out = append(w.out, Held{
			Table: append([]string(nil), w.path...), Name: name, Item: item, KeyRange: keyRange, Value: v, Cred: cred, Env: env, Embedded: embedded,
			Text: word, Secret: spelled(w.doc, v.Range, word, cred.Lead),
		})
	})
}

// shaped reports whether text holds a part of a credential's form (see
// eachShaped).
func shaped(text string) bool {
	found := false
	eachShaped(text, isRawSep, func(int, int, Credential, bool) { found = true })
	return found
}

// eachShaped calls fn with each part of text that has the form of a
// credential, in order and not overlapping: a word (words end at a byte
// sep reports) that knownShape takes for one, with or without the marks
// that end a sentence; and, anywhere a word or a dotted part starts or an
// escape (`\q`, `\u0041`) ends, a provider's key: its prefix and the run
// of its alphabet after it (the escape's letters, a NAME= or a table name
// before it do not hide it); anywhere else inside a word, such a key too,
// with embedded set. The cost is linear in text: each format's run is
// measured once.
func eachShaped(text string, sep func(byte) bool, fn func(start, end int, cred Credential, embedded bool)) {
	var runEnd [maxFormats]int // per format, where its alphabet's run measured last ends
	covered := 0               // text[:covered] is in a credential found already
	word := true               // text[i] starts a word
	for i := 0; i < len(text); i++ {
		c := text[i]
		if sep(c) {
			word = true
			continue
		}
		if i < covered {
			word = false
			continue
		}
		if word {
			word = false
			j := i
			for j < len(text) && !sep(text[j]) {
				j++
			}
			if j-i >= 8 {
				w := text[i:j]
				cred, ok := knownShape(w)
				if t := strings.TrimRight(w, ".:…"); !ok && len(t) >= 8 && len(t) < len(w) {
					cred, ok = knownShape(t)
					j = i + len(t)
				}
				if ok {
					fn(i, j, cred, false)
					covered = j
					continue
				}
			}
		}
		embedded := !keyStart(text, i)
		for _, f := range formatsByFirst[c] {
			if !strings.HasPrefix(text[i:], f.prefix) {
				continue
			}
			b := i + len(f.prefix)
			end := runEnd[f.index]
			if b >= end {
				end = b
				for end < len(text) && strings.IndexByte(f.alphabet, text[end]) >= 0 {
					end++
				}
				runEnd[f.index] = end
			}
			if f.max > 0 && end-b > f.max {
				continue // a longer token: not this format
			}
			if cred, ok := f.match(text[i:end]); ok {
				fn(i, end, cred, embedded)
				covered = end
				break
			}
		}
	}
}

// keyStart reports whether a provider's key may start at text[i]: at the
// start, after a byte that is no letter or digit, or right after an
// escape of a string (`\q`, `\u0041`, `\U0001F600`).
func keyStart(text string, i int) bool {
	switch {
	case i == 0 || !isAlnum(text[i-1]):
		return true
	case i >= 2 && text[i-2] == '\\':
		return true
	case i >= 6 && text[i-6] == '\\' && text[i-5] == 'u':
		return true
	}
	return i >= 10 && text[i-10] == '\\' && text[i-9] == 'U'
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// assignment splits a NAME=value string: a name of letters, digits and
// underscores (not starting with a digit), an equals sign, a value of six
// characters or more after white space is trimmed.
func assignment(s string) (name, value string, ok bool) {
	s = strings.TrimSpace(s)
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return "", "", false
	}
	name, value = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
	if name == "" || name[0] >= '0' && name[0] <= '9' || !allIn(name, Alnum+"_") || len(value) < 6 {
		return "", "", false
	}
	return name, value, true
}

// spelled is where text, the credential, is in the source range r: where
// r spells it, its lead shown; else (an escaped spelling) all of r inside
// its quotes, none shown.
func spelled(doc *toml.Document, r toml.Range, text string, lead int) Secret {
	src := doc.Text(r)
	if i := strings.Index(src, text); i >= 0 {
		return Secret{Range: toml.Range{Start: r.Start + i, End: r.Start + i + len(text)}, Shown: min(lead, len(text))}
	}
	q := 0
	if len(src) >= 2 && (src[0] == '"' || src[0] == '\'') {
		q = 1
		if len(src) >= 6 && (strings.HasPrefix(src, `"""`) || strings.HasPrefix(src, "'''")) {
			q = 3
		}
	}
	if len(src) < 2*q {
		return Secret{Range: r}
	}
	return Secret{Range: toml.Range{Start: r.Start + q, End: r.End - q}}
}

// brokenLines finds the credentials on the lines of syntax errors, which
// the parser could not read as values (quotes forgotten, a string not
// closed, a bad escape) and which a snippet of the error shows: a word of
// the form of a credential, and the first word after `NAME =` decided as
// the value of NAME in [env]. Each line is searched once, so the cost is
// at most the file's length; what the walk of the values found already is
// not found again.
func (w *credWalk) brokenLines() {
	src := w.doc.Src
	var spans []toml.Range
	for _, e := range w.doc.Errors {
		start, end := e.Range.Start, max(e.Range.End, e.Range.Start)
		if start < 0 || start > len(src) || end > len(src) {
			continue
		}
		for start > 0 && src[start-1] != '\n' {
			start--
		}
		if end > start && src[end-1] == '\n' {
			end--
		}
		for end < len(src) && src[end] != '\n' {
			end++
		}
		spans = append(spans, toml.Range{Start: start, End: end})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	done := 0 // the end of what was searched
	for _, r := range spans {
		if start := max(r.Start, done); start < r.End {
			w.brokenText(start, r.End)
		}
		done = max(done, r.End)
	}
}

// brokenText searches src[start:end], whole lines of a syntax error.
func (w *credWalk) brokenText(start, end int) {
	src := w.doc.Src
	for lineStart := start; lineStart < end; {
		lineEnd := lineStart
		for lineEnd < end && src[lineEnd] != '\n' {
			lineEnd++
		}
		line := string(src[lineStart:lineEnd])
		name, rest := "", -1
		if t := strings.TrimLeft(line, " \t"); t != "" {
			if i := strings.IndexByte(t, '='); i > 0 {
				if n := strings.Trim(strings.TrimSpace(t[:i]), `"'`); IsEnvVarName(n) || allIn(n, Alnum+"_") {
					name, rest = n, len(line)-len(t)+i+1
				}
			}
		}
		if name != "" {
			// the first word after `NAME =`, decided as NAME's value
			t := line[rest:]
			i := 0
			for i < len(t) && isRawSep(t[i]) {
				i++
			}
			j := i
			for j < len(t) && !isRawSep(t[j]) {
				j++
			}
			if cred, ok := Detect(name, t[i:j]); ok {
				w.broken(lineStart+rest+i, t[i:j], cred, false)
			}
		}
		eachShaped(line, isRawSep, func(i, j int, cred Credential, embedded bool) {
			w.broken(lineStart+i, line[i:j], cred, embedded)
		})
		lineStart = lineEnd + 1
	}
}

// broken keeps a credential found on a line of a syntax error at offset
// at, unless the walk of the values found it.
func (w *credWalk) broken(at int, word string, cred Credential, embedded bool) {
	r := toml.Range{Start: at, End: at + len(word)}
	if !w.overlaps(r) {
		w.out = append(w.out, Held{Place: InBrokenLine, Item: -1, Cred: cred, Embedded: embedded, Text: word, Secret: Secret{Range: r, Shown: cred.Lead}})
	}
}

// overlaps reports whether r overlaps a secret found already.
func (w *credWalk) overlaps(r toml.Range) bool {
	for _, h := range w.out {
		if h.Secret.Range.Start < r.End && r.Start < h.Secret.Range.End {
			return true
		}
	}
	return false
}

// isRawSep ends a word of a line that is not valid TOML: what ends a word
// of a comment, and a backslash (a bad escape after a key).
func isRawSep(b byte) bool {
	return isWordSep(b) || b == '\\' || b == '\r' || b == '\n' || b == '{' || b == '}' || b == ';'
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
	eachShaped(c.Text, isWordSep, func(i, j int, cred Credential, embedded bool) {
		r := toml.Range{Start: c.Range.Start + i, End: c.Range.Start + j}
		out = append(out, Held{Place: InComment, Item: -1, Cred: cred, Embedded: embedded, Text: c.Text[i:j], Secret: Secret{Range: r, Shown: cred.Lead}})
	})
	return out
}

func isWordSep(b byte) bool {
	return b == ' ' || b == '\t' || b == '"' || b == '\'' || b == '`' || b == '=' || b == ',' || b == '(' || b == ')' || b == '[' || b == ']' || b == '#'
}

// window is the length of the pieces of a credential that no text may
// quote (as alnumUpper writes them): a quote cut short (`"sk-proj-Q7vX…`)
// or split across words still shows no run of that many of its
// characters.
const window = 12

// cutLead is the least part of a credential's start that a quote cut
// short (ending in "..." or "…") may not show.
const cutLead = 4

// Redactor masks credentials in text: the one function every message,
// key, fix title and hover text passes through before it is shown (see
// Redact). Make one with NewRedactor; a nil Redactor masks what has the
// form of a credential alone.
type Redactor struct {
	creds []Held
	// pieces maps every run of window characters of a credential's
	// secret part to the credential; short holds the forms shorter than
	// that, prefixes each credential's first cutLead to window characters
	pieces   map[string]int
	short    []shortForm
	prefixes map[string]int
}

type shortForm struct {
	form string
	cred int
}

// NewRedactor makes the Redactor of a file's credentials (In).
func NewRedactor(creds []Held) *Redactor {
	r := &Redactor{creds: creds}
	for i, h := range creds {
		for _, f := range secretForms(h) {
			if len(f) < window {
				r.short = append(r.short, shortForm{f, i})
			} else {
				if r.pieces == nil {
					r.pieces = map[string]int{}
				}
				for j := 0; j+window <= len(f); j++ {
					r.pieces[f[j:j+window]] = i
				}
			}
			if r.prefixes == nil {
				r.prefixes = map[string]int{}
			}
			for n := cutLead; n <= min(len(f), window); n++ {
				r.prefixes[f[:n]] = i
			}
		}
	}
	return r
}

// Redact returns text with every word that holds a credential replaced by
// the credential's shown lead (when the word starts with it) and an
// ellipsis: a word holding any credential of the file whole, or a run of
// window of its characters, or ending in a cut-short quote of its start;
// and any word that has the form of a credential whatever the file holds
// (a key format, a token; the value of a NAME=value word too, since "="
// ends a word). Words are compared by their letters and digits, ignoring
// case: a value upper-cased or with its dashes turned into underscores (a
// suggested secret name) is still the secret. Text without such a word is
// returned as it is.
func (r *Redactor) Redact(text string) string {
	var b strings.Builder
	done := 0 // text[:done] is in b
	hide := func(start, end int, lead string) {
		b.WriteString(text[done:start])
		b.WriteString(lead + "…")
		done = end
	}
	next := 0 // the next part eachShaped found, in shaped
	var shaped [][3]int
	eachShaped(text, isQuoteSep, func(start, end int, cred Credential, _ bool) {
		shaped = append(shaped, [3]int{start, end, cred.Lead})
	})
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && !isQuoteSep(text[j]) {
			j++
		}
		if j == i {
			i++
			continue
		}
		found := false
		for ; next < len(shaped) && shaped[next][0] < j; next++ {
			s := shaped[next]
			hide(s[0], s[1], text[s[0]:s[0]+min(s[2], s[1]-s[0])])
			found = true
		}
		if !found {
			if lead, ok := r.held(text[i:j]); ok {
				hide(i, j, lead)
			}
		}
		i = j
	}
	if done == 0 {
		return text
	}
	b.WriteString(text[done:])
	return b.String()
}

// held reports whether word shows a credential the file holds, and the
// lead that may stay.
func (r *Redactor) held(word string) (string, bool) {
	if r == nil || len(r.creds) == 0 {
		return "", false
	}
	trimmed := strings.TrimRight(word, ".:…")
	norm := alnumUpper(word)
	i, ok := r.find(norm)
	if !ok && len(trimmed) < len(word) {
		// cut short: "sk-proj-Q7vX..." ends in the start of the secret
		for n := min(len(norm), window); n >= cutLead && !ok; n-- {
			i, ok = r.prefixes[norm[len(norm)-n:]]
		}
	}
	if !ok {
		return "", false
	}
	h := r.creds[i]
	lead := h.Text[:min(h.Cred.Lead, len(h.Text))]
	if !strings.HasPrefix(word, lead) {
		lead = ""
	}
	return lead, true
}

// find looks for a credential's secret part in norm, a text as alnumUpper
// writes it: a run of window of its characters, or the whole of a short
// one.
func (r *Redactor) find(norm string) (int, bool) {
	for j := 0; j+window <= len(norm); j++ {
		if i, ok := r.pieces[norm[j:j+window]]; ok {
			return i, true
		}
	}
	for _, s := range r.short {
		if strings.Contains(norm, s.form) {
			return s.cred, true
		}
	}
	return 0, false
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
