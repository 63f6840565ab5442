package lsp

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// cursor splits a text with one "|" marking the cursor.
func cursor(t testing.TB, marked string) (string, int) {
	t.Helper()
	i := strings.Index(marked, "|")
	if i < 0 || strings.Count(marked, "|") != 1 {
		t.Fatalf("text needs exactly one | cursor: %q", marked)
	}
	return marked[:i] + marked[i+1:], i
}

// editor holds one open document of a session.
type editor struct {
	c     *client
	path  string
	text  string
	utf16 bool
}

func (c *client) edit(path, text string) *editor {
	e := &editor{c: c, path: path, text: text, utf16: true}
	c.open(path, text)
	return e
}

// set replaces the document's text.
func (e *editor) set(text string) {
	e.text = text
	e.c.change(e.path, whole(text))
}

// at sets the text of a marked document and returns the cursor position.
func (e *editor) at(marked string) pos {
	e.c.t.Helper()
	text, off := cursor(e.c.t, marked)
	if text != e.text {
		e.set(text)
	}
	return posOf(e.c.t, text[:off]+"\x00", "\x00", 0, e.utf16)
}

func (e *editor) complete(marked string) []completionItem {
	e.c.t.Helper()
	p := e.at(marked)
	var list completionList
	e.c.mustCall("textDocument/completion", map[string]any{"textDocument": textDoc(e.path), "position": p}, &list)
	for _, it := range list.Items {
		if it.TextEdit == nil {
			e.c.t.Errorf("item %q has no text edit", it.Label)
			continue
		}
		checkRange(e.c.t, e.text, it.TextEdit.Range, e.utf16)
		// the protocol asks for one line that contains the cursor
		r := it.TextEdit.Range
		if r.Start.Line != r.End.Line || r.Start.Line != p.Line || r.Start.Character > p.Character || r.End.Character < p.Character {
			e.c.t.Errorf("item %q: edit range %+v does not hold the cursor %+v on one line", it.Label, r, p)
		}
	}
	return list.Items
}

var snippetRE = regexp.MustCompile(`\$\{\d+\|([^,|]*)[^}]*\|\}|\$\{\d+:([^}]*)\}|\$\d+`)

// plain turns a snippet into the text it inserts with its defaults.
func plain(s string) string {
	return snippetRE.ReplaceAllStringFunc(s, func(m string) string {
		sm := snippetRE.FindStringSubmatch(m)
		if sm[1] != "" {
			return strings.ReplaceAll(sm[1], `\,`, ",")
		}
		return sm[2]
	})
}

// accept applies a completion item to the text, as an editor does.
func (e *editor) accept(it completionItem) string {
	e.c.t.Helper()
	te := *it.TextEdit
	te.NewText = plain(te.NewText)
	return applyEdits(e.c.t, e.text, []textEdit{te}, e.utf16)
}

