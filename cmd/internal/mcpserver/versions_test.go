package mcpserver

import (
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestProtocolVersionsCoverTheSDK keeps the server's own protocol code
// honest: every protocol version the MCP Go SDK this module requires (the
// reference client of the tests) supports, the server supports too. An
// SDK upgrade that adds one fails here until the server speaks it.
func TestProtocolVersionsCoverTheSDK(t *testing.T) {
	sdk := mcp.SupportedProtocolVersions()
	if len(sdk) == 0 {
		t.Fatal("the SDK lists no protocol version")
	}
	for _, v := range sdk {
		if !slices.Contains(protocolVersions, v) {
			t.Errorf("the MCP Go SDK supports protocol version %s, which the server does not (it has %v)", v, protocolVersions)
		}
	}
}
