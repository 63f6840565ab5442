package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func (e *editor) hover(needle string, delta int) *hover {
	e.c.t.Helper()
	var h *hover
	e.c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(e.path), "position": posOf(e.c.t, e.text, needle, delta, e.utf16)}, &h)
	if h != nil && h.Range != nil {
		checkRange(e.c.t, e.text, *h.Range, e.utf16)
	}
	return h
}

func TestHover(t *testing.T) {
	root := newWorkspace(t, map[string]string{
		"datasets.json":  `{"items":[{"file_name":"multiply","status":"uploaded"},{"file_name":"squares","status":"processing"}]}`,
		"pyproject.toml": "[tool.osmosis-lint]\nmodels = [\"Qwen/Qwen3-8B\"]\ndatasets = \"datasets.json\"\n",
	})
	c := start(t, root, caps{})
	text := "# run 🚀\n[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"squares\"\n\n[training]\nlr = 2e-6\nlerning = 1\n\n[secrets]\nrequired = []\n"
	e := c.edit(filepath.Join(root, "configs", "training", "h.toml"), text)
	tests := []struct {
		needle string
		delta  int
		want   []string // all in the hover text; nil for no hover
		cover  string   // the text the hover range covers
	}{
		{"lr =", 0, []string{"**training.lr**", "Learning rate", "- type: number", "- default: `", "- allowed: > 0", "- checked by: the platform, after submission", "[`param-range`](https://", "[`param-limit`](https://"}, "lr"},
		{"2e-6", 1, []string{"**training.lr**", "- default: `"}, "2e-6"},
		{"[training]", 3, []string{"**training**", "Training hyperparameters", "- type: table"}, "training"},
		{"lerning", 2, []string{"**training.lerning** is not a key of this training config", "[`unknown-key`](https://"}, "lerning"},
		{"multiply-agent", 0, []string{"**experiment.rollout**", "- checked by: the osmosis CLI, at submit", "`rollouts/multiply-agent/`: 2 files, Python: main.py"}, `"multiply-agent"`},
		{"main.py", 2, []string{"**experiment.entrypoint**", "`rollouts/multiply-agent/main.py` exists."}, `"main.py"`},
		{"squares", 0, []string{"**experiment.dataset**", "Dataset `squares`: known from datasets-file", "status `processing`"}, `"squares"`},
		{"Qwen/", 0, []string{"**experiment.model_path**", "Base model known from settings"}, `"Qwen/Qwen3-8B"`},
		{"# run", 2, nil, ""},
		{"\n\n[training]", 1, nil, ""},
	}
	for _, tt := range tests {
		h := e.hover(tt.needle, tt.delta)
		if tt.want == nil {
			if h != nil {
				t.Errorf("hover on %q: %q, want none", tt.needle, h.Contents.Value)
			}
			continue
		}
		if h == nil {
			t.Errorf("hover on %q: none", tt.needle)
			continue
		}
		if h.Contents.Kind != "markdown" {
			t.Errorf("hover on %q: kind %q", tt.needle, h.Contents.Kind)
		}
		for _, w := range tt.want {
			if !strings.Contains(h.Contents.Value, w) {
				t.Errorf("hover on %q lacks %q:\n%s", tt.needle, w, h.Contents.Value)
			}
		}
		if h.Range == nil {
			t.Errorf("hover on %q has no range", tt.needle)
			continue
		}
		a, b := offsetOf(t, e.text, h.Range.Start, true), offsetOf(t, e.text, h.Range.End, true)
		if got := e.text[a:b]; got != tt.cover {
			t.Errorf("hover on %q covers %q, want %q", tt.needle, got, tt.cover)
		}
	}

	// a rollout that does not exist, and an entrypoint that does not
	e.set(strings.Replace(strings.Replace(text, "multiply-agent", "multiply-agnet", 1), "main.py", "train.py", 1))
	if h := e.hover("multiply-agnet", 0); h == nil || !strings.Contains(h.Contents.Value, "`rollouts/multiply-agnet/` does not exist.") {
		t.Errorf("hover on a missing rollout: %+v", h)
	}
	e.set(strings.Replace(text, "main.py", "train.py", 1))
	if h := e.hover("train.py", 0); h == nil || !strings.Contains(h.Contents.Value, "`rollouts/multiply-agent/train.py` is not a file of the rollout.") {
		t.Errorf("hover on a missing entrypoint: %+v", h)
	}
	e.set(strings.Replace(text, "squares", "cubes", 1))
	if h := e.hover("cubes", 0); h == nil || !strings.Contains(h.Contents.Value, "No platform dataset is named `cubes`") {
		t.Errorf("hover on an unknown dataset: %+v", h)
	}
}

