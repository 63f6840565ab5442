package schema

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// fieldAtDoc has one agent of each model variant, one with a tag that names
// no variant and one whose tag is not a string.
const fieldAtDoc = `[experiment]
benchmark = "b"

[[agents]]
[agents.model]
type = "provider"
model = "openai/gpt-5"
api_key_secret = "K"

[[agents]]
[agents.model]
type = "endpoint"
base_url = "https://x"
model = "m"
api_key_secret = "K"
extra_headers = {X = "1"}

[[agents]]
[agents.model]
type = "hosted2"

[[agents]]
model = {type = 7}
`

func TestFieldAt(t *testing.T) {
	s := For(Benchmark)
	doc := toml.Parse([]byte(fieldAtDoc))
	model := s.Lookup([]string{"agents", "*", "model"}, nil)
	tagField := model.Property("type")
	cases := []struct {
		path []string
		// want describes the field by its description's start, "" for
		// a field without one, "nil" for none
		want string
		// base: the field must be the base table's property itself
		base bool
	}{
		{path: []string{"agents", "0", "model", "api_key_secret"}, want: "Platform secret record holding the provider API key"},
		{path: []string{"agents", "1", "model", "api_key_secret"}, want: "Platform secret record holding the endpoint's API key"},
		{path: []string{"agents", "1", "model", "base_url"}, want: "Base URL of the OpenAI-compatible endpoint"},
		{path: []string{"agents", "1", "model", "extra_headers", "X"}, want: ""},
		// a provider model has no base_url
		{path: []string{"agents", "0", "model", "base_url"}, want: "nil"},
		// the tag itself: the base property (every variant's tag, its doc
		// and rule), not the variant's constant
		{path: []string{"agents", "0", "model", "type"}, want: "`provider`: a LiteLLM", base: true},
		{path: []string{"agents", "1", "model", "type"}, want: "`provider`: a LiteLLM", base: true},
		{path: []string{"agents", "2", "model", "type"}, want: "`provider`: a LiteLLM", base: true},
		{path: []string{"agents", "3", "model", "type"}, want: "`provider`: a LiteLLM", base: true},
		// an unknown tag or one that is not a string: the base table,
		// which declares only the tag
		{path: []string{"agents", "2", "model", "base_url"}, want: "nil"},
		{path: []string{"agents", "3", "model", "model"}, want: "nil"},
		// the table itself is its variant: the variant's own keys
		{path: []string{"agents", "1", "model"}, want: "The model the agent uses"},
		{path: []string{"agents", "9", "model", "type"}, want: "`provider`: a LiteLLM", base: true},
		{path: []string{"nowhere", "x"}, want: "nil"},
	}
	for _, tc := range cases {
		got := s.FieldAt(doc.Root, tc.path)
		name := strings.Join(tc.path, ".")
		switch {
		case tc.want == "nil":
			if got != nil {
				t.Errorf("%s: got a field (%q), want none", name, got.Description())
			}
			continue
		case got == nil:
			t.Errorf("%s: got no field", name)
			continue
		case !strings.HasPrefix(got.Description(), tc.want) || tc.want == "" && got.Description() != "":
			t.Errorf("%s: description %q, want %q...", name, got.Description(), tc.want)
		}
		if tc.base && got != tagField {
			t.Errorf("%s: not the base table's tag field", name)
		}
		if tc.base && got.Rule() != "unknown-variant" {
			t.Errorf("%s: rule %q, want unknown-variant", name, got.Rule())
		}
	}
	// the table of the endpoint agent is the endpoint variant: it requires
	// base_url
	if m := s.FieldAt(doc.Root, []string{"agents", "1", "model"}); m == nil || !m.IsRequired("base_url") {
		t.Error("agents.1.model: not the endpoint variant")
	}
	// without a document no variant is entered
	if f := s.FieldAt(nil, []string{"agents", "1", "model", "base_url"}); f != nil {
		t.Error("no document: entered a variant")
	}
	if f := s.FieldAt(nil, []string{"agents", "1", "model", "type"}); f != tagField {
		t.Error("no document: the tag is not the base table's property")
	}
}

func TestTagAt(t *testing.T) {
	s := For(Benchmark)
	doc := toml.Parse([]byte(fieldAtDoc))
	for path, want := range map[string]string{
		"agents.0.model": "provider",
		"agents.1.model": "endpoint",
		"agents.2.model": "hosted2", // a tag, though it names no variant
		"agents.3.model": "",        // not a string
		"agents.9.model": "",        // no such agent
		"agents.0":       "",        // no discriminator there
		"experiment":     "",
	} {
		if got := s.TagAt(doc.Root, strings.Split(path, ".")); got != want {
			t.Errorf("TagAt(%s) = %q, want %q", path, got, want)
		}
	}
	if got := s.TagAt(nil, []string{"agents", "0", "model"}); got != "" {
		t.Errorf("TagAt without a document = %q", got)
	}
}
