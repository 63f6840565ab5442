package schema

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDecodeJSON holds the schema decoder equal to encoding/json (with
// UseNumber) on every embedded file, and its key orders equal to those of
// encoding/json's tokenizer.
func TestDecodeJSON(t *testing.T) {
	names, err := fs.Glob(files, "schemas/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no embedded schemas: %v", err)
	}
	for _, name := range names {
		src, err := source(name)
		if err != nil {
			t.Fatal(err)
		}
		orders := keyOrders{}
		got, err := decodeJSON(src, orders)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var want map[string]any
		d := json.NewDecoder(strings.NewReader(src))
		d.UseNumber()
		if err := d.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decoded differently from encoding/json", name)
		}
		// validation reads the schemas without their key orders
		if plain, err := decodeJSON(src, nil); err != nil || !reflect.DeepEqual(plain, want) {
			t.Errorf("%s: decoded without orders differently from encoding/json (%v)", name, err)
		}
		wantOrders := keyOrders{}
		tokenOrder([]byte(src), wantOrders)
		if !reflect.DeepEqual(orders, wantOrders) {
			t.Errorf("%s: key orders differ from the tokenizer's", name)
		}
		// field lists read the orders alone, without the values
		scanned := keyOrders{}
		if err := scanOrders(src, scanned); err != nil || !reflect.DeepEqual(scanned, propertyOrders(wantOrders)) {
			t.Errorf("%s: key orders scanned without the values differ from the tokenizer's (%v)", name, err)
		}
	}
}

func TestDecodeJSONCases(t *testing.T) {
	for _, src := range []string{
		`{"a": "\u00e9\ud83d\ude00\ud800x\"\\\/\b\f\n\r\t", "b": [1, -2.5e3, true, false, null, {}, []], "c/~": {"x": 1}}`,
		`{"properties": {"b": 1, "a": {"properties": {}}, "c\"~/": {"properties": {"z": [{"properties": {"y": 1, "x": 2}}], "w": "}"}}}, "x": {"properties": {"q": 1}}}`,
		`{"a": "\ud800\u0041", "b": "\udc00"}`,
		`{}`,
		` { "nested" : { "deep" : [ { "k" : "v" } ] } } `,
	} {
		got, err := decodeJSON(src, nil)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		var want map[string]any
		d := json.NewDecoder(bytes.NewReader([]byte(src)))
		d.UseNumber()
		if err := d.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %#v, want %#v", src, got, want)
		}
		wantOrders, scanned := keyOrders{}, keyOrders{}
		tokenOrder([]byte(src), wantOrders)
		if err := scanOrders(src, scanned); err != nil || !reflect.DeepEqual(scanned, propertyOrders(wantOrders)) {
			t.Errorf("%s: scanned orders %v, want %v (%v)", src, scanned, wantOrders, err)
		}
	}
	for _, bad := range []string{``, `{`, `{"a"}`, `{"a": }`, `{"a": 1,}`, `{"a": 1} x`, `[1]`, `{"a": "\q"}`, `{"a": "x`, `{"a": tru}`, `{"a": 1.2.3}`, `{"a": "\u+123"}`, `{"a": "\u0_41"}`, `{"a": "\u00"}`, "{\"a\": \"\x01\"}"} {
		if _, err := decodeJSON(bad, nil); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// propertyOrders keeps the orders of the pointers keyOrder is asked for.
func propertyOrders(all keyOrders) keyOrders {
	out := keyOrders{}
	for ptr, keys := range all {
		if strings.HasSuffix(ptr, propertiesPtr) {
			out[ptr] = keys
		}
	}
	return out
}

// tokenOrder records key orders with encoding/json's tokenizer, as the
// reference for decodeJSON's.
func tokenOrder(src []byte, into keyOrders) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var walk func(ptr string) bool
	walk = func(ptr string) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch d := tok.(type) {
		case json.Delim:
			switch d {
			case '{':
				var keys []string
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return false
					}
					k, _ := kt.(string)
					keys = append(keys, k)
					if !walk(ptr + "/" + escapePtr(k)) {
						return false
					}
				}
				if _, err := dec.Token(); err != nil {
					return false
				}
				if _, seen := into[ptr]; !seen {
					into[ptr] = keys
				}
			case '[':
				for i := 0; dec.More(); i++ {
					if !walk(ptr + "/" + strconv.Itoa(i)) {
						return false
					}
				}
				if _, err := dec.Token(); err != nil {
					return false
				}
			}
		}
		return true
	}
	walk("")
}

