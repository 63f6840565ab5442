package workspace

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseSettingsTOML: the settings file is read as tomllib reads it
// (an integer beyond 64 bits is valid TOML there), and a file that is not
// TOML is one problem at the place of its first error.
func TestParseSettingsTOML(t *testing.T) {
	for _, tc := range []struct {
		src   string
		table bool
		want  string
	}{
		{"a = 99999999999999999999\n[tool.osmosis-lint]\nignore = [\"x\"]\n", true, ""},
		{"[tool.osmosis-lint]\nseverity = 3\n  é = \n", false, "pyproject.toml:3:3: not valid TOML: "},
		{"[tool.osmosis-lint]\nselect = [1979-05-27]\n", true, "pyproject.toml:2:1: [tool.osmosis-lint] select: element 0 must be a string, found a date or time"},
		{"x = 1\n[tool.osmosis_lint]\n", false, "pyproject.toml:2:7: tool.osmosis_lint: this table is not read"},
		{"[[tool.osmosis-lint]]\n", true, "pyproject.toml:1:8: [tool.osmosis-lint]: [tool.osmosis-lint] must be a table, found an array"},
	} {
		st, problems := ParseSettings([]byte(tc.src))
		var got []string
		for _, p := range problems {
			got = append(got, p.Error())
		}
		joined := strings.Join(got, "\n")
		if st.Table() != tc.table || (tc.want == "") != (joined == "") || !strings.HasPrefix(joined, tc.want) {
			t.Errorf("%q: table %v, problems %q; want table %v, problems starting %q", tc.src, st.Table(), joined, tc.table, tc.want)
		}
	}
}

// TestExcludeManyGlobs: an exclude list of 5,000 long globs over 1,200
// configs. Each config is held against each glob, so the match itself
// must cost no allocation: the globs are compiled once with the settings,
// a glob whose plain run the path lacks is settled without wildmatch, and
// wildmatch keeps its long memo from call to call. Listing the configs
// made a memo table for each glob, config and directory above it (18
// million allocations); the bound is that of listing with no exclude.
func TestExcludeManyGlobs(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 1,200 configs")
	}
	root := t.TempDir()
	tree := files{"rollouts/r/main.py": "x = 1\n"}
	for i := range 1200 {
		tree[fmt.Sprintf("configs/training/cfg-%04d.toml", i)] = ""
	}
	var globs strings.Builder
	globs.WriteString("[tool.osmosis-lint]\nexclude = [\n")
	for i := range 5000 {
		fmt.Fprintf(&globs, "  \"configs/**/experiment-%05d-%s-*.toml\",\n", i, strings.Repeat("long", 30))
	}
	globs.WriteString("  \"configs/training/cfg-00*.toml\",\n]\n")
	tree["pyproject.toml"] = globs.String()
	writeTree(t, root, tree)
	list := func(st *Settings) int {
		s := mustLoad(t, root, Options{Settings: st})
		if probs := s.ProblemsOf(ProblemSettings); len(probs) > 0 {
			t.Fatal(probs)
		}
		return len(s.Configs())
	}
	settings := mustLoad(t, root, Options{}).Settings()
	if n := list(&settings); n != 1100 {
		t.Fatalf("%d configs listed, want 1,100 (100 excluded)", n)
	}
	bare := Settings{}
	base := testing.AllocsPerRun(1, func() { list(&bare) })
	with := testing.AllocsPerRun(1, func() { list(&settings) })
	t.Logf("%v allocations, %v with none", with, base)
	if with > base+1000 {
		t.Errorf("listing 1,200 configs against 5,000 globs: %v allocations, %v with none", with, base)
	}
}

func TestParseSettingsProviderKeys(t *testing.T) {
	st, problems := ParseSettings([]byte("[tool.osmosis-lint]\nprovider-keys = { together_ai = \"TOGETHERAI_API_KEY\", Bad = \"X\", mine = \"lower\", n = 1 }\n"))
	var got []string
	for _, p := range problems {
		got = append(got, p.Error())
	}
	want := []string{
		`pyproject.toml:2:55: [tool.osmosis-lint] provider-keys.Bad: a provider is the lower-case prefix of a model name before "/", such as "openai"`,
		"pyproject.toml:2:66: [tool.osmosis-lint] provider-keys.mine: must be a secret name: an uppercase letter, then uppercase letters, digits and underscores",
		`pyproject.toml:2:82: [tool.osmosis-lint] provider-keys.n: must be a string (the variable holding the key, such as "OPENAI_API_KEY"), found an integer`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(st.ProviderKeys) != 1 || st.ProviderKeys["together_ai"] != "TOGETHERAI_API_KEY" {
		t.Errorf("provider keys %v", st.ProviderKeys)
	}
	if _, problems := ParseSettings([]byte("[tool.osmosis-lint]\nprovider-keys = [\"x\"]\n")); len(problems) != 1 {
		t.Errorf("a list: problems %v", problems)
	}
}
