package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// message is one JSON-RPC 2.0 message as read: a request (hasMethod; id
// nil for a notification) or a response to one of the server's requests.
type message struct {
	id        json.RawMessage // as spelled; nil: none, or null
	method    string
	hasMethod bool
	params    json.RawMessage
	result    json.RawMessage
	err       *wireError
	// refused is set on a response the server could not take (the
	// transport refused it, or its id is mismatched): err says why
	refused bool
}

// wireError is a JSON-RPC error object.
type wireError struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *wireError) Error() string { return e.Message }

// decodeMessage decodes one line, which is valid JSON no deeper than the
// transport's limit. Member names are matched exactly, as JSON-RPC spells
// them.
func decodeMessage(line []byte) (*message, error) {
	top := topLevel(line)
	if top == nil {
		return nil, errors.New("unmarshaling jsonrpc message: not a JSON object")
	}
	var version string
	if v, ok := top["jsonrpc"]; ok {
		if json.Unmarshal(v, &version) != nil {
			return nil, fmt.Errorf("invalid message version tag %s; expected %q", v, "2.0")
		}
	}
	if version != "2.0" {
		return nil, fmt.Errorf("invalid message version tag %q; expected %q", version, "2.0")
	}
	m := &message{params: top["params"], result: top["result"]}
	if id, ok := top["id"]; ok && string(id) != "null" {
		if !validID(id) {
			return nil, errors.New("invalid ID: neither a string nor a number")
		}
		m.id = id
	}
	if method, ok := top["method"]; ok {
		if err := json.Unmarshal(method, &m.method); err != nil {
			return nil, errors.New("unmarshaling jsonrpc message: the method is not a string")
		}
		m.hasMethod = true
		return m, nil
	}
	if m.id == nil {
		return nil, errors.New("invalid request: neither a method nor an id")
	}
	if e, ok := top["error"]; ok && string(e) != "null" {
		if err := json.Unmarshal(e, &m.err); err != nil {
			return nil, fmt.Errorf("unmarshaling jsonrpc message: the error: %v", err)
		}
	}
	return m, nil
}

// encode is the JSON of an outgoing message. HTML characters are written
// as they are: the parts the server escapes (contents, structured
// content, schemas) are marshaled before, with json.Marshal. Control and
// bidirectional characters are written as \u escapes (escape.JSONText),
// as in every JSON the tool writes.
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return escape.JSONText(bytes.TrimSuffix(b.Bytes(), []byte("\n"))), nil
}

// response is a JSON-RPC response the server writes.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *wireError      `json:"error,omitempty"`
}

// request is a request of the server to the client.
type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int64  `json:"id"`
	Method  string `json:"method"`
}

// JSON-RPC and MCP error codes.
const (
	codeMethodNotFound     = -32601
	codeInvalidParams      = -32602
	codeUnsupportedVersion = -32022
	codeServerBusy         = -32000
)

func methodNotFound(method string) error {
	return &wireError{Code: codeMethodNotFound, Message: fmt.Sprintf("method not found: %q", method)}
}

// idKey is a request id as a JSON value, the same however it is spelled:
// a string unescaped, a number by its value (1, 1.0 and 1e0 are one id;
// an integer beyond float64's exact range by its digits).
func idKey(id json.RawMessage) string {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return string(id)
	}
	switch v := v.(type) {
	case string:
		b, _ := json.Marshal(v) // a string always marshals
		return string(b)
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			return strconv.FormatInt(int64(v), 10)
		}
		if bytes.IndexAny(id, ".eE") < 0 {
			return string(id)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return string(id)
}

// clip is at most the first 64 bytes of an id, for a message.
func clip(id string) string {
	if len(id) > 64 {
		return id[:64] + "…"
	}
	return id
}

// isNull reports whether a member is missing or null.
func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// paramType names the parameters of a method in the errors about them
// (the names the protocol's schema gives them).
func paramType(method string) string {
	switch method {
	case "initialize":
		return "InitializeParams"
	case "ping":
		return "PingParams"
	case "tools/list":
		return "ListToolsParams"
	case "tools/call":
		return "CallToolParamsRaw"
	case "server/discover":
		return "DiscoverParams"
	case "resources/list":
		return "ListResourcesParams"
	case "resources/templates/list":
		return "ListResourceTemplatesParams"
	case "prompts/list":
		return "ListPromptsParams"
	case "logging/setLevel":
		return "SetLoggingLevelParams"
	case "completion/complete":
		return "CompleteParams"
	}
	return "Params"
}

// decodeParams decodes a request's params into into: a request that needs
// them and has none is an invalid request, params that are no object
// (or do not fit) are invalid params.
func decodeParams(method string, raw json.RawMessage, required bool, into any) error {
	if isNull(raw) {
		if required {
			return &wireError{Code: -32600, Message: `invalid request: missing required "params"`}
		}
		return nil
	}
	typ := paramType(method)
	if raw[0] != '{' {
		return &wireError{Code: codeInvalidParams, Message: fmt.Sprintf("handling '%s': invalid params: unmarshaling %q into a *mcp.%s: json: cannot unmarshal %q into Go value of type mcp.%[3]s", method, raw, typ, raw)}
	}
	if err := json.Unmarshal(raw, into); err != nil {
		return &wireError{Code: codeInvalidParams, Message: fmt.Sprintf("handling '%s': invalid params: unmarshaling %q into a *mcp.%s: %v", method, raw, typ, err)}
	}
	return nil
}
