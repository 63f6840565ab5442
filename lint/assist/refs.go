package assist

import (
	"fmt"
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

// Refs lists what the config names, in file order.
func (f *File) Refs() []Ref {
	var out []Ref
	f.walkRefs(f.Doc.Root, nil, &out)
	return out
}

func (f *File) walkRefs(t *toml.Table, path []string, out *[]Ref) {
	if t == nil {
		return
	}
	env := len(path) == 1 && path[0] == "env"
	for _, e := range t.Entries {
		p := append(append([]string(nil), path...), e.Key)
		if env {
			*out = append(*out, Ref{Kind: RefEnv, Name: e.Key, Path: p, Key: strings.Join(p, "."), Range: e.KeyRange, NameRange: keyText(f.Doc.Src, e.KeyRange), Quote: quoteOf(f.Doc.Src, e.KeyRange)})
		}
		f.valueRefs(e.Value, p, out)
	}
}

func (f *File) valueRefs(v *toml.Value, path []string, out *[]Ref) {
	if v == nil {
		return
	}
	switch v.Kind {
	case toml.KindTable:
		f.walkRefs(v.Table, path, out)
	case toml.KindArray:
		for i, it := range v.Items {
			f.valueRefs(it, append(append([]string(nil), path...), strconv.Itoa(i)), out)
		}
	case toml.KindString:
		fl := f.field(path)
		if fl == nil {
			return
		}
		kind := RefKind(fl.Complete())
		switch kind {
		case RefRollout, RefEntrypoint, RefDataset, RefModel, RefSecret:
		default:
			return
		}
		r := Ref{Kind: kind, Name: v.Str, Path: path, Key: strings.Join(path, "."), Range: v.Range, NameRange: stringText(f.Doc.Src, v.Range), Quote: quoteOf(f.Doc.Src, v.Range)}
		if kind == RefEntrypoint {
			if rv := f.sibling(path, "rollout"); rv != nil {
				r.Rollout = rv.Str
			}
		}
		*out = append(*out, r)
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

// Text is what replaces the ref's Range to make it name name: a literal
// string stays literal when it can hold the name, a bare key stays bare
// when the name is one.
func (r Ref) Text(name string) string {
	switch {
	case r.Quote == 0 && bareKey(name):
		return name
	case r.Quote == '\'' && !strings.ContainsAny(name, "'\n\r"):
		return "'" + name + "'"
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range name {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", c)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// bareKey reports whether name can be written as a bare TOML key.
func bareKey(name string) bool {
	for _, c := range name {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return name != ""
}
