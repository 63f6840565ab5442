// Package sdkapi is the osmosis SDK's public surface per release: the
// modules of its osmosis_ai package and the names each binds at its top
// level, the extras an integration module needs installed, and the methods
// and imports its 0.3 release removed with their migrations. table.json is
// generated from the SDK's own source at each release tag by
// testdata/tools/gen.py (a development tool; the product only reads the
// table):
//
//	python3.12 lint/sdkapi/testdata/tools/gen.py SDK_GIT_DIR > lint/sdkapi/table.json
//
// The table is parsed on first use, not at start-up.
package sdkapi

import (
	_ "embed"
	"encoding/json"
	"math/bits"
	"strings"
	"sync"
)

//go:embed table.json
var tableJSON []byte

// Table is the parsed table.json. A release set is a bit mask over
// Releases (bit i is Releases[i]; releases in ascending version order).
type Table struct {
	Source   string   `json:"source"`
	Releases []string `json:"releases"`
	// Commits are the SDK commits the release tags name.
	Commits []string `json:"commits"`
	// MigrationDoc is the SDK document the migrations quote.
	MigrationDoc string `json:"migration_doc"`
	// Migrations: the 0.3 migration of a removed API, by the name a
	// rollout imports (a function, class or module name).
	Migrations map[string]string `json:"migrations"`
	// Methods are the methods the 0.3 release removed: the releases that
	// define a function of that name anywhere, and the migration.
	Methods map[string]Method `json:"methods"`
	// Extras: per release, each optional extra and the top-level packages
	// it installs that the base install does not.
	Extras map[string]map[string][]string `json:"extras"`
	// Needs: per module, the top-level packages importing it executes that
	// only extras install, with the extras that install each.
	Needs   map[string][]Need `json:"needs"`
	Modules map[string]Module `json:"modules"`

	versions []version
}

// Module is one module of osmosis_ai: the releases that have it, those in
// which it can bind names its source does not spell (a * import, a module
// __getattr__ the table cannot read, globals()), and the names it binds
// at its top level.
type Module struct {
	In      uint64            `json:"in"`
	Dynamic uint64            `json:"dynamic"`
	Names   map[string]uint64 `json:"names"`
}

// Need is a top-level package a module imports that only extras install.
type Need struct {
	Import string   `json:"import"`
	Extras []string `json:"extras"`
	In     uint64   `json:"in"`
}

// Method is a removed method.
type Method struct {
	In        uint64 `json:"in"`
	Migration string `json:"migration"`
}

var (
	once  sync.Once
	table *Table
)

// Load returns the table, parsed on the first call (nothing is parsed or
// allocated at start-up).
func Load() *Table {
	once.Do(func() {
		table = parse(tableJSON)
	})
	return table
}

// parse reads a table; one it cannot read is empty, and then decides
// nothing (the tests hold the embedded one readable).
func parse(data []byte) *Table {
	var t Table
	if json.Unmarshal(data, &t) != nil || len(t.Releases) > 64 || len(t.Commits) != len(t.Releases) {
		return &Table{}
	}
	for _, r := range t.Releases {
		v, ok := parseVersion(r)
		if !ok {
			return &Table{}
		}
		t.versions = append(t.versions, v)
	}
	return &t
}

// Release names the newest release of a set.
func (t *Table) Release(set uint64) string {
	if set == 0 {
		return ""
	}
	return t.Releases[63-bits.LeadingZeros64(set)]
}

// Span names the releases of a set as a range ("0.3.0", "0.2.0 to 0.2.31").
func (t *Table) Span(set uint64) string {
	if set == 0 {
		return ""
	}
	lo, hi := t.Releases[bits.TrailingZeros64(set)], t.Release(set)
	if lo == hi {
		return lo
	}
	return lo + " to " + hi
}

// older is the set of releases older than every release of set.
func older(set uint64) uint64 {
	if set == 0 {
		return 0
	}
	return set&-set - 1
}