// TestPatternsCompile parses every pattern of every kind, which a process
// otherwise parses only when a string is first held against it (and a
// pattern that does not parse would panic then).
func TestPatternsCompile(t *testing.T) {
	for _, k := range Kinds() {
		seen := map[*node]bool{}
		var walk func(n *node)
		walk = func(n *node) {
			if n == nil || seen[n] {
				return
			}
			seen[n] = true
			if n.pattern != nil {
				if _, err := regexp.Compile(n.pattern.src); err != nil {
					t.Errorf("%s: pattern %q: %v", k, n.pattern.src, err)
				}
				if err := n.pattern.prepare(); err != nil {
					t.Errorf("%s: pattern %q: %v", k, n.pattern.src, err)
				}
			}
			for _, c := range []*node{n.ref, n.additional, n.propertyNames, n.items, n.not, n.ifNode, n.then, n.elseN} {
				walk(c)
			}
			for _, c := range n.props.nodes {
				walk(c)
			}
			for _, c := range n.allOf {
				walk(c)
			}
		}
		walk(For(k).root)
	}
}

// TestOrderAt holds the key order read for one pointer equal to the order
// the whole scan records for it, for every property list of every kind.
func TestOrderAt(t *testing.T) {
	for _, k := range Kinds() {
		full := keyOrders{}
		for _, name := range []string{"schemas/" + string(k) + ".json", "schemas/common.json"} {
			src, _ := source(name)
			if err := scanOrders(src, full); err != nil {
				t.Fatal(err)
			}
		}
		if len(full) < 2 {
			t.Fatalf("%s: only %d property lists", k, len(full))
		}
		all := allOrders(k)
		if len(all) != len(full) {
			t.Errorf("%s: allOrders holds %d lists, the whole scan %d", k, len(all), len(full))
		}
		for ptr, want := range full {
			if got := all[ptr]; got == nil || len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				t.Errorf("%s %s: allOrders %q, the whole scan %q", k, ptr, got, want)
			}
			got := orderAt(k, ptr)
			if got == nil || len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				t.Errorf("%s %s: orderAt %q, the whole scan %q", k, ptr, got, want)
			}
		}
		for _, ptr := range []string{"/nothing/properties", "/properties/x/properties/y/properties", "/properties/~1/properties"} {
			if _, ok := full[ptr]; !ok && orderAt(k, ptr) != nil {
				t.Errorf("%s %s: an order for a pointer the sources do not hold", k, ptr)
			}
		}
	}
}

// TestDecodeLocalRefs holds the decoder's reading of references to
// common.json as local ones (bundle's rewrite): $ref strings only, of that
// file only.
func TestDecodeLocalRefs(t *testing.T) {
	src := `{"$ref": "common.json#/$defs/x", "a": {"$ref": "other.json#/y", "b": {"$ref": "common.json#"}}, "c": ["common.json#/z"], "d": {"$ref": 1}, "e": {"x": "common.json#/w"}}`
	d := jsonDecoder{src: src, localRefs: commonFile}
	got, err := d.document()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"$ref": "#/$defs/x",
		"a":    map[string]any{"$ref": "other.json#/y", "b": map[string]any{"$ref": "#"}},
		"c":    []any{"common.json#/z"},
		"d":    map[string]any{"$ref": json.Number("1")},
		"e":    map[string]any{"x": "common.json#/w"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v\nwant %#v", got, want)
	}
}
