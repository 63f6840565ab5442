package assist

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// TestFieldLookupsAgree holds hover, validation and the rules' context to
// one field at the paths through benchmark model variants, where their
// lookups once differed (at the `type` tag).
func TestFieldLookupsAgree(t *testing.T) {
	src := `[experiment]
benchmark = "b"

[[agents]]
[agents.model]
type = "provider"
model = "openai/gpt-5"
api_key_secret = "K"

[[agents]]
[agents.model]
type = "endpoint"
base_url = 5
model = "m"
api_key_secret = "K"

[[agents]]
[agents.model]
type = "hosted2"
`
	doc := toml.Parse([]byte(src))
	s := schema.For(schema.Benchmark)
	f := NewFile(doc, schema.Benchmark, nil, nil)
	c := &lint.Context{Kind: schema.Benchmark, Schema: s, Doc: doc}
	issues := s.Validate(doc)
	byPath := map[string]schema.Issue{}
	for _, is := range issues {
		byPath[strings.Join(is.Path, ".")] = is
	}
	for _, tc := range []struct {
		path  string
		issue bool // validation reports an issue there
	}{
		{path: "agents.1.model.base_url", issue: true},
		{path: "agents.2.model.type", issue: true},
		{path: "agents.0.model.type"},
		{path: "agents.1.model.type"},
		{path: "agents.0.model.api_key_secret"},
		{path: "agents.1.model.api_key_secret"},
	} {
		path := strings.Split(tc.path, ".")
		want := s.FieldAt(doc.Root, path)
		if want == nil {
			t.Fatalf("%s: no field", tc.path)
		}
		if got := f.field(path); got != want {
			t.Errorf("%s: hover's field %q, want %q", tc.path, got.Description(), want.Description())
		}
		if got := c.Field(path...); got != want {
			t.Errorf("%s: the rules' field %q, want %q", tc.path, got.Description(), want.Description())
		}
		if tc.issue {
			is, ok := byPath[tc.path]
			if !ok {
				t.Errorf("%s: no issue (issues: %v)", tc.path, issues)
			} else if is.Field != want {
				t.Errorf("%s: validation's field %q, want %q", tc.path, is.Field.Description(), want.Description())
			}
		}
		// hover shows that field's doc
		off := keyOffset(t, doc, path)
		text, _, ok := f.Hover(off)
		if d := want.Description(); !ok || !strings.Contains(text, d) {
			t.Errorf("%s: hover %q lacks %q", tc.path, text, d)
		}
	}
}

// keyOffset is the offset of the key at path.
func keyOffset(t *testing.T, doc *toml.Document, path []string) int {
	t.Helper()
	e, _ := doc.Root.Lookup(path...)
	if e == nil {
		t.Fatalf("no key at %v", path)
	}
	return e.KeyRange.Start
}