func TestDefinition(t *testing.T) {
	root := newWorkspace(t, map[string]string{"rollouts/empty/README.md": "notes\n"})
	c := start(t, root, caps{})
	path := filepath.Join(root, "configs", "training", "multiply-baseline.toml")
	e := c.edit(path, readFile(t, path))
	def := func(needle string) string {
		t.Helper()
		var loc *location
		c.mustCall("textDocument/definition", map[string]any{"textDocument": textDoc(path), "position": posOf(t, e.text, needle, 2, true)}, &loc)
		if loc == nil {
			return ""
		}
		rel, err := filepath.Rel(root, strings.TrimPrefix(loc.URI, "file://"))
		if err != nil {
			t.Fatal(err)
		}
		return filepath.ToSlash(rel)
	}
	for needle, want := range map[string]string{
		`"multiply-agent"`: "rollouts/multiply-agent/main.py",
		`"main.py"`:        "rollouts/multiply-agent/main.py",
		`"multiply"`:       "data/multiply.jsonl",
		`"Qwen/`:           "",
		"lr = ":            "",
	} {
		if got := def(needle); got != want {
			t.Errorf("definition of %s = %q, want %q", needle, got, want)
		}
	}
	// a dataset given as the path of its file leads to the file
	e.set(strings.Replace(e.text, `dataset = "multiply"`, `dataset = "data/multiply.jsonl"`, 1))
	if got := def(`"data/multiply.jsonl"`); got != "data/multiply.jsonl" {
		t.Errorf("definition of a dataset path = %q", got)
	}
	// a rollout without Python files leads nowhere, never to its directory
	e.set(strings.Replace(e.text, `"multiply-agent"`, `"empty"`, 1))
	if got := def(`"empty"`); got != "" {
		t.Errorf("definition of a rollout without Python files = %q, want none", got)
	}
	e.set(strings.Replace(e.text, `"empty"`, `"multiply-agent"`, 1))
	// nothing for what does not exist or escapes
	e.set(strings.Replace(strings.Replace(e.text, "multiply-agent", "../..", 1), "main.py", "nope.py", 1))
	for _, needle := range []string{`"../.."`, `"nope.py"`} {
		if got := def(needle); got != "" {
			t.Errorf("definition of %s = %q, want none", needle, got)
		}
	}
}

