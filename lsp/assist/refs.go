package assist

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// RefKind is what a value of a config names in the workspace or on the
// platform.
type RefKind string

// Ref kinds, as the schema's x-osmosis-complete annotations name them.
const (
	RefRollout    RefKind = "rollout"
	RefEntrypoint RefKind = "entrypoint"
	RefDataset    RefKind = "dataset"
	RefModel      RefKind = "model"
	RefSecret     RefKind = "secret"
	RefEnv        RefKind = "env"
)

// Ref is one value (or, for an env var, one key) of a config that names a
// rollout, entrypoint, dataset, model, secret or env var.
type Ref struct {
	Kind RefKind
	Name string
	// Path is the instance path of the value; Key is it dotted.
	Path []string
	Key  string
	// Range is the string token with its quotes, or the env var's key.
	Range toml.Range
	// Name is the text inside the quotes: the part a rename replaces.
	NameRange toml.Range
	// Rollout is, for an entrypoint, the rollout its section names.
	Rollout string
	// Quote is the token's quote ('"' or '\''), 0 for a bare key.
	Quote byte
}

// Refs lists what the config names, in file order. The walk shares one
// path stack and copies it only into the refs it makes, and it does not
// enter a table or array the schema does not describe (nothing below one
// names anything), so its cost is linear in the document, however deep.
func (f *File) Refs() []Ref {
	w := refWalk{f: f}
	w.table(f.Doc.Root)
	return w.out
}

type refWalk struct {
	f    *File
	path []string // the place being walked: valid only during the walk
	out  []Ref
}

// ref adds a ref for the current place, with its own copy of the path.
func (w *refWalk) ref(r Ref) {
	r.Path = append([]string(nil), w.path...)
	r.Key = strings.Join(r.Path, ".")
	w.out = append(w.out, r)
}

func (w *refWalk) table(t *toml.Table) {
	if t == nil {
		return
	}
	src := w.f.Doc.Src
	env := len(w.path) == 1 && w.path[0] == "env"
	for _, e := range t.Entries {
		w.path = append(w.path, e.Key)
		if env {
			w.ref(Ref{Kind: RefEnv, Name: e.Key, Range: e.KeyRange, NameRange: keyText(src, e.KeyRange), Quote: quoteOf(src, e.KeyRange)})
		}
		w.value(e.Value)
		w.path = w.path[:len(w.path)-1]
	}
}

func (w *refWalk) value(v *toml.Value) {
	if v == nil {
		return
	}
	switch v.Kind {
	case toml.KindTable, toml.KindArray:
		if len(w.path) > 0 && w.f.field(w.path) == nil {
			return
		}
		if v.Kind == toml.KindTable {
			w.table(v.Table)
			return
		}
		for i, it := range v.Items {
			w.path = append(w.path, strconv.Itoa(i))
			w.value(it)
			w.path = w.path[:len(w.path)-1]
		}
	case toml.KindString:
		fl := w.f.field(w.path)
		if fl == nil {
			return
		}
		kind := RefKind(fl.Complete())
		switch kind {
		case RefRollout, RefEntrypoint, RefDataset, RefModel, RefSecret:
		default:
			return
		}
		src := w.f.Doc.Src
		r := Ref{Kind: kind, Name: v.Str, Range: v.Range, NameRange: stringText(src, v.Range), Quote: quoteOf(src, v.Range)}
		if kind == RefEntrypoint {
			if rv := w.f.sibling(w.path, "rollout"); rv != nil {
				r.Rollout = rv.Str
			}
		}
		w.ref(r)
	}
}

// RefAt returns the ref of refs under offset off.
func RefAt(refs []Ref, off int) (Ref, bool) {
	for _, r := range refs {
		if r.Range.Contains(off) {
			return r, true
		}
	}
	return Ref{}, false
}

// stringText is the range inside the quotes of a one-line string token.
func stringText(src []byte, r toml.Range) toml.Range {
	if r.Len() >= 6 && r.End <= len(src) {
		if q := string(src[r.Start : r.Start+3]); q == `"""` || q == "'''" {
			return toml.Range{Start: r.Start + 3, End: r.End - 3}
		}
	}
	if r.Len() >= 2 && r.End <= len(src) && (src[r.Start] == '"' || src[r.Start] == '\'') {
		return toml.Range{Start: r.Start + 1, End: r.End - 1}
	}
	return r
}

// keyText is the name part of a key: inside its quotes when it is quoted.
func keyText(src []byte, r toml.Range) toml.Range { return stringText(src, r) }

// quoteOf is the quote a token at r starts with, or 0.
func quoteOf(src []byte, r toml.Range) byte {
	if r.Len() > 0 && r.End <= len(src) && (src[r.Start] == '"' || src[r.Start] == '\'') {
		return src[r.Start]
	}
	return 0
}

// Text is what replaces the ref's Range to make it name name (UTF-8, as a
// client's JSON gives it): a literal string stays literal when it can hold
// the name, a bare key stays bare when the name is one, else a basic
// string (schema/toml's quoters).
func (r Ref) Text(name string) string {
	if r.Quote == 0 {
		q, _ := toml.QuoteKey(name)
		return q
	}
	if r.Quote == '\'' {
		if q, ok := toml.QuoteLiteral(name); ok {
			return q
		}
	}
	q, _ := toml.Quote(name)
	return q
}
