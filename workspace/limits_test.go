package workspace

import (
	"fmt"
	"strings"
	"testing"
)

// TestListingLimitsSaySo: a listing cut by its entry or depth bound says
// which, so the cut is reported instead of passing silently; below the
// bounds nothing is said.
func TestListingLimitsSaySo(t *testing.T) {
	tree := files{".git/": ""}
	for i := 0; i < 6; i++ {
		tree[fmt.Sprintf("configs/training/c%d.toml", i)] = ""
		tree[fmt.Sprintf("data/d%d.jsonl", i)] = "{}\n"
	}
	deep := "configs/eval/" + strings.Repeat("d/", maxWalkDepth) + "deep.toml"
	tree[deep] = ""
	root := newWorkspace(t, tree)

	s := mustLoad(t, root, Options{MaxConfigFiles: 3, MaxDataFiles: 4})
	if got := s.ConfigsLimit().Describe("configs"); !strings.Contains(got, "stopped after 3 entries under configs/") {
		t.Errorf("configs limit: %q", got)
	}
	if got := s.DataLimit().Describe("data"); got != "stopped after 4 entries under data/" || len(s.DataFiles()) != 4 {
		t.Errorf("data limit: %q, %d files", got, len(s.DataFiles()))
	}

	s = mustLoad(t, root, Options{})
	lim := s.ConfigsLimit()
	if lim.Entries != 0 || lim.Depth != maxWalkDepth || !strings.Contains(lim.Describe("configs"), "did not enter directories 32 levels deep under configs/") {
		t.Errorf("depth limit: %+v %q", lim, lim.Describe("configs"))
	}
	if s.DataLimit().Hit() || len(s.DataFiles()) != 6 {
		t.Errorf("data below its bound: %+v, %d files", s.DataLimit(), len(s.DataFiles()))
	}
	for _, c := range s.Configs() {
		if c.Path == deep {
			t.Errorf("listed %s beyond the depth bound", deep)
		}
	}
}
