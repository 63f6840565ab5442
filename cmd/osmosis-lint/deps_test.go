package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// unlinked are the packages the osmosis-lint binary must not link, with
// why: each costs every process its package init, its share of a larger
// binary (page faults, the itab table), for a command or two that do
// without. A pattern ending in /... is the package and all below it.
var unlinked = []struct{ pkg, why string }{
	{"github.com/modelcontextprotocol/go-sdk/...", "the MCP server speaks the protocol itself (cmd/internal/mcpserver)"},
	{"github.com/google/jsonschema-go/...", "the MCP tools' schemas are generated (schemas.json); only tests infer them"},
	{"net/http", "nothing is served or fetched over HTTP"},
	{"crypto/tls", "nothing is served or fetched over TLS"},
	{"encoding/gob", "nothing is gob-encoded; its init runs in every process"},
	{"github.com/go-git/go-git/v5/storage/...", "gitsync reads refs and objects itself (workspace/gitsync)"},
	{"github.com/go-git/go-git/v5/config", "git's config files are read by workspace/gitconfig.go"},
	{"github.com/go-git/gcfg/...", "git's config files are read by workspace/gitconfig.go"},
	{"github.com/go-git/go-billy/...", "the git directory is read through workspace/disk"},
}

// TestUnlinkedPackages: `go list -deps` of the command names none of the
// packages in unlinked.
func TestUnlinkedPackages(t *testing.T) {
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goCmd); err != nil {
		var lerr error
		if goCmd, lerr = exec.LookPath("go"); lerr != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("the go command is missing")
			}
			t.Skip("the go command is not installed: cannot list the binary's packages")
		}
	}
	out, err := exec.Command(goCmd, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list -deps gave %d packages: the listing is broken", len(deps))
	}
	for _, u := range unlinked {
		for _, d := range deps {
			if d == u.pkg || strings.HasSuffix(u.pkg, "/...") && (d == strings.TrimSuffix(u.pkg, "/...") || strings.HasPrefix(d, strings.TrimSuffix(u.pkg, "..."))) {
				t.Errorf("osmosis-lint links %s: %s", d, u.why)
			}
		}
	}
}
