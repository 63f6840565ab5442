package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// crossWorkspace is the example workspace with rollout `multiply` named by
// two configs and rollout `other` by a third.
func crossWorkspace(t *testing.T) string {
	base := "[experiment]\nrollout = \"multiply\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = [\"WANDB_API_KEY\"]\n"
	return newWorkspace(t, map[string]string{
		"rollouts/multiply/main.py":               "print('multiply')\n",
		"rollouts/other/main.py":                  "print('other')\n",
		"configs/training/mult.toml":              base,
		"configs/eval/mult-eval.toml":             strings.Replace(base, "[secrets]\nrequired = [\"WANDB_API_KEY\"]\n", "[evaluation]\nn = 2\n\n[secrets]\nrequired = []\n", 1),
		"configs/training/other.toml":             strings.Replace(base, `rollout = "multiply"`, `rollout = 'other'`, 1),
		"configs/training/multiply-long.toml":     "",
		"configs/training/multiply-baseline.toml": "",
		"configs/eval/multiply-eval.toml":         "",
		"configs/benchmark/terminal-bench.toml":   "",
	})
}

type workspaceEdit struct {
	Changes         map[string][]textEdit `json:"changes"`
	DocumentChanges []json.RawMessage     `json:"documentChanges"`
}

func (we workspaceEdit) String() string { return jsonText(we) }

type docChange struct {
	Kind         string `json:"kind"`
	OldURI       string `json:"oldUri"`
	NewURI       string `json:"newUri"`
	TextDocument *struct {
		URI     string `json:"uri"`
		Version *int32 `json:"version"`
	} `json:"textDocument"`
	Edits []textEdit `json:"edits"`
}

