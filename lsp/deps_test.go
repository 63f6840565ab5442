package lsp

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// notLinked are packages the binary must not link: the server speaks LSP
// with its own types (lsp/protocol), and the generated LSP package cost
// every process its init and 1.5 MB of symbols.
var notLinked = []string{"go.lsp.dev/protocol"}

func TestBinaryDoesNotLink(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		p, err := exec.LookPath("go")
		if err != nil {
			if os.Getenv("CI") != "" {
				t.Fatal("the go command is missing, and CI is set")
			}
			t.Skip("the go command is missing (with CI set the test fails instead)")
		}
		gobin = p
	}
	out, err := exec.Command(gobin, "list", "-deps", "../cmd/osmosis-lint").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/osmosis-lint/osmosis-lint/lsp") {
		t.Fatalf("go list -deps ../cmd/osmosis-lint does not list the lsp package:\n%s", out)
	}
	for _, pkg := range notLinked {
		for _, d := range deps {
			if d == pkg || strings.HasPrefix(d, pkg+"/") {
				t.Errorf("the binary links %s", d)
			}
		}
	}
}
