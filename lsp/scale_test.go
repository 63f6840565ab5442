package lsp

import (
	"path/filepath"
	"strings"
	"testing"
)

// A file of more unknown keys than the editor shows gets the first of them
// and one note that says how many more there are and how to see them all.
func TestManyFindingsBounded(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	path := filepath.Join(root, "configs", "training", "many.toml")
	c.open(path, unknownKeys(maxIssuesPerRule+250))
	p := c.waitVersion(path, 1)
	unknown, notes := 0, 0
	for _, d := range p.Diagnostics {
		switch {
		case d.Code == "unknown-key":
			unknown++
		case d.Code == "" && strings.Contains(d.Message, "250 more problems") && strings.Contains(d.Message, "osmosis-lint check many.toml"):
			notes++
		}
	}
	if unknown != maxIssuesPerRule || notes != 1 {
		t.Errorf("%d unknown-key diagnostics and %d notes, want %d and 1", unknown, notes, maxIssuesPerRule)
	}
}
