package mcpserver

import (
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// outputSchema is the JSON Schema of a tool result of type T, inferred
// from the Go type as the SDK does, except for lint.Fix: its JSON carries
// the boolean `safe` of version 1 of the report beside its applicability
// (Fix.MarshalJSON), which the struct's fields do not show.
func outputSchema[T any]() *jsonschema.Schema {
	fix, err := jsonschema.For[lint.Fix](nil)
	if err != nil {
		panic("mcpserver: schema of lint.Fix: " + err.Error())
	}
	fix.Properties["safe"] = &jsonschema.Schema{Type: "boolean", Description: "the fix is applied by --fix (its applicability is safe)"}
	fix.Required = append(fix.Required, "safe")
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{reflect.TypeFor[lint.Fix](): fix}})
	if err != nil {
		panic("mcpserver: output schema: " + err.Error())
	}
	return s
}
