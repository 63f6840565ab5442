package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
)

// schemaNode is the part of JSON Schema the tools' input schemas use:
// types, the members of an object (closed with additionalProperties
// false, some required), the items of an array, enums. parseSchema
// refuses any other keyword, so that a schema the validator would not
// fully check is never served.
type schemaNode struct {
	Type                 typeList               `json:"type"`
	Description          string                 `json:"description"`
	Properties           map[string]*schemaNode `json:"properties"`
	Required             []string               `json:"required"`
	AdditionalProperties *bool                  `json:"additionalProperties"`
	Items                *schemaNode            `json:"items"`
	Enum                 []any                  `json:"enum"`
}

// typeList is the type keyword: one type, or a list of them.
type typeList []string

func (t *typeList) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = typeList{s}
		return nil
	}
	return json.Unmarshal(b, (*[]string)(t))
}

// parseSchema reads a schema, refusing the keywords schemaNode lacks.
func parseSchema(raw json.RawMessage) (*schemaNode, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	var n schemaNode
	if err := d.Decode(&n); err != nil {
		return nil, err
	}
	if n.AdditionalProperties != nil && *n.AdditionalProperties {
		return nil, errors.New("additionalProperties true: leave it out")
	}
	return &n, nil
}

// validate checks a JSON value (as encoding/json decodes into any)
// against the schema at loc (a JSON pointer into the root schema, "" the
// root), with the errors JSON Schema validation gives: the first failure,
// wrapped in the schema locations that lead to it.
func (n *schemaNode) validate(v any, loc string) error {
	if err := n.check(v, loc); err != nil {
		where := loc
		if where == "" {
			where = "root"
		}
		return fmt.Errorf("validating %s: %w", where, err)
	}
	return nil
}

func (n *schemaNode) check(v any, loc string) error {
	got := jsonType(v)
	if len(n.Type) > 0 && !slices.Contains(n.Type, got) && (got != "integer" || !slices.Contains(n.Type, "number")) {
		if len(n.Type) == 1 {
			return fmt.Errorf("type: %s has type %q, want %q", show(v), got, n.Type[0])
		}
		return fmt.Errorf("type: %s has type %q, want one of %q", show(v), got, strings.Join(n.Type, ", "))
	}
	if n.Enum != nil && !slices.ContainsFunc(n.Enum, func(e any) bool { return reflect.DeepEqual(e, v) }) {
		return fmt.Errorf("enum: %s does not equal any of: %v", show(v), n.Enum)
	}
	switch v := v.(type) {
	case []any:
		if n.Items != nil {
			for _, it := range v {
				if err := n.Items.validate(it, loc+"/items"); err != nil {
					return err
				}
			}
		}
	case map[string]any:
		names := make([]string, 0, len(n.Properties))
		for name := range n.Properties {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if val, ok := v[name]; ok {
				if err := n.Properties[name].validate(val, loc+"/properties/"+name); err != nil {
					return err
				}
			}
		}
		if n.AdditionalProperties != nil && !*n.AdditionalProperties {
			var extra []string
			for name := range v {
				if n.Properties[name] == nil {
					extra = append(extra, name)
				}
			}
			if len(extra) > 0 {
				slices.Sort(extra)
				return fmt.Errorf("unexpected additional properties %q", extra)
			}
		}
		var missing []string
		for _, name := range n.Required {
			if _, ok := v[name]; !ok {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("required: missing properties: %q", missing)
		}
	}
	return nil
}

// jsonType is the JSON Schema type of a decoded value; a number with no
// fraction is an integer.
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if v == math.Trunc(v) && !math.IsInf(v, 0) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// show is a value in an error, as the validation of JSON Schema prints it.
func show(v any) string {
	if v == nil {
		return "<invalid reflect.Value>"
	}
	return fmt.Sprint(v)
}
