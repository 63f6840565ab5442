package assist

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// example loads a copy of the example workspace.
func example(t *testing.T) *workspace.Snapshot {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join("..", "..", "workspace", "example")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(root, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(root, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	snap, err := workspace.Load(root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// marked splits a text with one "|" cursor.
func marked(t *testing.T, s string) (string, int) {
	t.Helper()
	i := strings.Index(s, "|")
	if i < 0 || strings.Count(s, "|") != 1 {
		t.Fatalf("want one | in %q", s)
	}
	return s[:i] + s[i+1:], i
}

var placeholder = regexp.MustCompile(`\$\{\d+\|([^,|]*)[^}]*\|\}|\$\{\d+:([^}]*)\}|\$\d+`)

// apply puts an item into the text, its snippet placeholders filled with
// their defaults.
func apply(text string, it Item) string {
	ins := it.Text
	if it.Snippet {
		ins = placeholder.ReplaceAllStringFunc(ins, func(m string) string {
			sm := placeholder.FindStringSubmatch(m)
			if sm[1] != "" {
				return sm[1]
			}
			return sm[2]
		})
	}
	return text[:it.Range.Start] + ins + text[it.Range.End:]
}

func TestComplete(t *testing.T) {
	snap := example(t)
	names := &Names{Env: []string{"LOG_LEVEL"}, Secrets: []string{"OPENAI_API_KEY"}}
	tests := []struct {
		name   string
		kind   schema.Kind
		noWS   bool
		text   string
		accept string // label; "" checks only want/not
		after  string
		want   []string
		not    []string
	}{
		{name: "header", kind: "training", text: "[experiment]\n[sa|", accept: "sampling", after: "[experiment]\n[sampling]", not: []string{"experiment"}},
		{name: "header before its bracket", kind: "training", text: "[|]", accept: "training", after: "[training]"},
		{name: "nested header", kind: "benchmark", text: "[[agents]]\n[agents.|", accept: "agents.model", after: "[[agents]]\n[agents.model]"},
		{name: "key", kind: "training", text: "[training]\nlr = 1e-6\n|", accept: "total_epochs", after: "[training]\nlr = 1e-6\ntotal_epochs = 1", not: []string{"lr"}},
		{name: "key over a word with a value", kind: "training", text: "[training]\nto|tal = 3\n", accept: "total_epochs", after: "[training]\ntotal_epochs = 3\n"},
		{name: "indented key", kind: "training", text: "[training]\n  n_s|", accept: "n_samples_per_prompt", after: "[training]\n  n_samples_per_prompt = 8"},
		{name: "dotted key", kind: "training", text: "sampling.|", accept: "rollout_top_p", after: "sampling.rollout_top_p = 1.0"},
		{name: "dotted key inside a section", kind: "benchmark", text: "[[agents]]\nharness = \"codex\"\nmodel.ty|", accept: "type", after: "[[agents]]\nharness = \"codex\"\nmodel.type = \"provider\""},
		{name: "no sections as plain keys", kind: "training", text: "|", not: []string{"training", "experiment"}},
		{name: "enum value", kind: "benchmark", text: "[tasks]\ntask_set = |", accept: "parity", after: "[tasks]\ntask_set = \"parity\""},
		{name: "enum inside quotes", kind: "benchmark", text: "[tasks]\ntask_set = \"pa|\"", accept: "parity", after: "[tasks]\ntask_set = \"parity\""},
		{name: "single-quoted string", kind: "training", text: "[experiment]\nrollout = 'mul|'", accept: "multiply-agent", after: "[experiment]\nrollout = 'multiply-agent'"},
		{name: "rollout", kind: "eval", text: "[experiment]\nrollout = |", accept: "multiply-agent", after: "[experiment]\nrollout = \"multiply-agent\""},
		{name: "no rollouts without a workspace", kind: "eval", noWS: true, text: "[experiment]\nrollout = |", not: []string{"multiply-agent"}},
		{name: "built-in models without a workspace", kind: "training", noWS: true, text: "[experiment]\nmodel_path = |", want: []string{"Qwen/Qwen3.6-35B-A3B"}, not: []string{"Qwen/Qwen3-8B"}},
		{name: "models of the settings", kind: "training", text: "[experiment]\nmodel_path = |", want: []string{"Qwen/Qwen3-8B", "Qwen/Qwen3.6-35B-A3B"}},
		{name: "entrypoint", kind: "training", text: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"|\"", accept: "main.py", after: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\""},
		{name: "dataset", kind: "training", text: "[experiment]\ndataset = |", accept: "multiply", after: "[experiment]\ndataset = \"multiply\""},
		{name: "secret in a list", kind: "eval", text: "[secrets]\nrequired = [\"|", accept: "OPENAI_API_KEY", after: "[secrets]\nrequired = [\"OPENAI_API_KEY\""},
		{name: "secret already listed", kind: "eval", text: "[secrets]\nrequired = ['OPENAI_API_KEY', |]", not: []string{"OPENAI_API_KEY"}},
		{name: "env name", kind: "eval", text: "[env]\nLOG|", accept: "LOG_LEVEL", after: "[env]\nLOG_LEVEL = \"\""},
		{name: "env name with a value", kind: "eval", text: "[env]\nLOG| = \"x\"", accept: "LOG_LEVEL", after: "[env]\nLOG_LEVEL = \"x\""},
		{name: "inline table key", kind: "training", text: "sampling = { rollout_temperature = 0.5, r| }", accept: "rollout_top_p", after: "sampling = { rollout_temperature = 0.5, rollout_top_p = 1.0 }", not: []string{"rollout_temperature"}},
		{name: "nested inline table", kind: "benchmark", text: "[[agents]]\nharness = \"codex\"\nmodel = { type = \"endpoint\", |", want: []string{"model", "base_url"}, not: []string{"type"}},
		{name: "in a comment", kind: "training", text: "# [tr|", not: []string{"training"}},
		{name: "after a string with a hash", kind: "training", text: "[experiment]\nrollout = \"a#b\"\nentrypoint = |", want: []string{"main.py"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, off := marked(t, tt.text)
			ws, n := snap, names
			if tt.noWS {
				ws, n = nil, nil
			}
			f := NewFile(toml.Parse([]byte(text)), tt.kind, ws, n)
			items := f.Complete(off)
			var labels []string
			for _, it := range items {
				labels = append(labels, it.Label)
				if it.Range.Start > off || it.Range.End < off || strings.Contains(text[it.Range.Start:it.Range.End], "\n") {
					t.Errorf("item %q replaces %d-%d, which does not hold the cursor %d on its line", it.Label, it.Range.Start, it.Range.End, off)
				}
			}
			for _, w := range tt.want {
				if !slices.Contains(labels, w) {
					t.Errorf("%q not offered: %v", w, labels)
				}
			}
			for _, w := range tt.not {
				if slices.Contains(labels, w) {
					t.Errorf("%q offered: %v", w, labels)
				}
			}
			if tt.accept == "" {
				return
			}
			i := slices.Index(labels, tt.accept)
			if i < 0 {
				t.Fatalf("%q not offered: %v", tt.accept, labels)
			}
			if got := apply(text, items[i]); got != tt.after {
				t.Errorf("accepting %q:\n%s\nwant:\n%s", tt.accept, got, tt.after)
			}
		})
	}
}

// Completion never panics and always edits around the cursor, wherever it
// is asked in a config.
func TestCompleteEverywhere(t *testing.T) {
	snap := example(t)
	for _, text := range []string{
		"# c\n[experiment]\nrollout = \"multiply-agent\" # x\nentrypoint = 'main.py'\n\n[[agents]]\nmodel = { type = \"provider\", model = \"m\" }\n[secrets]\nrequired = [\"A\", 'B']\n",
		"[training\nlr = = 1\n\"quoted key\" = { a = [1, {b = 2}] }\n[[",
	} {
		for _, kind := range []schema.Kind{"training", "eval", "benchmark"} {
			f := NewFile(toml.Parse([]byte(text)), kind, snap, nil)
			for off := -1; off <= len(text)+1; off++ {
				c := min(max(off, 0), len(text))
				for _, it := range f.Complete(off) {
					if it.Range.Start > c || it.Range.End < c {
						t.Errorf("%s at %d: item %q replaces %d-%d", kind, off, it.Label, it.Range.Start, it.Range.End)
					}
				}
				f.Hover(off)
				f.Definition(off)
			}
		}
	}
}

func TestHover(t *testing.T) {
	snap := example(t)
	text := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\ndataset = \"multiply\"\n\n[[agents]]\n[[agents]]\n[agents.model]\ntype = \"provider\"\napi_key_secret = \"K\"\n"
	tests := []struct {
		at, kind string
		want     []string
		cover    string
	}{
		{"rollout =", "benchmark", []string{"**experiment.rollout** is not a key of this benchmark config"}, "rollout"},
		{"\"multiply-agent\"", "training", []string{"**experiment.rollout**", "`rollouts/multiply-agent/`: 2 files, Python: main.py"}, "\"multiply-agent\""},
		{"\"main.py\"", "training", []string{"`rollouts/multiply-agent/main.py` exists."}, "\"main.py\""},
		{"\"multiply\"", "training", []string{"Dataset `multiply`: known from data-dir", "local file `data/multiply.jsonl`"}, "\"multiply\""},
		{"api_key_secret", "benchmark", []string{"**agents[1].model.api_key_secret**", "Platform secret record"}, "api_key_secret"},
		{"type =", "benchmark", []string{"- one of: `\"provider\"`, `\"endpoint\"`, `\"hosted\"`", "[`enum-value`](https://"}, "type"},
	}
	for _, tt := range tests {
		f := NewFile(toml.Parse([]byte(text)), schema.Kind(tt.kind), snap, nil)
		off := strings.Index(text, tt.at) + 1
		md, r, ok := f.Hover(off)
		if !ok {
			t.Errorf("no hover on %q", tt.at)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(md, w) {
				t.Errorf("hover on %q lacks %q:\n%s", tt.at, w, md)
			}
		}
		if got := text[r.Start:r.End]; got != tt.cover {
			t.Errorf("hover on %q covers %q, want %q", tt.at, got, tt.cover)
		}
	}
	// rules written in Go that name the key (Rule.Keys) are listed beside
	// the schema's, and only for the kinds they apply to
	grpo := "[training]\nn_samples_per_prompt = 1\n"
	md, _, _ := NewFile(toml.Parse([]byte(grpo)), "training", nil, nil).Hover(strings.Index(grpo, "n_samples"))
	if !strings.Contains(md, "- rules: ") || !strings.Contains(md, "[`grpo-group-size`](https://") {
		t.Errorf("hover on n_samples_per_prompt does not list grpo-group-size:\n%s", md)
	}
	md, _, _ = NewFile(toml.Parse([]byte(text)), "training", snap, nil).Hover(strings.Index(text, "rollout =") + 1)
	for _, id := range []string{"rollout-name", "rollout-not-found", "rollout-uncommitted"} {
		if strings.Count(md, "[`"+id+"`]") != 1 {
			t.Errorf("hover on experiment.rollout should list %s once:\n%s", id, md)
		}
	}
	md, _, _ = NewFile(toml.Parse([]byte(text)), "benchmark", snap, nil).Hover(strings.Index(text, "api_key_secret") + 1)
	if strings.Contains(md, "rollout-not-found") {
		t.Errorf("a training rule on a benchmark key:\n%s", md)
	}
	// nothing on blank lines and comments
	f := NewFile(toml.Parse([]byte("# note\n\n[training]\n")), "training", nil, nil)
	for _, off := range []int{2, 7} {
		if md, _, ok := f.Hover(off); ok {
			t.Errorf("hover at %d: %q", off, md)
		}
	}
}

func TestDefinition(t *testing.T) {
	snap := example(t)
	text := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\ndataset = \"data/multiply.jsonl\"\nmodel_path = \"Qwen/Qwen3-8B\"\n"
	f := NewFile(toml.Parse([]byte(text)), "training", snap, nil)
	for at, want := range map[string]Target{
		"\"multiply-agent\"":      {Path: "rollouts/multiply-agent/main.py"},
		"\"main.py\"":             {Path: "rollouts/multiply-agent/main.py"},
		"\"data/multiply.jsonl\"": {Path: "data/multiply.jsonl"},
		"\"Qwen/Qwen3-8B\"":       {},
	} {
		got, r, ok := f.Definition(strings.Index(text, at) + 1)
		if ok != (want.Path != "") || got != want {
			t.Errorf("definition of %s = %+v %v, want %+v", at, got, ok, want)
		}
		if ok && text[r.Start:r.End] != at {
			t.Errorf("definition of %s from %q", at, text[r.Start:r.End])
		}
	}
	// the rollout leads to its first Python file when the entrypoint is
	// missing, never to its directory
	noEntry := strings.Replace(text, "main.py", "nope.py", 1)
	got, _, ok := NewFile(toml.Parse([]byte(noEntry)), "training", snap, nil).Definition(strings.Index(noEntry, "multiply-agent"))
	if want := (Target{Path: "rollouts/multiply-agent/main.py"}); !ok || got != want {
		t.Errorf("definition of a rollout without its entrypoint = %+v %v, want %+v", got, ok, want)
	}
	if _, _, ok := NewFile(toml.Parse([]byte(text)), "training", nil, nil).Definition(strings.Index(text, "main.py")); ok {
		t.Errorf("a definition without a workspace")
	}
}

func TestOutline(t *testing.T) {
	text := "# a\n# b\n[experiment]\nrollout = \"x\"\n\n[[agents]]\nharness = \"codex\"\nmodel = { type = \"provider\", model = \"m\" }\nlist = [\n  1,\n]\n"
	f := NewFile(toml.Parse([]byte(text)), "benchmark", nil, nil)
	var names []string
	var walk func(string, []Symbol)
	walk = func(p string, ss []Symbol) {
		for _, s := range ss {
			names = append(names, p+s.Name)
			if s.Selection.Start < s.Range.Start || s.Selection.End > s.Range.End {
				t.Errorf("%s: selection %v outside %v", s.Name, s.Selection, s.Range)
			}
			walk(p+" ", s.Children)
		}
	}
	walk("", f.Symbols())
	want := []string{"[experiment]", " rollout", "[[agents]]", " harness", " model", "  type", "  model", " list"}
	if !slices.Equal(names, want) {
		t.Errorf("symbols %q, want %q", names, want)
	}
	var folds []string
	for _, fo := range f.Folds() {
		folds = append(folds, strings.Join([]string{itoa(fo.StartLine), itoa(fo.EndLine), map[bool]string{true: "comment"}[fo.Comment]}, ":"))
	}
	wantFolds := []string{"2:3:", "5:10:", "8:10:", "0:1:comment"}
	if !slices.Equal(folds, wantFolds) {
		t.Errorf("folds %q, want %q", folds, wantFolds)
	}
}

func TestInlayHints(t *testing.T) {
	text := "[training]\nlr = 1e-6\n\n[checkpoints]\neval_interval = 5\n"
	f := NewFile(toml.Parse([]byte(text)), "training", nil, nil)
	trainingEnd := strings.Index(text, "1e-6") + len("1e-6")
	fileEnd := len(text) - 1
	got := map[string]Hint{}
	for _, h := range f.InlayHints(toml.Range{Start: 0, End: len(text)}) {
		got[h.Label] = h
	}
	// [training] leaves out several keys: one hint at the end of its last
	// line, the list in the tooltip, TOML in the label
	h, ok := got["# +7 defaults"]
	if !ok || h.At != trainingEnd || !strings.Contains(h.Tooltip, "n_samples_per_prompt = 8\n") {
		t.Errorf("[training] hint: %+v (all: %v)", h, got)
	}
	if strings.Contains(h.Tooltip, "lr = ") {
		t.Errorf("a hint for a key that is set: %q", h.Tooltip)
	}
	// [checkpoints] leaves out one: the key itself
	if h, ok := got["checkpoint_save_freq = 20"]; !ok || h.At != fileEnd {
		t.Errorf("[checkpoints] hint: %+v (all: %v)", h, got)
	}
	// [sampling] is left out altogether: its defaults at the end of the file
	if h, ok := got["# +2 defaults in [sampling]"]; !ok || h.At != fileEnd || !strings.Contains(h.Tooltip, "[sampling]\nrollout_temperature = ") {
		t.Errorf("absent sections hint: %+v (all: %v)", h, got)
	}
	if len(got) != 3 {
		t.Errorf("%d hints, want 3: %v", len(got), got)
	}
	// prose defaults are left to hover
	for l := range got {
		if strings.Contains(l, "random") {
			t.Errorf("a prose label: %q", l)
		}
	}
	// only what is in the range
	for _, h := range f.InlayHints(toml.Range{Start: 0, End: trainingEnd}) {
		if h.Label != "# +7 defaults" {
			t.Errorf("hint %q outside the range", h.Label)
		}
	}
}

// TestRefText: a rename keeps the ref's quoting when it can hold the new
// name, and writes TOML that parses back to the name.
func TestRefText(t *testing.T) {
	tests := []struct {
		quote      byte
		name, want string
	}{
		{0, "NEW_NAME", "NEW_NAME"},
		{0, "a.b", `"a.b"`},
		{'\'', "x", "'x'"},
		{'\'', "it's", `"it's"`},
		{'\'', "a\x01", `"a\u0001"`},
		{'"', "x", `"x"`},
		{'"', `q"\`, `"q\"\\"`},
	}
	for _, tt := range tests {
		if got := (Ref{Quote: tt.quote}).Text(tt.name); got != tt.want {
			t.Errorf("Text(%q) with quote %q = %s, want %s", tt.name, tt.quote, got, tt.want)
		}
	}
}
