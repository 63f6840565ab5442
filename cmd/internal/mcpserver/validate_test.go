package mcpserver

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// badArguments are arguments that do not match the tools' input schemas:
// a wrong type, a member not in the schema, a required one missing, a
// value out of an enum, an item of the wrong type, no object at all.
var badArguments = []struct{ tool, args string }{
	{"check", `{"paths":"configs"}`},
	{"check", `{"paths":[1]}`},
	{"check", `{"paths":[["a"]]}`},
	{"check", `{"paths":["a",null]}`},
	{"check", `{"paths":{}}`},
	{"check", `{"paths":true}`},
	{"check", `{"text":1}`},
	{"check", `{"text":["x"]}`},
	{"check", `{"filename":null}`},
	{"check", `{"filename":{"a":1}}`},
	{"check", `{"bogus":1}`},
	{"check", `{"Paths":["a"]}`},
	{"check", `{"paths":["a"],"paths":"b"}`},
	{"check", `[]`},
	{"check", `"paths"`},
	{"check", `5`},
	{"check", `true`},
	{"doctor", `{"dir":7}`},
	{"doctor", `{"dir":null}`},
	{"doctor", `{"Dir":"a"}`},
	{"explain", `{}`},
	{"explain", `null`},
	{"explain", `{"rule":null}`},
	{"explain", `{"rule":1.5}`},
	{"explain", `{"rule":"a","x":1}`},
	{"explain", `{"RULE":"unknown-key"}`},
	{"rules", `{"x":1}`},
	{"rules", `{"":1}`},
	{"schema", `{}`},
	{"schema", `{"kind":"traning"}`},
	{"schema", `{"kind":"Training"}`},
	{"schema", `{"kind":1}`},
	{"schema", `{"kind":null}`},
	{"schema", `{"kind":["training"]}`},
	{"schema", `{"kind":"training","x":1}`},
	{"fix", `{"write":"yes"}`},
	{"fix", `{"write":1}`},
	{"fix", `{"unsafe":null}`},
	{"fix", `{"paths":"a"}`},
	{"fix", `{"dry":true}`},
}

// goodArguments match the schemas.
var goodArguments = []struct{ tool, args string }{
	{"check", `{}`}, {"check", `null`}, {"check", `{"paths":null}`}, {"check", `{"paths":[]}`},
	{"check", `{"paths":["a","b"]}`}, {"check", `{"text":null}`}, {"check", `{"text":"","filename":"a"}`},
	{"doctor", `{}`}, {"doctor", `{"dir":"configs"}`},
	{"explain", `{"rule":"unknown-key"}`}, {"explain", `{"rule":""}`},
	{"rules", `{}`}, {"rules", `null`},
	{"schema", `{"kind":"training"}`}, {"schema", `{"kind":"eval"}`}, {"schema", `{"kind":"benchmark"}`},
	{"fix", `{"paths":["a"],"unsafe":true,"write":false}`}, {"fix", `{"paths":null}`},
}

// TestArgumentValidation: the server's validation of arguments gives the
// verdict and the message of JSON Schema validation
// (github.com/google/jsonschema-go, on the schemas inferred from the Go
// types) for every argument of the tables, and a bad one never reaches a
// tool.
func TestArgumentValidation(t *testing.T) {
	sch, err := schemas()
	if err != nil {
		t.Fatal(err)
	}
	ref := referenceValidators(t)
	check := func(tool, args string, bad bool) {
		t.Helper()
		_, ours := validateFor(sch[tool].args, args)
		theirs := ref[tool](args)
		if (ours != nil) != bad || (theirs != nil) != bad {
			t.Errorf("%s %s: want bad=%v; the server says %v, JSON Schema validation %v", tool, args, bad, ours, theirs)
			return
		}
		if bad && ours.Error() != theirs.Error() {
			t.Errorf("%s %s:\nthe server says   %s\nJSON Schema says %s", tool, args, ours, theirs)
		}
	}
	for _, c := range badArguments {
		check(c.tool, c.args, true)
	}
	for _, c := range goodArguments {
		check(c.tool, c.args, false)
	}
}

// validateFor validates args with the server's validator.
func validateFor(n *schemaNode, args string) (v any, err error) {
	_, err = decodeArgs[map[string]any](n, json.RawMessage(args))
	return nil, err
}

// referenceValidators validate arguments as the Go SDK does, with
// jsonschema-go on the inferred schemas.
func referenceValidators(t testing.TB) map[string]func(string) error {
	out := map[string]func(string) error{}
	for _, ts := range inferredSchemas(t) {
		var s jsonschema.Schema
		if err := json.Unmarshal(ts.InputSchema, &s); err != nil {
			t.Fatal(err)
		}
		rs, err := s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
		if err != nil {
			t.Fatal(err)
		}
		out[ts.Name] = func(args string) error {
			v := map[string]any{}
			if err := json.Unmarshal([]byte(args), &v); err != nil {
				return &prefixed{"validating \"arguments\": unmarshaling arguments: json: cannot unmarshal " + quote(args) + " into Go value of type map[string]interface {}"}
			}
			var inst any = v
			if err := rs.Validate(&inst); err != nil {
				return &prefixed{"validating \"arguments\": " + err.Error()}
			}
			return nil
		}
	}
	return out
}

type prefixed struct{ s string }

func (p *prefixed) Error() string { return p.s }

func quote(s string) string {
	b, _ := json.Marshal(s)
	return strings.ReplaceAll(strings.ReplaceAll(string(b), `\u003c`, "<"), `\u003e`, ">")
}

// FuzzArguments: for any arguments of any tool, the server's validation
// and JSON Schema validation agree on whether they match the schema, and
// neither panics.
func FuzzArguments(f *testing.F) {
	for _, c := range append(badArguments, goodArguments...) {
		f.Add(c.tool, c.args)
	}
	sch, err := schemas()
	if err != nil {
		f.Fatal(err)
	}
	ref := referenceValidators(f)
	f.Fuzz(func(t *testing.T, tool, args string) {
		if sch[tool] == nil || !json.Valid([]byte(args)) {
			t.Skip()
		}
		_, ours := validateFor(sch[tool].args, args)
		theirs := ref[tool](args)
		if (ours != nil) != (theirs != nil) {
			t.Fatalf("%s %s: the server says %v, JSON Schema validation %v", tool, args, ours, theirs)
		}
	})
}
