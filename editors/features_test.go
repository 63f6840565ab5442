package editors

import (
	"encoding/json"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// featureWorkspace is the example workspace with rollout `multiply` named
// by two configs and rollout `other` by a third.
func featureWorkspace(t *testing.T) (root, train string) {
	t.Helper()
	root = workspace(t)
	base := "[experiment]\nrollout = \"multiply\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n\n[training]\nlerning_rate = 1\n\n"
	files := map[string]string{
		"rollouts/multiply/main.py":   "print('multiply')\n",
		"rollouts/other/main.py":      "print('other')\n",
		"configs/training/mult.toml":  base,
		"configs/eval/mult-eval.toml": strings.Replace(base, "[training]\nlerning_rate = 1\n", "[evaluation]\nn = 2\n\n[secrets]\nrequired = []\n", 1),
		"configs/training/other.toml": strings.Replace(base, `"multiply"`, `"other"`, 1),
	}
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, filepath.Join(root, "configs", "training", "mult.toml")
}

// featureAnswers are the answers of a client at the rollout value of
// configs/training/mult.toml.
type featureAnswers struct {
	References []struct {
		URI string `json:"uri"`
	} `json:"references"`
	PrepareRename struct {
		Placeholder string `json:"placeholder"`
	} `json:"prepareRename"`
	Rename struct {
		DocumentChanges []struct {
			Kind         string `json:"kind"`
			OldURI       string `json:"oldUri"`
			NewURI       string `json:"newUri"`
			TextDocument struct {
				URI string `json:"uri"`
			} `json:"textDocument"`
			Edits []struct {
				NewText string `json:"newText"`
			} `json:"edits"`
		} `json:"documentChanges"`
	} `json:"rename"`
	Links []struct {
		Target string `json:"target"`
	} `json:"links"`
	Symbols []struct {
		Name          string `json:"name"`
		ContainerName string `json:"containerName"`
		Location      struct {
			URI string `json:"uri"`
		} `json:"location"`
	} `json:"symbols"`
	Completion struct {
		Items []struct {
			Label            string `json:"label"`
			InsertTextFormat int    `json:"insertTextFormat"`
			TextEdit         struct {
				NewText string `json:"newText"`
			} `json:"textEdit"`
		} `json:"items"`
	} `json:"completion"`
}

// relOf is the workspace-relative path of a file URI.
func relOf(t *testing.T, root, u string) string {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "file" {
		return u
	}
	real, _ := filepath.EvalSymlinks(root)
	for _, r := range []string{root, real} {
		if rel, err := filepath.Rel(r, p.Path); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return p.Path
}

// check holds the answers to what the workspace features promise: the
// references of `multiply` are exactly its two configs, the rename to
// `adder` moves the directory and edits both, the links lead to
// rollouts/multiply/main.py, workspace symbols find the eval config by its
// rollout, and a client without snippet support gets no snippet.
func (a featureAnswers) check(t *testing.T, root string, snippets bool) {
	t.Helper()
	var refs []string
	for _, r := range a.References {
		refs = append(refs, relOf(t, root, r.URI))
	}
	sort.Strings(refs)
	if want := []string{"configs/eval/mult-eval.toml", "configs/training/mult.toml"}; !slices.Equal(refs, want) {
		t.Errorf("references %v, want %v", refs, want)
	}
	if a.PrepareRename.Placeholder != "multiply" {
		t.Errorf("prepareRename placeholder %q", a.PrepareRename.Placeholder)
	}
	var changes []string
	for _, c := range a.Rename.DocumentChanges {
		if c.Kind == "rename" {
			changes = append(changes, "rename "+relOf(t, root, c.OldURI)+" "+relOf(t, root, c.NewURI))
			continue
		}
		for _, e := range c.Edits {
			changes = append(changes, relOf(t, root, c.TextDocument.URI)+" "+e.NewText)
		}
	}
	sort.Strings(changes)
	want := []string{`configs/eval/mult-eval.toml "adder"`, `configs/training/mult.toml "adder"`, "rename rollouts/multiply rollouts/adder"}
	if !slices.Equal(changes, want) {
		t.Errorf("rename %q, want %q", changes, want)
	}
	var links []string
	for _, l := range a.Links {
		links = append(links, relOf(t, root, l.Target))
	}
	if !slices.Contains(links, "rollouts/multiply/main.py") {
		t.Errorf("links %v, want rollouts/multiply/main.py", links)
	}
	found := false
	for _, s := range a.Symbols {
		if s.Name == "multiply" && relOf(t, root, s.Location.URI) == "configs/eval/mult-eval.toml" {
			found = true
		}
	}
	if !found {
		t.Errorf("workspace symbols do not find the eval config by its rollout: %+v", a.Symbols)
	}
	if len(a.Completion.Items) == 0 {
		t.Errorf("no key completion")
	}
	snippet := false
	for _, it := range a.Completion.Items {
		if it.InsertTextFormat == 2 {
			snippet = true
			if !snippets {
				t.Errorf("item %q is a snippet for a client without snippet support", it.Label)
			}
		}
		if !snippets && strings.Contains(it.TextEdit.NewText, "$") {
			t.Errorf("item %q inserts %q", it.Label, it.TextEdit.NewText)
		}
	}
	if snippets && !snippet {
		t.Errorf("no snippet for a client with snippet support")
	}
}

// The VS Code extension's LSP client libraries, driven by
// editors/vscode/test/e2e-features.mjs.
func TestVSCodeClientWorkspaceFeatures(t *testing.T) {
	node := need(t, "node")
	if _, err := os.Stat(filepath.Join("vscode", "node_modules", "vscode-languageserver-protocol")); err != nil {
		missing(t, "the VS Code client libraries are not installed (run `npm ci` in editors/vscode)")
	}
	script, err := filepath.Abs(filepath.Join("vscode", "test", "e2e-features.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, snippets := range []bool{true, false} {
		t.Run(map[bool]string{true: "snippets", false: "no snippets"}[snippets], func(t *testing.T) {
			root, train := featureWorkspace(t)
			args := []string{script, bin, root, train, "1", "12", "adder", "multiply", "8"}
			if !snippets {
				args = append(args, "--no-snippets")
			}
			var a featureAnswers
			if err := json.Unmarshal(run(t, root, nil, node, args...), &a); err != nil {
				t.Fatal(err)
			}
			a.check(t, root, snippets)
		})
	}
}

// Headless Neovim with the editors/nvim module, driven by
// editors/nvim/test/features.lua; Neovim's own capabilities, once with
// snippet support and once without.
func TestNeovimWorkspaceFeatures(t *testing.T) {
	nvim := need(t, "nvim")
	script, err := filepath.Abs(filepath.Join("nvim", "test", "features.lua"))
	if err != nil {
		t.Fatal(err)
	}
	for _, snippets := range []bool{true, false} {
		t.Run(map[bool]string{true: "snippets", false: "no snippets"}[snippets], func(t *testing.T) {
			root, train := featureWorkspace(t)
			env := []string{"OSMOSIS_LINT_BIN=" + bin, "OSMOSIS_LINT_LINE=1", "OSMOSIS_LINT_COL=12",
				"OSMOSIS_LINT_NEW_NAME=adder", "OSMOSIS_LINT_QUERY=multiply", "OSMOSIS_LINT_COMPLETE_LINE=8"}
			if !snippets {
				env = append(env, "OSMOSIS_LINT_NO_SNIPPETS=1")
			}
			out := run(t, root, env, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile "+script, "--", train)
			var a featureAnswers
			if err := json.Unmarshal(out, &a); err != nil {
				t.Fatalf("output %s: %v", out, err)
			}
			a.check(t, root, snippets)
		})
	}
}

// Headless Neovim shows the rows of the dataset a config names, in the
// hover on its value and an inlay hint after it: counted from the data/
// file of its name, or the platform's row_count in a saved dataset list.
func TestNeovimDatasetRows(t *testing.T) {
	nvim := need(t, "nvim")
	script, err := filepath.Abs(filepath.Join("nvim", "test", "rows.lua"))
	if err != nil {
		t.Fatal(err)
	}
	config := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n"
	for _, tc := range []struct {
		name       string
		files      map[string]string
		hover, tip string
		label      string
	}{
		{"data file", nil, "**12 rows** in `data/multiply.jsonl`", "upload", "# 12 rows in data/multiply.jsonl"},
		{"saved dataset list", map[string]string{
			"datasets.json":  `{"items": [{"file_name": "multiply", "status": "uploaded", "row_count": 1000}]}`,
			"pyproject.toml": "[project]\nname = \"w\"\n\n[tool.osmosis-lint]\ndatasets = \"datasets.json\"\n",
		}, "**1,000 rows** on the platform (`row_count` in datasets.json)", "row_count", "# 1,000 rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := workspace(t)
			tc.files = maps.Clone(tc.files)
			if tc.files == nil {
				tc.files = map[string]string{}
			}
			tc.files["configs/training/rows.toml"] = config
			for rel, text := range tc.files {
				if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			env := []string{"OSMOSIS_LINT_BIN=" + bin, "OSMOSIS_LINT_LINE=4", "OSMOSIS_LINT_COL=12"}
			out := run(t, root, env, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile "+script, "--",
				filepath.Join(root, "configs", "training", "rows.toml"))
			var a struct {
				Hover struct {
					Contents struct {
						Value string `json:"value"`
					} `json:"contents"`
				} `json:"hover"`
				Hints []struct {
					Label    string `json:"label"`
					Position struct {
						Line, Character int
					} `json:"position"`
					Tooltip struct {
						Value string `json:"value"`
					} `json:"tooltip"`
				} `json:"hints"`
			}
			if err := json.Unmarshal(out, &a); err != nil {
				t.Fatalf("output %s: %v", out, err)
			}
			if !strings.Contains(a.Hover.Contents.Value, tc.hover) {
				t.Errorf("hover lacks %q:\n%s", tc.hover, a.Hover.Contents.Value)
			}
			found := false
			for _, h := range a.Hints {
				if h.Label == tc.label {
					found = true
					if h.Position.Line != 4 || h.Position.Character != len(`dataset = "multiply"`) || !strings.Contains(h.Tooltip.Value, tc.tip) {
						t.Errorf("hint %+v", h)
					}
				}
			}
			if !found {
				t.Errorf("no hint %q in %s", tc.label, out)
			}
		})
	}
}
