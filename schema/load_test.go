package schema

import (
	"maps"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// forgetLoaded drops the compiled schemas, so that the next For compiles
// its kind again as a fresh process would. Tests only: For is otherwise
// compiled once per process.
func forgetLoaded() {
	for k := range loaded {
		loaded[k] = &lazySchema{}
	}
	commonSchema = sync.OnceValues(readCommon)
}

// firstCheck is what a process's first check of a training config asks
// of the schema: the compiled schema, its validation of a clean config,
// and the field lookups the rules make of each section and key.
func firstCheck(doc *toml.Document) {
	s := For(Training)
	if is := s.Validate(doc); len(is) != 0 {
		panic(is[0].Key)
	}
	root := s.Root()
	for _, top := range doc.Root.Entries {
		sec := root.Property(top.Key)
		for _, e := range top.Value.Table.Entries {
			sec.Property(e.Key).Limit()
		}
	}
}

// BenchmarkLoad measures the first use of a kind's schema: reading and
// compiling the training schema, as a process's first check does.
func BenchmarkLoad(b *testing.B) {
	defer forgetLoaded()
	b.ReportAllocs()
	for b.Loop() {
		forgetLoaded()
		For(Training)
	}
}

// BenchmarkFirstCheck measures the schema's share of a process's first
// check: the compile, the validation and the rules' field lookups.
func BenchmarkFirstCheck(b *testing.B) {
	defer forgetLoaded()
	doc := toml.Parse([]byte(firstConfig))
	b.ReportAllocs()
	for b.Loop() {
		forgetLoaded()
		firstCheck(doc)
	}
}

// The allocations of a schema's first use, which every process that checks
// a config pays before its first finding: 495 to compile the training
// schema (1,429 when each value was decoded into memory of its own, each
// node found again from the document's root and every pattern parsed at
// once), 711 with a first check's validation and field lookups (1,668).
const (
	loadAllocs       = 530
	firstCheckAllocs = 760
)

// firstConfig is a clean training config with every section, as a
// workspace's configs are.
const firstConfig = cleanConfig + "\n[advanced]\nseed = 0\n"

func TestFirstUseAllocations(t *testing.T) {
	defer forgetLoaded()
	doc := toml.Parse([]byte(firstConfig))
	load := testing.AllocsPerRun(5, func() { forgetLoaded(); For(Training) })
	first := testing.AllocsPerRun(5, func() { forgetLoaded(); firstCheck(doc) })
	t.Logf("first use of the training schema: %.0f allocations to compile it, %.0f with a first check", load, first)
	if load > loadAllocs {
		t.Errorf("compiling the training schema: %.0f allocations, budget %d", load, loadAllocs)
	}
	if first > firstCheckAllocs {
		t.Errorf("a first check: %.0f allocations, budget %d", first, firstCheckAllocs)
	}
	// nor does it read a key order: that scans the sources
	forgetLoaded()
	firstCheck(doc)
	if s := For(Training); s.orders != nil {
		t.Errorf("a first check read the key orders of %v", slices.Collect(maps.Keys(s.orders)))
	}
}

// TestPropertyNames holds PropertyNames to the set Properties lists, for
// every table of every kind, and to reading no key order from the sources.
func TestPropertyNames(t *testing.T) {
	defer forgetLoaded()
	for _, k := range Kinds() {
		forgetLoaded()
		s := For(k)
		var tables []*Field
		root := s.Root()
		tables = append(tables, root)
		for _, name := range root.PropertyNames() {
			if f := root.Property(name); f != nil {
				tables = append(tables, f)
				if it := f.Items(); it != nil {
					tables = append(tables, it)
				}
			}
		}
		sets := make([][]string, len(tables))
		for i, f := range tables {
			sets[i] = f.PropertyNames()
		}
		if s.orders != nil {
			t.Errorf("%s: PropertyNames read key orders %v", k, s.orders)
		}
		for i, f := range tables {
			got, want := slices.Sorted(slices.Values(sets[i])), slices.Sorted(slices.Values(f.Properties()))
			if !slices.Equal(got, want) {
				t.Errorf("%s %v: PropertyNames %q, Properties %q", k, f.Path, got, want)
			}
		}
	}
}

// TestCommonShared holds the kinds' bundles to one decoding of
// common.json: a definition none of them declares is the same object in
// each.
func TestCommonShared(t *testing.T) {
	defer forgetLoaded()
	forgetLoaded()
	defs := func(k Kind) map[string]any { return For(k).raw["$defs"].(map[string]any) }
	tr, ev := defs(Training), defs(Eval)
	env, ok := tr["env"].(map[string]any)
	if !ok {
		t.Fatal("no env definition in the training schema")
	}
	if other, _ := ev["env"].(map[string]any); reflect.ValueOf(other).UnsafePointer() != reflect.ValueOf(env).UnsafePointer() {
		t.Error("the training and eval schemas decoded common.json each")
	}
}

// TestConcurrentFirstUse: the language server and the MCP session check
// configs of every kind at once; the schemas' first use (compiling a kind,
// its fields, key orders, variants and patterns, all made on first need)
// is shared by goroutines that race to it. Run with -race.
func TestConcurrentFirstUse(t *testing.T) {
	defer forgetLoaded()
	forgetLoaded()
	doc := toml.Parse([]byte(firstConfig))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			firstCheck(doc)
			for _, k := range Kinds() {
				s := For(k)
				s.Validate(doc)
				var walk func(f *Field, depth int)
				walk = func(f *Field, depth int) {
					if f == nil || depth > 4 {
						return
					}
					f.Description()
					f.MatchesPattern("0123456789abcdef0123456789abcdef01234567")
					for _, name := range f.Properties() {
						walk(f.Property(name), depth+1)
					}
					f.Property("undeclared")
					walk(f.Items(), depth+1)
					for _, tag := range f.VariantTags() {
						walk(f.Variant(tag), depth+1)
					}
				}
				walk(s.Root(), 0)
			}
		}()
	}
	wg.Wait()
}
