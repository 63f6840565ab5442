package mcpserver

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/doctor"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
)

// inferredSchemas are the tools' schemas inferred from the Go types of
// their arguments and results, as MCP servers written with the Go SDK
// infer them (jsonschema.For, property descriptions from the jsonschema
// struct tags), in the order of tools.
func inferredSchemas(t testing.TB) []toolSchemas {
	t.Helper()
	in := func(typ reflect.Type) json.RawMessage {
		s, err := jsonschema.ForType(typ, &jsonschema.ForOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return mustJSON(t, s)
	}
	byName := map[string]toolSchemas{
		"check":   {InputSchema: in(reflect.TypeFor[checkIn]()), OutputSchema: mustJSON(t, outputSchema[report.JSONReport](t))},
		"doctor":  {InputSchema: in(reflect.TypeFor[doctorIn]()), OutputSchema: mustJSON(t, outputSchema[doctor.Report](t))},
		"explain": {InputSchema: in(reflect.TypeFor[explainIn]()), OutputSchema: in(reflect.TypeFor[ruleDoc]())},
		"rules":   {InputSchema: in(reflect.TypeFor[struct{}]()), OutputSchema: in(reflect.TypeFor[ruleList]())},
		"schema":  {InputSchema: mustJSON(t, kindSchema())},
		"fix":     {InputSchema: in(reflect.TypeFor[fixIn]()), OutputSchema: mustJSON(t, outputSchema[fixOut](t))},
	}
	var out []toolSchemas
	for _, tl := range tools() {
		s, ok := byName[tl.Name]
		if !ok {
			t.Fatalf("the tool %s has no inferred schemas here", tl.Name)
		}
		s.Name = tl.Name
		out = append(out, s)
	}
	return out
}

func mustJSON(t testing.TB, s *jsonschema.Schema) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// outputSchema is the JSON Schema of a tool result of type T, inferred
// from the Go type, except for lint.Fix: its JSON carries the boolean
// `safe` of version 1 of the report beside its applicability
// (Fix.MarshalJSON), which the struct's fields do not show.
func outputSchema[T any](t testing.TB) *jsonschema.Schema {
	t.Helper()
	fix, err := jsonschema.For[lint.Fix](nil)
	if err != nil {
		t.Fatal(err)
	}
	fix.Properties["safe"] = &jsonschema.Schema{Type: "boolean", Description: "the fix is applied by --fix (its applicability is safe)"}
	fix.Required = append(fix.Required, "safe")
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{reflect.TypeFor[lint.Fix](): fix}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// kindSchema is schema's input schema, with the kinds as an enum.
func kindSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:     "object",
		Required: []string{"kind"},
		Properties: map[string]*jsonschema.Schema{
			"kind": {Type: "string", Enum: []any{"training", "eval", "benchmark"}, Description: "the config kind"},
		},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}

// TestToolSchemas: schemas.json, which the server serves, is the schemas
// inferred from the Go types (-update rewrites it).
func TestToolSchemas(t *testing.T) {
	b, err := json.MarshalIndent(inferredSchemas(t), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	if *update {
		if err := os.WriteFile("schemas.json", b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(b, schemasJSON) {
		t.Fatal("schemas.json is not the schemas inferred from the tools' Go types: go test ./cmd/internal/mcpserver -run TestToolSchemas -update")
	}
	if _, err := schemas(); err != nil {
		t.Fatal(err)
	}
}