func (w workspaceEdit) changes(t *testing.T) []docChange {
	var out []docChange
	for _, raw := range w.DocumentChanges {
		var c docChange
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func rel(t *testing.T, root, u string) string {
	t.Helper()
	r, err := filepath.Rel(root, strings.TrimPrefix(u, "file://"))
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(r)
}

func TestReferences(t *testing.T) {
	root := crossWorkspace(t)
	c := start(t, root, caps{})
	train := filepath.Join(root, "configs", "training", "mult.toml")
	e := c.edit(train, readFile(t, train))
	refs := func(needle string) []string {
		t.Helper()
		var locs []location
		c.mustCall("textDocument/references", map[string]any{"textDocument": textDoc(train), "position": posOf(t, e.text, needle, 2, true), "context": map[string]any{"includeDeclaration": true}}, &locs)
		var out []string
		for _, l := range locs {
			out = append(out, rel(t, root, l.URI)+":"+itoa(int(l.Range.Start.Line)))
		}
		return out
	}
	if got, want := refs(`"multiply"`), []string{"configs/eval/mult-eval.toml:1", "configs/training/mult.toml:1"}; !slices.Equal(got, want) {
		t.Errorf("references of the rollout = %v, want %v", got, want)
	}
	if got := refs(`"WANDB`); !slices.Equal(got, []string{"configs/training/mult.toml:7", "configs/training/other.toml:7"}) {
		t.Errorf("references of the secret = %v", got)
	}
	if got := refs("[secrets]"); len(got) != 0 {
		t.Errorf("references of a header = %v", got)
	}
	// what is typed counts before it is saved
	e.set(strings.Replace(e.text, `rollout = "multiply"`, `rollout = "other"`, 1))
	if got := refs(`"other"`); !slices.Equal(got, []string{"configs/training/mult.toml:1", "configs/training/other.toml:1"}) {
		t.Errorf("references after an unsaved edit = %v", got)
	}
}

func TestRename(t *testing.T) {
	root := crossWorkspace(t)
	c := start(t, root, caps{renameFiles: true})
	train := filepath.Join(root, "configs", "training", "mult.toml")
	e := c.edit(train, readFile(t, train))
	at := posOf(t, e.text, `"multiply"`, 3, true)

	var prep struct {
		Range       rng    `json:"range"`
		Placeholder string `json:"placeholder"`
	}
	c.mustCall("textDocument/prepareRename", map[string]any{"textDocument": textDoc(train), "position": at}, &prep)
	if prep.Placeholder != "multiply" || prep.Range != span(1, 11, 1, 19) {
		t.Errorf("prepareRename = %+v", prep)
	}
	var none json.RawMessage
	c.mustCall("textDocument/prepareRename", map[string]any{"textDocument": textDoc(train), "position": posOf(t, e.text, "[secrets]", 2, true)}, &none)
	if string(none) != "null" && none != nil {
		t.Errorf("prepareRename on a header = %s", none)
	}

	var we workspaceEdit
	c.mustCall("textDocument/rename", map[string]any{"textDocument": textDoc(train), "position": at, "newName": "adder"}, &we)
	var got []string
	for _, ch := range we.changes(t) {
		if ch.Kind == "rename" {
			got = append(got, "rename "+rel(t, root, ch.OldURI)+" -> "+rel(t, root, ch.NewURI))
			continue
		}
		p := rel(t, root, ch.TextDocument.URI)
		if p == "configs/training/mult.toml" && (ch.TextDocument.Version == nil || *ch.TextDocument.Version != 1) {
			t.Errorf("the open config's edit is for version %v, want 1", ch.TextDocument.Version)
		}
		text := readFile(t, filepath.Join(root, filepath.FromSlash(p)))
		got = append(got, p+": "+strings.SplitN(applyEdits(t, text, ch.Edits, true), "\n", 3)[1])
	}
	sort.Strings(got)
	want := []string{
		`configs/eval/mult-eval.toml: rollout = "adder"`,
		`configs/training/mult.toml: rollout = "adder"`,
		"rename rollouts/multiply -> rollouts/adder",
	}
	if !slices.Equal(got, want) {
		t.Errorf("rename edits:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// names the rules reject are refused, as is a directory that exists
	for _, bad := range []string{"rollouts/adder", "", "other"} {
		if err := c.call("textDocument/rename", map[string]any{"textDocument": textDoc(train), "position": at, "newName": bad}, nil); err == nil {
			t.Errorf("rename to %q was not refused", bad)
		}
	}
	// an env var renamed to one its config has already is refused: the
	// file would have the key twice
	e.set(e.text + "\n[env]\nA_ONE = \"1\"\nA_TWO = \"2\"\n")
	if err := c.call("textDocument/rename", map[string]any{"textDocument": textDoc(train), "position": posOf(t, e.text, "A_ONE", 1, true), "newName": "A_TWO"}, nil); err == nil {
		t.Errorf("renaming an env var to one the config has was not refused")
	}
	var envEdit workspaceEdit
	c.mustCall("textDocument/rename", map[string]any{"textDocument": textDoc(train), "position": posOf(t, e.text, "A_ONE", 1, true), "newName": "A_THREE"}, &envEdit)
	for _, ch := range envEdit.changes(t) {
		if ch.TextDocument != nil && rel(t, root, ch.TextDocument.URI) == "configs/training/mult.toml" && !strings.Contains(applyEdits(t, e.text, ch.Edits, true), "A_THREE = \"1\"") {
			t.Errorf("env rename edits %+v", ch.Edits)
		}
	}
	// a literal string stays literal
	other := filepath.Join(root, "configs", "training", "other.toml")
	o := c.edit(other, readFile(t, other))
	var we2 workspaceEdit
	c.mustCall("textDocument/rename", map[string]any{"textDocument": textDoc(other), "position": posOf(t, o.text, "'other'", 2, true), "newName": "sub"}, &we2)
	for _, ch := range we2.changes(t) {
		if ch.Kind == "" && !strings.Contains(applyEdits(t, o.text, ch.Edits, true), "rollout = 'sub'") {
			t.Errorf("literal string renamed to %+v", ch.Edits)
		}
	}
}

// Without resourceOperations the configs are edited and the user is told
// to rename the directory.
func TestRenameWithoutFileRenames(t *testing.T) {
	root := crossWorkspace(t)
	c := start(t, root, caps{})
	train := filepath.Join(root, "configs", "training", "mult.toml")
	e := c.edit(train, readFile(t, train))
	var we workspaceEdit
	c.mustCall("textDocument/rename", map[string]any{"textDocument": textDoc(train), "position": posOf(t, e.text, `"multiply"`, 3, true), "newName": "adder"}, &we)
	if len(we.DocumentChanges) != 0 || len(we.Changes) != 2 {
		t.Errorf("edit = %+v, want changes in two files", we)
	}
	c.waitMessage(t, "rename the directory rollouts/multiply to rollouts/adder")
}

func TestWillRenameFiles(t *testing.T) {
	root := crossWorkspace(t)
	c := start(t, root, caps{})
	train := filepath.Join(root, "configs", "training", "mult.toml")
	c.open(train, readFile(t, train))
	c.waitVersion(train, 1)
	var we workspaceEdit
	c.mustCall("workspace/willRenameFiles", map[string]any{"files": []map[string]any{{
		"oldUri": docURI(filepath.Join(root, "rollouts", "multiply")), "newUri": docURI(filepath.Join(root, "rollouts", "adder")),
	}}}, &we)
	var files []string
	for u, edits := range we.Changes {
		files = append(files, rel(t, root, u))
		if len(edits) != 1 || edits[0].NewText != `"adder"` {
			t.Errorf("%s: edits %+v", u, edits)
		}
	}
	sort.Strings(files)
	if want := []string{"configs/eval/mult-eval.toml", "configs/training/mult.toml"}; !slices.Equal(files, want) {
		t.Errorf("willRenameFiles edits %v, want %v", files, want)
	}
}

func TestDocumentLinks(t *testing.T) {
	root := crossWorkspace(t)
	c := start(t, root, caps{})
	train := filepath.Join(root, "configs", "training", "mult.toml")
	text := strings.Replace(readFile(t, train), "[secrets]", "# osmosis-lint: ignore[unknown-key]\n[secrets]", 1)
	c.open(train, text)
	var links []struct {
		Range  rng    `json:"range"`
		Target string `json:"target"`
	}
	c.mustCall("textDocument/documentLink", map[string]any{"textDocument": textDoc(train)}, &links)
	var got []string
	for _, l := range links {
		target := l.Target
		if strings.HasPrefix(target, "file://") {
			target = rel(t, root, target)
		}
		got = append(got, itoa(int(l.Range.Start.Line))+" "+target)
	}
	want := []string{
		"1 rollouts/multiply/main.py",
		"2 rollouts/multiply/main.py",
		"4 data/multiply.jsonl",
		"6 https://github.com/osmosis-lint/osmosis-lint/blob/main/lint/RULES.md#unknown-key",
	}
	if !slices.Equal(got, want) {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestWorkspaceSymbols(t *testing.T) {
	root := crossWorkspace(t)
	c := start(t, root, caps{})
	var syms []struct {
		Name          string   `json:"name"`
		Kind          int      `json:"kind"`
		ContainerName string   `json:"containerName"`
		Location      location `json:"location"`
	}
	c.mustCall("workspace/symbol", map[string]any{"query": "multiply"}, &syms)
	var eval []string
	for _, s := range syms {
		if rel(t, root, s.Location.URI) == "configs/eval/mult-eval.toml" {
			eval = append(eval, s.Name+" ("+s.ContainerName+")")
		}
	}
	if !slices.Contains(eval, "multiply (rollout in configs/eval/mult-eval.toml)") {
		t.Errorf("the eval config is not found by its rollout: %v", eval)
	}
	c.mustCall("workspace/symbol", map[string]any{"query": "mult-ev"}, &syms)
	if len(syms) == 0 || syms[0].Name != "mult-eval" || syms[0].Kind != 1 {
		t.Errorf("the eval config by its name: %+v", syms)
	}
	c.mustCall("workspace/symbol", map[string]any{"query": "zzzz"}, &syms)
	if len(syms) != 0 {
		t.Errorf("symbols for a query that matches nothing: %+v", syms)
	}
}

func TestSelectionRange(t *testing.T) {
	root := crossWorkspace(t)
	c := start(t, root, caps{})
	train := filepath.Join(root, "configs", "training", "mult.toml")
	text := readFile(t, train)
	c.open(train, text)
	type sel struct {
		Range  rng  `json:"range"`
		Parent *sel `json:"parent"`
	}
	var out []sel
	c.mustCall("textDocument/selectionRange", map[string]any{"textDocument": textDoc(train), "positions": []pos{posOf(t, text, "WANDB", 2, true)}}, &out)
	if len(out) != 1 {
		t.Fatalf("%d answers for one position", len(out))
	}
	var got []string
	for s := &out[0]; s != nil; s = s.Parent {
		a, b := offsetOf(t, text, s.Range.Start, true), offsetOf(t, text, s.Range.End, true)
		got = append(got, text[a:b])
	}
	want := []string{"WANDB_API_KEY", `"WANDB_API_KEY"`, `["WANDB_API_KEY"]`, `required = ["WANDB_API_KEY"]`, "[secrets]\nrequired = [\"WANDB_API_KEY\"]", text}
	if !slices.Equal(got, want) {
		t.Errorf("selection ranges %q, want %q", got, want)
	}
}

// Workspace symbols run off the read loop, and $/cancelRequest stops them.
func TestWorkspaceSymbolsCancel(t *testing.T) {
	root := crossWorkspace(t)
	started := make(chan struct{})
	proceed := make(chan struct{})
	var once sync.Once
	c := newClient(t, func(s *Server) {
		s.hooks.released = func(ctx context.Context) {
			once.Do(func() {
				close(started)
				<-proceed
			})
		}
	})
	c.initialize(root, caps{})
	errc := make(chan error, 1)
	go func() { errc <- c.call("workspace/symbol", map[string]any{"query": "multiply"}, nil) }()
	select {
	case <-started:
	case <-time.After(waitFor):
		t.Fatal("workspace/symbol did not start")
	}
	// initialize was id 1, the symbols request is 2
	c.notify("$/cancelRequest", map[string]any{"id": 2})
	c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(filepath.Join(root, "x.toml"))}, nil)
	close(proceed)
	if err := <-errc; !isCallError(err, -32800) {
		t.Errorf("cancelled workspace/symbol: %v, want RequestCancelled (-32800)", err)
	}
}