func TestSymbolsAndFolding(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	path := filepath.Join(root, "configs", "benchmark", "terminal-bench.toml")
	text := readFile(t, path) + "\n[env]\nA = { b = 1, c = \"🚀\" }\n"
	c.edit(path, text)

	var syms []documentSymbol
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": textDoc(path)}, &syms)
	var names []string
	var walk func(prefix string, ss []documentSymbol)
	walk = func(prefix string, ss []documentSymbol) {
		for _, s := range ss {
			names = append(names, prefix+s.Name)
			checkRange(t, text, s.Range, true)
			checkRange(t, text, s.SelectionRange, true)
			if offsetOf(t, text, s.SelectionRange.Start, true) < offsetOf(t, text, s.Range.Start, true) ||
				offsetOf(t, text, s.SelectionRange.End, true) > offsetOf(t, text, s.Range.End, true) {
				t.Errorf("symbol %s: selection %+v outside range %+v", s.Name, s.SelectionRange, s.Range)
			}
			walk(prefix+"  ", s.Children)
		}
	}
	walk("", syms)
	want := []string{"[experiment]", "  benchmark", "[tasks]", "  task_set", "[execution]", "  attempts_per_task", "  max_concurrent_attempts",
		"[[agents]]", "  harness", "[agents.model]", "  type", "  model", "  api_key_secret",
		"[[agents]]", "  harness", "[agents.model]", "  type", "  model", "  api_key_secret", "[env]", "  A", "    b", "    c"}
	if !slices.Equal(names, want) {
		t.Errorf("symbols:\n%s\nwant:\n%s", strings.Join(names, "\n"), strings.Join(want, "\n"))
	}
	if syms[0].Kind != 3 || syms[0].Children[0].Kind != 7 || syms[len(syms)-1].Children[0].Kind != 19 {
		t.Errorf("symbol kinds: section %d, key %d, inline table %d; want namespace (3), property (7), object (19)",
			syms[0].Kind, syms[0].Children[0].Kind, syms[len(syms)-1].Children[0].Kind)
	}
	if d := syms[0].Children[0].Detail; d != `"terminal-bench-2-1"` {
		t.Errorf("detail of benchmark = %q", d)
	}

	var folds []foldingRange
	c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(path)}, &folds)
	lines := strings.Split(text, "\n")
	var comment bool
	for _, f := range folds {
		if f.EndLine <= f.StartLine || int(f.EndLine) >= len(lines) {
			t.Errorf("fold %+v", f)
		}
		if f.Kind == "comment" {
			comment = true
			if f.StartLine != 0 || f.EndLine != 1 {
				t.Errorf("comment fold %+v, want lines 0-1", f)
			}
		}
	}
	if !comment {
		t.Errorf("no fold for the leading comment block: %+v", folds)
	}
	// each multi-line section folds from its header
	for i, l := range lines {
		if strings.HasPrefix(l, "[") && i+1 < len(lines) && lines[i+1] != "" {
			if !slices.ContainsFunc(folds, func(f foldingRange) bool { return int(f.StartLine) == i }) {
				t.Errorf("no fold for %s (line %d): %+v", l, i, folds)
			}
		}
	}
}

func TestInlayHints(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{encodings: []string{"utf-8"}})
	text := "[training]\nlr = 2e-6\ntotal_epochs = 3 # 🚀\n\n[sampling]\nrollout_temperature = 1.0\nrollout_top_p = 1.0\n\n[checkpoints]\n"
	path := filepath.Join(root, "configs", "training", "i.toml")
	e := c.edit(path, text)
	e.utf16 = false
	hintsIn := func(r rng) []inlayHint {
		var hints []inlayHint
		c.mustCall("textDocument/inlayHint", map[string]any{"textDocument": textDoc(path), "range": r}, &hints)
		return hints
	}
	hints := hintsIn(e.whole())
	got := map[string]inlayHint{}
	for _, h := range hints {
		got[h.label()] = h
		if !h.PaddingLeft || len(h.Tooltip) == 0 {
			t.Errorf("hint %s: padding %v tooltip %s", h.label(), h.PaddingLeft, h.Tooltip)
		}
	}
	// [training] leaves out several keys: one hint at the end of its last
	// line (after the comment, in UTF-8 columns), the list in the tooltip
	tr, ok := got["# +6 defaults"]
	if !ok || tr.Position != at(2, uint32(len("total_epochs = 3 # 🚀"))) {
		t.Errorf("[training] hint %+v; hints %v", tr, got)
	}
	if !strings.Contains(string(tr.Tooltip), "n_samples_per_prompt = 8") || strings.Contains(string(tr.Tooltip), "lr = ") {
		t.Errorf("[training] tooltip %s", tr.Tooltip)
	}
	// [sampling] sets everything: no hint; [checkpoints] sets nothing
	for l, h := range got {
		if h.Position.Line >= 4 && h.Position.Line <= 6 {
			t.Errorf("hint %q in a complete [sampling]", l)
		}
	}
	if h, ok := got["# +2 defaults"]; !ok || h.Position != at(8, uint32(len("[checkpoints]"))) {
		t.Errorf("[checkpoints] hint %+v; hints %v", h, got)
	}
	// only the requested range
	if hs := hintsIn(span(4, 0, 6, 0)); len(hs) != 0 {
		t.Errorf("hints in lines 4-6: %+v", hs)
	}
	if hs := hintsIn(span(8, 0, 8, 13)); len(hs) != 1 {
		t.Errorf("hints on line 8: %d, want 1", len(hs))
	}
}
