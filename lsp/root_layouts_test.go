package lsp

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/roottest"
)

// TestRootLayoutsLSP: a document's workspace is the one workspace.Root
// finds, as check's.
func TestRootLayoutsLSP(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		got, ok := rootOf(roottest.Abs(base, l.Path))
		if want, wantOK := roottest.Want(base, l, false); got != want || ok != wantOK {
			t.Errorf("rootOf = %q, %v; want %q", got, ok, want)
		}
	})
}
