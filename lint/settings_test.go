package lint

import (
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"strings"
	"testing"
)

func TestNewSettingsErrors(t *testing.T) {
	for _, c := range []struct {
		name     string
		ignore   []string
		severity map[string]string
		want     string
	}{
		{
			name:   "an unknown rule in ignore, with a suggestion",
			ignore: []string{"unknown-key", "unknown-kye"},
			want:   "[tool.osmosis-lint] ignore: unknown rule `unknown-kye`; did you mean `unknown-key`? (see `osmosis-lint rules`)",
		},
		{
			name:   "an unknown rule far from any",
			ignore: []string{"zzzz"},
			want:   "[tool.osmosis-lint] ignore: unknown rule `zzzz` (see `osmosis-lint rules`)",
		},
		{
			name:     "an unknown rule in severity",
			severity: map[string]string{"param-limit": "error", "param-limt": "error"},
			want:     "[tool.osmosis-lint] severity.param-limt: unknown rule `param-limt`; did you mean `param-limit`? (see `osmosis-lint rules`)",
		},
		{
			name:     "a value that is no severity",
			severity: map[string]string{"param-limit": "fatal"},
			want:     `[tool.osmosis-lint] severity.param-limit: "fatal" is not a severity; use "error", "warning" or "info"`,
		},
		{
			name:     "severities are lower case",
			severity: map[string]string{"param-limit": "Error"},
			want:     `[tool.osmosis-lint] severity.param-limit: "Error" is not a severity`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewSettings(c.ignore, c.severity)
			if err == nil {
				t.Fatalf("no error; want %q", c.want)
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error %q\nwant %q", err, c.want)
			}
		})
	}
	if _, err := NewSettings([]string{"grpo-group-size"}, map[string]string{"param-limit": "error", "secret-in-env": "warning", "model-unknown": "info"}); err != nil {
		t.Errorf("good settings: %v", err)
	}
}

// TestSettingsApply checks ignore and severity from pyproject.toml, as a
// workspace loads them.
func TestSettingsApply(t *testing.T) {
	src := goodTraining + "\n[training]\nn_samples_per_prompt = 1\nlr = 5\n\n[env]\nOPENAI_API_KEY = \"sk-proj-9fQ2xVb7LmT4pW8zR1cK6nJ3hY5dA0eG\"\n"
	for _, c := range []struct {
		name     string
		settings string
		want     []string // rule:severity
	}{
		{
			name: "defaults",
			want: []string{"grpo-group-size:warning", "param-limit:warning", "secret-in-env:error"},
		},
		{
			name:     "ignore and severity",
			settings: "ignore = [\"grpo-group-size\"]\nseverity = { param-limit = \"error\", secret-in-env = \"info\" }\n",
			want:     []string{"param-limit:error", "secret-in-env:info"},
		},
		{
			name:     "an ignored rule's suppression is not reported as unused",
			settings: "ignore = [\"grpo-group-size\", \"param-limit\", \"secret-in-env\"]\n",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := withWS(tree{"pyproject.toml": "[tool.osmosis-lint]\n" + c.settings})
			body := src
			if strings.Contains(c.name, "suppression") {
				body = strings.Replace(src, "lr = 5\n", "lr = 5  # osmosis-lint: ignore[param-limit]\n", 1)
			}
			in := ruleCase{src: body, ws: ws}.input(t)
			var got []string
			for _, f := range Check([]byte(body), in) {
				got = append(got, f.Rule+":"+string(f.Severity))
			}
			if d := diffLines(c.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// TestLoadWorkspaceSettingsErrors checks that bad settings stop a run with
// an error naming the file and the key.
func TestLoadWorkspaceSettingsErrors(t *testing.T) {
	for _, c := range []struct{ pyproject, want string }{
		{"[tool.osmosis-lint]\nignore = [\"no-such-rule\"]\n", "pyproject.toml:2: [tool.osmosis-lint] ignore: unknown rule `no-such-rule`"},
		{"[tool.osmosis-lint]\nmodels = []\n\nseverity.nope = \"error\"\n", "pyproject.toml:4: [tool.osmosis-lint] severity.nope: unknown rule `nope`"},
		{"[tool.osmosis-lint]\ndatasets = \"datasets.json\"\n", "pyproject.toml:2:1: [tool.osmosis-lint] datasets = \"datasets.json\": cannot read datasets.json: no such file"},
		// every problem is said, not only the first
		{"[tool.osmosis-lint]\ndatasets = \"d.json\"\nignore = [\"nope\"]\n", "no such file\npyproject.toml:3: [tool.osmosis-lint] ignore: unknown rule `nope`"},
		{"[tool.osmosis-lint]\nseverity = { unknown-key = \"loud\" }\n", "severity.unknown-key"},
		{"[tool.osmosis-lint]\nignor = [\"x\"]\n", "ignor"},
		{"[tool.osmosis-lint]\nignore = \"unknown-key\"\n", "ignore"},
	} {
		root := newWorkspace(t, tree{"pyproject.toml": c.pyproject})
		_, err := LoadWorkspace(root, workspace.Options{})
		if err == nil {
			t.Errorf("%q: no error", c.pyproject)
			continue
		}
		if _, ok := err.(*UsageError); !ok {
			t.Errorf("%q: %T, want a *UsageError", c.pyproject, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q does not name %q", c.pyproject, err, c.want)
		}
	}
}
