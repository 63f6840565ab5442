package schema

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestPropTables holds every object schema's property table to a map of
// its names: each name is found with its schema, and keys that are not
// names (names changed in a byte, cut, extended, empty) are not; no
// schema object needs the map fallback.
func TestPropTables(t *testing.T) {
	seen := map[*node]bool{}
	var walk func(n *node)
	tables := 0
	walk = func(n *node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		p := &n.props
		if len(p.names) > 0 {
			tables++
			if p.byMap != nil {
				t.Errorf("properties %v need a map", p.names)
			}
			checkPropTable(t, p)
		}
		for _, s := range p.nodes {
			walk(s)
		}
		for _, s := range n.allOf {
			walk(s)
		}
		for _, s := range []*node{n.ref, n.additional, n.propertyNames, n.items, n.not, n.ifNode, n.then, n.elseN} {
			walk(s)
		}
	}
	for _, k := range Kinds() {
		walk(For(k).root)
	}
	if tables < 10 {
		t.Fatalf("only %d property tables", tables)
	}
	// tables no seed separates fall back to a map, and agree too
	same := map[string]*node{"ab": {}, "abcd": {}, "axcd": {}, "a": {}, "b": {}}
	p := newPropTable(same)
	if p.byMap == nil {
		t.Error(`"abcd" and "axcd" hash alike, yet no map`)
	}
	checkPropTable(t, &p)
	empty := newPropTable(nil)
	if _, ok := empty.get("x"); ok {
		t.Error("an empty table holds x")
	}
}

func checkPropTable(t *testing.T, p *propTable) {
	t.Helper()
	want := map[string]*node{}
	for i, name := range p.names {
		want[name] = p.nodes[i]
	}
	var probes []string
	for _, name := range slices.Sorted(maps.Keys(want)) {
		probes = append(probes, name, name+"_", "_"+name, "")
		if len(name) > 0 {
			probes = append(probes, name[1:], name[:len(name)-1])
			for i := range len(name) {
				b := []byte(name)
				b[i] ^= 1
				probes = append(probes, string(b))
			}
		}
	}
	for _, k := range probes {
		got, ok := p.get(k)
		w, wok := want[k]
		if ok != wok || got != w {
			t.Fatalf("%v: get(%q) = %p, %v; want %p, %v", p.names, k, got, ok, w, wok)
		}
	}
}

// TestAliasOfAsDeclaredOrder holds AliasOf, which reads the properties in
// no particular order when no two claim one alias, to the table made in
// the declared order, for every table of every kind.
func TestAliasOfAsDeclaredOrder(t *testing.T) {
	seen := 0
	for _, k := range Kinds() {
		var walk func(f *Field, depth int)
		walk = func(f *Field, depth int) {
			if f == nil || depth > 6 || !f.IsTable() {
				return
			}
			ordered, _ := f.aliasTable(f.Properties(), false)
			seen += len(ordered)
			for a, want := range ordered {
				if got := f.AliasOf(a); got != want {
					t.Errorf("%s %v: AliasOf(%q) = %q, the declared order gives %q", k, f.Path, a, got, want)
				}
				if got := f.AliasOf(strings.ToUpper(a)); got != want {
					t.Errorf("%s %v: AliasOf(%q) = %q, want %q", k, f.Path, strings.ToUpper(a), got, want)
				}
			}
			if got := f.AliasOf("no-such-alias-anywhere"); got != "" {
				t.Errorf("%s %v: AliasOf of an unknown name = %q", k, f.Path, got)
			}
			for _, p := range f.Properties() {
				walk(f.Property(p), depth+1)
			}
		}
		walk(For(k).Root(), 0)
	}
	if seen == 0 {
		t.Fatal("no aliases in any schema: the test holds nothing")
	}
}
