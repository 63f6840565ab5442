package mcpserver

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// schemasJSON are the tools' input and output JSON Schemas, generated
// from the Go types of their arguments and results as JSON Schema
// inference (github.com/google/jsonschema-go) writes them: the types are
// the source, TestToolSchemas regenerates the file with -update and
// fails when it has drifted from them.
//
//go:embed schemas.json
var schemasJSON []byte

// tool is one tool: what tools/list says of it, and how it is called.
type tool struct {
	Name        string
	Title       string
	Description string
	Annotations annotations
	run         func(ctx context.Context, t *tool, s *server, req *callRequest, args json.RawMessage) *toolResult
}

// annotations are a tool's hints to the client.
type annotations struct {
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	IdempotentHint  bool  `json:"idempotentHint"`
	OpenWorldHint   *bool `json:"openWorldHint,omitempty"`
	ReadOnlyHint    bool  `json:"readOnlyHint"`
}

// toolSchemas are the schemas of one tool in schemas.json.
type toolSchemas struct {
	Name         string          `json:"name"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}

// loadedSchemas are a tool's schemas as served (compact), and the input
// schema as the validator reads it.
type loadedSchemas struct {
	input, output json.RawMessage
	args          *schemaNode
}

// schemas are schemas.json, read at the first tools/list or call: a
// process that serves no MCP never reads it.
var schemas = sync.OnceValues(func() (map[string]*loadedSchemas, error) {
	var list []toolSchemas
	if err := json.Unmarshal(schemasJSON, &list); err != nil {
		return nil, fmt.Errorf("mcpserver: schemas.json: %w", err)
	}
	out := map[string]*loadedSchemas{}
	for _, ts := range list {
		l := &loadedSchemas{}
		var err error
		if l.input, err = compact(ts.InputSchema); err != nil {
			return nil, fmt.Errorf("mcpserver: schemas.json: %s: %w", ts.Name, err)
		}
		if ts.OutputSchema != nil {
			if l.output, err = compact(ts.OutputSchema); err != nil {
				return nil, fmt.Errorf("mcpserver: schemas.json: %s: %w", ts.Name, err)
			}
		}
		if l.args, err = parseSchema(ts.InputSchema); err != nil {
			return nil, fmt.Errorf("mcpserver: schemas.json: the input schema of %s: %w", ts.Name, err)
		}
		out[ts.Name] = l
	}
	return out, nil
})

func compact(raw json.RawMessage) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// toolList is the tools tools/list gives.
var toolList = sync.OnceValues(func() (json.RawMessage, error) {
	sch, err := schemas()
	if err != nil {
		return nil, err
	}
	type toolDef struct {
		Annotations  annotations     `json:"annotations"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		Name         string          `json:"name"`
		OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
		Title        string          `json:"title"`
	}
	defs := make([]toolDef, len(tools()))
	for i, t := range tools() {
		if sch[t.Name] == nil {
			return nil, fmt.Errorf("mcpserver: schemas.json has no schemas for the tool %s (go test ./cmd/internal/mcpserver -run TestToolSchemas -update)", t.Name)
		}
		defs[i] = toolDef{t.Annotations, t.Description, sch[t.Name].input, t.Name, sch[t.Name].output, t.Title}
	}
	b, err := encode(defs)
	return b, err
})

// toolNamed is the tool called name, nil when there is none.
func toolNamed(name string) *tool {
	for _, t := range tools() {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// toolResult is the result of tools/call.
type toolResult struct {
	Meta              *resultMeta       `json:"_meta,omitempty"`
	Content           []json.RawMessage `json:"content"`
	StructuredContent json.RawMessage   `json:"structuredContent,omitempty"`
	IsError           bool              `json:"isError,omitempty"`
	ResultType        string            `json:"resultType,omitempty"`
}

// call runs the tool on the arguments of a call.
func (t *tool) call(ctx context.Context, s *server, req *callRequest, args json.RawMessage) *toolResult {
	return t.run(ctx, t, s, req, args)
}

// textContent is one text content block.
func textContent(s string) json.RawMessage {
	b, _ := json.Marshal(struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}{"text", s}) // a string always marshals
	return b
}

// toolError is the result of a call that failed: a tool error, which the
// model reads.
func toolError(msg string) *toolResult {
	return &toolResult{Content: []json.RawMessage{textContent(msg)}, IsError: true}
}

// typed makes a tool's run from its typed handler: the arguments are
// validated against the input schema and decoded into In; the result Out
// becomes the structured content (as the JSON of a tool with an output
// schema is validated: object members in the order of their names).
func typed[In, Out any](pick func(s *server) handler[In, Out]) func(context.Context, *tool, *server, *callRequest, json.RawMessage) *toolResult {
	return func(ctx context.Context, t *tool, s *server, req *callRequest, args json.RawMessage) *toolResult {
		sch, err := schemas()
		if err != nil {
			return toolError(err.Error())
		}
		l := sch[t.Name]
		if l == nil {
			return toolError("mcpserver: schemas.json has no schemas for the tool " + t.Name)
		}
		in, err := decodeArgs[In](l.args, args)
		if err != nil {
			return toolError(err.Error())
		}
		res, out, err := handle(pick(s))(ctx, req, in)
		if err != nil {
			return toolError(err.Error())
		}
		sc, err := json.Marshal(out)
		if err == nil && l.output != nil {
			var v any
			if err = json.Unmarshal(sc, &v); err == nil {
				sc, err = json.Marshal(v)
			}
		}
		if err != nil {
			return toolError(fmt.Sprintf("marshaling output: %v", err))
		}
		r := &toolResult{StructuredContent: sc}
		if res != nil {
			r.Content = []json.RawMessage{textContent(res.text)}
		} else {
			r.Content = []json.RawMessage{textContent(string(sc))}
		}
		return r
	}
}

// decodeArgs validates a call's arguments against the tool's input
// schema (none, or null: no arguments), then decodes them into In.
func decodeArgs[In any](schema *schemaNode, args json.RawMessage) (In, error) {
	var in In
	var v map[string]any
	args = bytes.TrimSpace(args)
	if !isNull(args) {
		if args[0] != '{' {
			return in, fmt.Errorf("validating \"arguments\": unmarshaling arguments: json: cannot unmarshal %q into Go value of type map[string]interface {}", args)
		}
		if err := json.Unmarshal(args, &v); err != nil {
			return in, fmt.Errorf("validating \"arguments\": unmarshaling arguments: %w", err)
		}
	}
	if err := schema.validate(v, ""); err != nil {
		return in, fmt.Errorf("validating \"arguments\": %w", err)
	}
	if !isNull(args) {
		if err := json.Unmarshal(args, &in); err != nil {
			return in, err
		}
	}
	return in, nil
}
