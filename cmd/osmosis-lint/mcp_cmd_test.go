package main

import (
	"strings"
	"testing"
)

// `osmosis-lint mcp` answers bad messages and ends with exit 0 at the end
// of its input, where the SDK's transport ended the session with exit 2 at
// the first of them.
func TestMCPCommandSurvivesBadMessages(t *testing.T) {
	stdin := strings.Join([]string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`hello`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"check","arguments":{"paths":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}}}`,
		`[{"jsonrpc":"2.0","id":2,"method":"ping"}]`,
		`{"jsonrpc":"1.0","id":3,"method":"ping"}`,
	}, "\n") + "\n"
	code, out, errs := invoke(t, stdin, "mcp", "--workspace", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not JSON`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: the message nests arrays and objects 1003 levels deep`,
		`[{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid Request: JSON-RPC batches are not accepted`,
		`{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: not a JSON-RPC 2.0 message`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no reply %s...\n%s", want, out)
		}
	}
}
