package lsp

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/version"
)

// A server whose embedder names no version reports this build's, the
// string `osmosis-lint version` prints.
func TestServerInfoVersionDefault(t *testing.T) {
	c := newClient(t, func(s *Server) { s.opts.Version = "" })
	res := c.initialize(t.TempDir(), caps{})
	if res.ServerInfo.Version != version.String() || res.ServerInfo.Version == "" {
		t.Errorf("serverInfo.version = %q, want %q", res.ServerInfo.Version, version.String())
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code after shutdown = %d, want 0", code)
	}
}