// Requirement is a rollout's requirement on the SDK, read exactly.
type Requirement struct {
	// Extras are the extras it asks for.
	Extras []string
	// Admitted is the set of the table's releases the specifier allows.
	Admitted uint64
	// Exact: the specifier is one == of a release the table has, so the
	// installed SDK is that release.
	Exact bool
	// Bare: no specifier; any release, including those after the table.
	Bare bool
}

// Missing tells whether an import of the dotted module (and of name from
// it, when name is not "") fails in every release the requirement admits,
// decided exactly: the requirement pins one release, or what is missing
// was in a release older than every admitted one (an API the SDK removed,
// which a later release does not bring back). what names the module or
// name missing; was, the newest release that had it ("" for none).
func (t *Table) Missing(r Requirement, module, name string) (what, was string, missing bool) {
	if r.Admitted == 0 || r.Bare {
		return "", "", false
	}
	decided := func(in uint64) bool {
		return in&r.Admitted == 0 && (r.Exact || in&older(r.Admitted) != 0)
	}
	parts := strings.Split(module, ".")
	for i := range parts {
		mod := strings.Join(parts[:i+1], ".")
		m, ok := t.Modules[mod]
		if m.In&r.Admitted != 0 {
			continue
		}
		// A submodule may be named as an attribute of its package only
		// when the package's name is there too; judged as a module.
		if !ok && !r.Exact || !decided(m.In) {
			return "", "", false
		}
		return mod, t.Release(m.In), true
	}
	if name == "" || strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") {
		return "", "", false
	}
	m := t.Modules[module]
	in := m.Names[name] | t.Modules[module+"."+name].In&m.In | m.Dynamic
	if in&r.Admitted != 0 || !decided(in) {
		return "", "", false
	}
	return module + "." + name, t.Release(in), true
}

// Migration is the 0.3 migration of a removed name ("" when the
// migration guide names none).
func (t *Table) Migration(name string) string { return t.Migrations[name] }

// RemovedMethod tells whether the method name is absent from every
// release the requirement admits while an older release defined it: the
// migration, and the newest release that had it.
func (t *Table) RemovedMethod(r Requirement, name string) (migration, was string, removed bool) {
	m, ok := t.Methods[name]
	if !ok || r.Admitted == 0 || r.Bare || m.In&r.Admitted != 0 || m.In&older(r.Admitted) == 0 {
		return "", "", false
	}
	return m.Migration, t.Release(m.In), true
}

// MissingExtra tells whether importing module needs, in every release
// the requirement admits, a package that none of the extras it asks for
// installs: the package and the extras that would.
func (t *Table) MissingExtra(r Requirement, module string) (pkg string, extras []string, missing bool) {
	if r.Admitted == 0 {
		return "", nil, false
	}
	declared := map[string]bool{}
	for _, e := range r.Extras {
		declared[normalizeExtra(e)] = true
	}
	for rel := r.Admitted; rel != 0; rel &= rel - 1 {
		bit := rel & -rel
		if _, ok := t.Extras[t.Releases[bits.TrailingZeros64(bit)]]; !ok {
			return "", nil, false // no metadata to read for that release
		}
		// the newest admitted release names the package and extras
		found := false
		for _, n := range t.Needs[module] {
			if n.In&bit != 0 && !anyDeclared(n.Extras, declared) {
				pkg, extras, found = n.Import, n.Extras, true
				break
			}
		}
		if !found {
			return "", nil, false
		}
	}
	return pkg, extras, true
}

func anyDeclared(extras []string, declared map[string]bool) bool {
	for _, e := range extras {
		if declared[e] {
			return true
		}
	}
	return false
}

// normalizeExtra is an extra's name as PEP 685 compares them.
func normalizeExtra(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(strings.TrimSpace(s)) {
		if c == '-' || c == '_' || c == '.' {
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(c)
	}
	return b.String()
}
