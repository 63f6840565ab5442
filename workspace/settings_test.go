package workspace

import (
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
