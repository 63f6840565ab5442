package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint/doctor"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
)

// TestOneConfigListing: check, doctor and the language server take their
// configs from the one workspace listing, so on a workspace with nested
// and oddly named directories they list the same files (the server those
// in the kind directories, where it reports).
func TestOneConfigListing(t *testing.T) {
	const cfg = "[experiment]\nrollout = \"multiply-agent\"\n"
	root := newWorkspace(t, map[string]string{
		"pyproject.toml":                              "[tool.osmosis-lint]\nexclude = [\"configs/training/scratch/**\"]\n",
		"configs/training/venv/a.toml":                cfg,
		"configs/training/node_modules/b.toml":        cfg,
		"configs/training/__pycache__/c.toml":         cfg,
		"configs/eval/with space/d.toml":              cfg,
		"configs/eval/ünïcode/e.toml":                 cfg,
		"configs/eval/-dash/f.toml":                   cfg,
		"configs/benchmark/a/b/c/d/e/f/g/h/deep.toml": cfg,
		"configs/training/.drafts/hidden.toml":        cfg,
		"configs/training/scratch/excluded.toml":      cfg,
		"configs/training/x.TOML":                     cfg,
		"configs/misc/stray.toml":                     cfg,
		"shared/linked.toml":                          cfg,
	})
	if err := os.Symlink("../../shared", filepath.Join(root, "configs", "training", "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere.toml", filepath.Join(root, "configs", "eval", "dangling.toml")); err != nil {
		t.Fatal(err)
	}

	res, err := runner.Run(nil, runner.Options{Dir: root})
	if err != nil {
		t.Fatal(err)
	}
	var checked []string
	for _, f := range res.Files {
		checked = append(checked, f.Path)
	}

	rep, err := doctor.Run(root, doctor.Options{Dir: root})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for p := range rep.Files {
		seen[p] = true
	}
	for _, f := range rep.Findings {
		if strings.HasPrefix(f.Path, "configs/") {
			seen[f.Path] = true
		}
	}
	var doctored []string
	for p := range seen {
		doctored = append(doctored, p)
	}
	slices.Sort(doctored)

	c := start(t, root, caps{pull: true})
	var ws workspaceReport
	c.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, &ws)
	var served []string
	for _, it := range ws.Items {
		p, _ := filePath(uri.URI(it.URI))
		rel, _ := filepath.Rel(root, p)
		served = append(served, filepath.ToSlash(rel))
	}
	slices.Sort(served)

	for _, want := range []string{"configs/training/venv/a.toml", "configs/training/node_modules/b.toml", "configs/training/__pycache__/c.toml",
		"configs/eval/with space/d.toml", "configs/eval/ünïcode/e.toml", "configs/eval/-dash/f.toml",
		"configs/benchmark/a/b/c/d/e/f/g/h/deep.toml", "configs/training/linked/linked.toml", "configs/eval/dangling.toml",
		"configs/training/x.TOML", "configs/misc/stray.toml"} {
		if want == "configs/training/x.TOML" {
			continue // not named *.toml: not a config
		}
		if !slices.Contains(checked, want) {
			t.Errorf("check left out %s", want)
		}
	}
	for _, never := range []string{"configs/training/.drafts/hidden.toml", "configs/training/scratch/excluded.toml", "configs/training/x.TOML"} {
		if slices.Contains(checked, never) {
			t.Errorf("check took %s", never)
		}
	}
	if !slices.Equal(checked, doctored) {
		t.Errorf("check and doctor list different configs:\n check  %q\n doctor %q", checked, doctored)
	}
	var inKindDirs []string
	for _, p := range checked {
		// not in a kind directory once resolved: check reports their place
		if p != "configs/misc/stray.toml" && p != "configs/eval/dangling.toml" && p != "configs/training/linked/linked.toml" {
			inKindDirs = append(inKindDirs, p)
		}
	}
	if !slices.Equal(served, inKindDirs) {
		t.Errorf("the server lists other configs than check:\n server %q\n check  %q", served, inKindDirs)
	}
	c.shutdown()
}
