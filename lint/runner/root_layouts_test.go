package runner

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/roottest"
)

// TestRootLayoutsCheck: check loads, for a named path, the workspace
// workspace.Root finds (over the layouts every door is proven on).
func TestRootLayoutsCheck(t *testing.T) {
	roottest.Run(t, func(t *testing.T, base string, l roottest.Layout) {
		r, err := newRun(Options{Dir: base})
		if err != nil {
			t.Fatal(err)
		}
		sp, _ := r.spaceOf(roottest.Abs(base, l.Path), false)
		got, ok := "", sp != nil
		if ok {
			got = sp.ws.Snapshot.Root()
		}
		if want, wantOK := roottest.Want(base, l, false); got != want || ok != wantOK {
			t.Errorf("check's workspace = %q, want %q", got, want)
		}
	})
}
