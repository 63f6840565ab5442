// Package schema is the shared schema engine of osmosis-lint: the embedded
// JSON Schemas of the three config kinds (with x-osmosis-* annotations for
// facts JSON Schema has no word for), their validation against a parsed TOML
// document, and the field facts that hover, completion, inlay hints and the
// rule catalog read.
//
// The schemas are the single source of truth for every field: its type,
// default, allowed range, documentation and the stage at which a wrong value
// bites.
package schema

import (
	"bytes"
	_ "embed" // the schema sources
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// The embedded schema sources. They are read in place: the strings their
// decoding gives are parts of them, not copies.
var (
	//go:embed schemas/training.json
	trainingSource string
	//go:embed schemas/eval.json
	evalSource string
	//go:embed schemas/benchmark.json
	benchmarkSource string
	//go:embed schemas/common.json
	commonSource string
)

// source returns the text of an embedded schema file.
func source(name string) (string, error) {
	switch name {
	case "schemas/training.json":
		return trainingSource, nil
	case "schemas/eval.json":
		return evalSource, nil
	case "schemas/benchmark.json":
		return benchmarkSource, nil
	case "schemas/common.json":
		return commonSource, nil
	}
	return "", fmt.Errorf("no embedded schema %s", name)
}

// Kind is a config kind.
type Kind string

// Config kinds.
const (
	Training  Kind = "training"
	Eval      Kind = "eval"
	Benchmark Kind = "benchmark"
)

// Kinds lists the config kinds in a stable order.
func Kinds() []Kind { return []Kind{Training, Eval, Benchmark} }

// ParseKind reads a kind name.
func ParseKind(s string) (Kind, bool) {
	switch Kind(s) {
	case Training, Eval, Benchmark:
		return Kind(s), true
	}
	return "", false
}

// Schema is the compiled schema of one config kind.
type Schema struct {
	Kind       Kind
	raw        map[string]any // bundled document
	bundled    []byte         // indented JSON for export, made on first use
	exportOnce sync.Once
	root       *node     // compiled for validation
	orders     keyOrders // the key order of each property list asked for, read on first use
	ordersMu   sync.Mutex
	ordersAll  bool // orders holds every property list's order

	rootOnce  sync.Once
	rootField *Field
}

// loaded holds each kind's schema, compiled on first use: a run that checks
// only training configs never reads the others.
var loaded = map[Kind]*lazySchema{Training: {}, Eval: {}, Benchmark: {}}

type lazySchema struct {
	once sync.Once
	s    *Schema
	err  error
}

// For returns the compiled schema of kind. The schemas are embedded and
// compiled once, on first use; a failure is a bug in the embedded files and
// panics.
func For(kind Kind) *Schema {
	l := loaded[kind]
	if l == nil {
		panic(fmt.Sprintf("schema: unknown kind %q", kind))
	}
	l.once.Do(func() { l.s, l.err = load(kind) })
	if l.err != nil {
		panic(l.err)
	}
	return l.s
}

func load(k Kind) (*Schema, error) {
	doc, err := readSchema("schemas/" + string(k) + ".json")
	if err != nil {
		return nil, err
	}
	common, err := commonSchema()
	if err != nil {
		return nil, err
	}
	bundle(doc, common)
	root, err := compile(doc)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", k, err)
	}
	return &Schema{Kind: k, raw: doc, root: root}, nil
}

// readSchema decodes an embedded schema file, its references to
// common.json read as local ones (see bundle).
func readSchema(name string) (map[string]any, error) {
	b, err := source(name)
	if err != nil {
		return nil, err
	}
	d := jsonDecoder{src: b, localRefs: commonFile}
	m, err := d.document()
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", name, err)
	}
	return m, nil
}

// commonSchema is common.json, decoded once for all the kinds a process
// loads (a run over a workspace checks configs of each): their bundles
// share its definitions, which nothing writes.
var commonSchema = sync.OnceValues(readCommon)

func readCommon() (map[string]any, error) { return readSchema("schemas/common.json") }

// commonFile is the name the kinds' schemas give common.json in their
// references.
const commonFile = "common.json"

// bundle makes doc self-contained: the definitions of common.json are copied
// into its $defs, so that other tools (tombi, taplo) can use the exported
// schema as one file. The references to them were made local as the files
// were read (readSchema).
func bundle(doc, common map[string]any) {
	defs, _ := doc["$defs"].(map[string]any)
	if defs == nil {
		defs = map[string]any{}
	}
	for name, def := range common["$defs"].(map[string]any) {
		if _, ok := defs[name]; !ok {
			defs[name] = def
		}
	}
	doc["$defs"] = defs
}

// JSON returns the schema as a self-contained JSON Schema document.
func (s *Schema) JSON() []byte {
	s.exportOnce.Do(func() {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(s.raw); err != nil {
			panic(fmt.Sprintf("schema %s: %v", s.Kind, err)) // the embedded schema is valid JSON
		}
		s.bundled = buf.Bytes()
	})
	return s.bundled
}

// pointer resolves a JSON pointer fragment ("/properties/x") in the bundled
// document: the object there, or nil.
func (s *Schema) pointer(frag string) map[string]any {
	v, _ := resolvePointer(s.raw, frag)
	m, _ := v.(map[string]any)
	return m
}

// resolvePointer returns the value at a JSON pointer of doc ("" is doc
// itself); a missing key leads to nil, a list index out of range or a step
// into a scalar to an error.
func resolvePointer(doc map[string]any, ptr string) (any, error) {
	var cur any = doc
	if ptr == "" {
		return cur, nil
	}
	rest := strings.TrimPrefix(ptr, "/")
	for {
		tok, more, found := strings.Cut(rest, "/")
		if strings.Contains(tok, "~") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		}
		switch x := cur.(type) {
		case map[string]any:
			cur = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, fmt.Errorf("schema pointer %q: no item %q", ptr, tok)
			}
			cur = x[i]
		default:
			return nil, fmt.Errorf("schema pointer %q leads nowhere", ptr)
		}
		if !found {
			return cur, nil
		}
		rest = more
	}
}