func labels(items []completionItem) []string {
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func item(items []completionItem, label string) *completionItem {
	for i := range items {
		if items[i].Label == label {
			return &items[i]
		}
	}
	return nil
}

// completionCase is one completion request: the marked text, labels that
// must and must not be offered, and the text after accepting one item.
type completionCase struct {
	name   string
	file   string // under the workspace
	marked string
	want   []string // labels offered
	not    []string // labels not offered
	none   bool     // nothing offered
	accept string   // label to accept
	after  string   // the whole text after accepting
}

const trainingHead = "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n"

var completionCases = []completionCase{
	{name: "section header", file: "configs/training/c.toml",
		marked: trainingHead + "[|",
		want:   []string{"training", "sampling", "checkpoints", "advanced", "env", "secrets"}, not: []string{"experiment"},
		accept: "training", after: trainingHead + "[training]"},
	{name: "section header over a word", file: "configs/training/c.toml",
		marked: trainingHead + "[tr|aining]\nlr = 1e-6\n",
		accept: "training", after: trainingHead + "[training]\nlr = 1e-6\n"},
	{name: "array of tables header", file: "configs/benchmark/c.toml",
		marked: "[experiment]\nbenchmark = \"terminal-bench-2-1\"\n[[|",
		want:   []string{"agents"}, not: []string{"tasks", "experiment"},
		accept: "agents", after: "[experiment]\nbenchmark = \"terminal-bench-2-1\"\n[[agents]]"},
	{name: "keys not yet present", file: "configs/training/c.toml",
		marked: "[training]\nlr = 1e-6\n|",
		want:   []string{"n_samples_per_prompt", "total_epochs", "rollout_batch_size"}, not: []string{"lr", "rollout", "training"},
		accept: "n_samples_per_prompt", after: "[training]\nlr = 1e-6\nn_samples_per_prompt = 8"},
	{name: "key with its value already there", file: "configs/training/c.toml",
		marked: "[training]\nn_s|amples = 3\n",
		accept: "n_samples_per_prompt", after: "[training]\nn_samples_per_prompt = 3\n"},
	{name: "required keys of experiment", file: "configs/training/c.toml",
		marked: "[experiment]\nrollout = \"multiply-agent\"\n|",
		want:   []string{"entrypoint", "model_path", "dataset"}, not: []string{"rollout"},
		accept: "entrypoint", after: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"\""},
	{name: "dotted key", file: "configs/training/c.toml",
		marked: "training.l|",
		want:   []string{"lr", "total_epochs"},
		accept: "total_epochs", after: "training.total_epochs = 1"},
	{name: "enum value", file: "configs/benchmark/c.toml",
		marked: "[tasks]\ntask_set = |",
		want:   []string{"parity"},
		accept: "parity", after: "[tasks]\ntask_set = \"parity\""},
	{name: "enum of a variant tag", file: "configs/benchmark/c.toml",
		marked: "[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"|\"\n",
		want:   []string{"provider", "endpoint", "hosted"},
		accept: "endpoint", after: "[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"endpoint\"\n"},
	{name: "keys of a variant", file: "configs/benchmark/c.toml",
		marked: "[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\n|",
		want:   []string{"model", "api_key_secret"}, not: []string{"type", "harness"},
		accept: "model", after: "[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\nmodel = \"\""},
	{name: "rollout names", file: "configs/training/c.toml",
		marked: "[experiment]\nrollout = |",
		want:   []string{"multiply-agent"},
		accept: "multiply-agent", after: "[experiment]\nrollout = \"multiply-agent\""},
	{name: "inside a string", file: "configs/training/c.toml",
		marked: "[experiment]\nrollout = \"mul|tiply\"\nentrypoint = \"main.py\"\n",
		accept: "multiply-agent", after: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\n"},
	{name: "inside a string not closed yet", file: "configs/training/c.toml",
		marked: "[experiment]\nrollout = \"mul|",
		accept: "multiply-agent", after: "[experiment]\nrollout = \"multiply-agent\""},
	{name: "entrypoints of the rollout", file: "configs/training/c.toml",
		marked: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = |",
		want:   []string{"main.py"},
		accept: "main.py", after: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\""},
	{name: "dataset names", file: "configs/eval/c.toml",
		marked: "[experiment]\ndataset = \"|\"",
		want:   []string{"multiply"},
		accept: "multiply", after: "[experiment]\ndataset = \"multiply\""},
	{name: "base models", file: "configs/training/c.toml",
		marked: "[experiment]\nmodel_path = |",
		want:   []string{"Qwen/Qwen3-8B", "Qwen/Qwen3.6-35B-A3B"},
		accept: "Qwen/Qwen3-8B", after: "[experiment]\nmodel_path = \"Qwen/Qwen3-8B\""},
	{name: "secret names", file: "configs/eval/c.toml",
		marked: "[secrets]\nrequired = [|]",
		want:   []string{"OPENAI_API_KEY"},
		accept: "OPENAI_API_KEY", after: "[secrets]\nrequired = [\"OPENAI_API_KEY\"]"},
	{name: "secret names already listed", file: "configs/eval/c.toml",
		marked: "[secrets]\nrequired = [\"OPENAI_API_KEY\", \"|\"]",
		not:    []string{"OPENAI_API_KEY"}},
	{name: "secret reference of an agent", file: "configs/benchmark/c.toml",
		marked: "[[agents]]\nharness = \"codex\"\nharness_api_key_secret = |",
		want:   []string{"OPENAI_API_KEY"}},
	{name: "env names", file: "configs/eval/c.toml",
		marked: "[env]\n|",
		want:   []string{"LOG_LEVEL"},
		accept: "LOG_LEVEL", after: "[env]\nLOG_LEVEL = \"\""},
	{name: "inline table keys", file: "configs/training/c.toml",
		marked: "sampling = { rollout_t| }",
		want:   []string{"rollout_temperature", "rollout_top_p"},
		accept: "rollout_top_p", after: "sampling = { rollout_top_p = 1.0 }"},
	{name: "inline table keys not yet present", file: "configs/training/c.toml",
		marked: "sampling = { rollout_temperature = 1.0, |",
		want:   []string{"rollout_top_p"}, not: []string{"rollout_temperature"}},
	{name: "inline table of a variant", file: "configs/benchmark/c.toml",
		marked: "[[agents]]\nharness = \"codex\"\nmodel = { type = \"provider\", |",
		want:   []string{"model", "api_key_secret"}, not: []string{"type"}},
	{name: "value in an inline table", file: "configs/benchmark/c.toml",
		marked: "[[agents]]\nharness = \"codex\"\nmodel = { type = | }",
		want:   []string{"provider", "endpoint", "hosted"},
		accept: "hosted", after: "[[agents]]\nharness = \"codex\"\nmodel = { type = \"hosted\" }"},
	{name: "in a comment", file: "configs/training/c.toml",
		marked: "[training] # lr|\n", none: true},
	{name: "after a comment sign on a value line", file: "configs/training/c.toml",
		marked: "[experiment]\nrollout = \"multiply-agent\" # |\n", none: true},
}

func TestCompletion(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	editors := map[string]*editor{}
	for _, tt := range completionCases {
		t.Run(tt.name, func(t *testing.T) {
			c.t = t
			e := editors[tt.file]
			if e == nil {
				e = c.edit(filepath.Join(root, filepath.FromSlash(tt.file)), "")
				editors[tt.file] = e
			}
			items := e.complete(tt.marked)
			got := labels(items)
			if tt.none && len(items) > 0 {
				t.Errorf("offered %v, want nothing", got)
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("%q not offered; got %v", w, got)
				}
			}
			for _, n := range tt.not {
				if slices.Contains(got, n) {
					t.Errorf("%q offered; got %v", n, got)
				}
			}
			if tt.accept == "" {
				return
			}
			it := item(items, tt.accept)
			if it == nil {
				t.Fatalf("%q not offered; got %v", tt.accept, got)
			}
			if after := e.accept(*it); after != tt.after {
				t.Errorf("accepting %q gives\n%s\nwant\n%s", tt.accept, after, tt.after)
			}
		})
	}
}

// Completion items carry what the schema knows: type, default, range, doc.
func TestCompletionDetails(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	e := c.edit(filepath.Join(root, "configs", "training", "c.toml"), "")
	items := e.complete("[training]\n|")
	it := item(items, "n_samples_per_prompt")
	if it == nil {
		t.Fatalf("n_samples_per_prompt not offered: %v", labels(items))
	}
	if !strings.Contains(it.Detail, "integer") || !strings.Contains(it.Detail, "default 8") {
		t.Errorf("detail %q, want the type and the default", it.Detail)
	}
	var doc markup
	if err := json.Unmarshal(it.Documentation, &doc); err != nil || doc.Kind != "markdown" || !strings.Contains(doc.Value, "default: `8`") {
		t.Errorf("documentation %s, want markdown with the default", it.Documentation)
	}
	if it.Kind != 10 || it.InsertTextFormat != 2 || it.TextEdit.NewText != "n_samples_per_prompt = ${1:8}" {
		t.Errorf("item = kind %d format %d text %q, want a property snippet with the default", it.Kind, it.InsertTextFormat, it.TextEdit.NewText)
	}
	// required keys sort first
	items = e.complete("[experiment]\n|")
	byLabel := map[string]string{}
	for _, it := range items {
		byLabel[it.Label] = it.SortText
	}
	if !(byLabel["rollout"] < byLabel["branch"]) {
		t.Errorf("sort texts %v: required rollout should sort before optional branch", byLabel)
	}
	// rollout items name their directory; the main.py entrypoint is preselected
	items = e.complete("[experiment]\nrollout = \"multiply-agent\"\nentrypoint = |")
	if it := item(items, "main.py"); it == nil || !it.Preselect || it.Detail != "rollouts/multiply-agent/main.py" {
		t.Errorf("main.py item = %+v", it)
	}
	// a rollout that does not exist has no files: the schema's examples
	items = e.complete("[experiment]\nrollout = \"nope\"\nentrypoint = |")
	for _, it := range items {
		if it.Detail != "example" {
			t.Errorf("entrypoint of a missing rollout: %q (%s), want only examples", it.Label, it.Detail)
		}
	}
}

// Completion positions and edits in both encodings on a line with astral
// characters before the cursor.
func TestCompletionEncodings(t *testing.T) {
	for _, enc := range []string{"utf-16", "utf-8"} {
		t.Run(enc, func(t *testing.T) {
			root := newWorkspace(t, nil)
			c := start(t, root, caps{encodings: []string{enc}})
			e := c.edit(filepath.Join(root, "configs", "training", "c.toml"), "")
			e.utf16 = enc == "utf-16"
			items := e.complete("[experiment] # 🚀é\nrollout = \"🚀-mul|\" # 𝄞\n")
			it := item(items, "multiply-agent")
			if it == nil {
				t.Fatalf("not offered: %v", labels(items))
			}
			want := "[experiment] # 🚀é\nrollout = \"multiply-agent\" # 𝄞\n"
			if got := e.accept(*it); got != want {
				t.Errorf("accepting gives\n%s\nwant\n%s", got, want)
			}
			items = e.complete("sampling = { x = \"🚀🚀\", rollout_t| }")
			it = item(items, "rollout_top_p")
			if it == nil {
				t.Fatalf("not offered: %v", labels(items))
			}
			if got, want := e.accept(*it), "sampling = { x = \"🚀🚀\", rollout_top_p = 1.0 }"; got != want {
				t.Errorf("accepting gives %s, want %s", got, want)
			}
		})
	}
}

// A client that resolves documentation lazily gets lists without it, and
// the documentation of an item of the last list on resolve.
func TestCompletionResolve(t *testing.T) {
	root := newWorkspace(t, nil)
	c := newClient(t, nil)
	res := c.initialize(root, caps{resolve: true})
	if !strings.Contains(string(res.Capabilities.CompletionProvider), `"resolveProvider":true`) {
		t.Errorf("completionProvider %s does not resolve", res.Capabilities.CompletionProvider)
	}
	e := c.edit(filepath.Join(root, "configs", "training", "c.toml"), "")
	old := e.complete("[training]\n|")
	items := e.complete("[sampling]\n|")
	it := item(items, "rollout_top_p")
	if it == nil || len(it.Documentation) != 0 || len(it.Data) == 0 {
		t.Fatalf("item %+v, want data and no documentation", it)
	}
	var got completionItem
	c.mustCall("completionItem/resolve", it, &got)
	var doc markup
	if err := json.Unmarshal(got.Documentation, &doc); err != nil || !strings.Contains(doc.Value, "Top-p") || got.Label != it.Label || got.TextEdit == nil {
		t.Errorf("resolved %+v (%s)", got, got.Documentation)
	}
	// an item of an older list, or a foreign one, comes back as it is
	for _, x := range []completionItem{*item(old, "lr"), {Label: "x", Data: json.RawMessage(`"junk"`)}, {Label: "y"}} {
		var back completionItem
		c.mustCall("completionItem/resolve", x, &back)
		if back.Label != x.Label || len(back.Documentation) != 0 {
			t.Errorf("resolving %q: %+v", x.Label, back)
		}
	}
}
