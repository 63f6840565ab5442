package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// exampleCodes are the findings of the example workspace's configs, as the
// CLI reports them.
var exampleCodes = map[string][]string{
	"configs/training/multiply-baseline.toml": {},
	"configs/training/multiply-long.toml":     {"dataset-is-path", "unknown-key", "param-range", "secret-in-env"},
	"configs/eval/multiply-eval.toml":         {"missing-section", "rollout-not-found", "branch-and-commit"},
	"configs/eval/multiply-baseline.toml":     {},
	"configs/benchmark/terminal-bench.toml":   {"benchmark-secret-ref"},
}

func TestPushDiagnostics(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})

	// every config of the workspace with findings is published at
	// startup, open or not, without a version; a clean one is not
	c.waitScanned(1)
	for rel, want := range exampleCodes {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if len(want) == 0 {
			c.mu.Lock()
			got := c.describePubs(docURI(path))
			c.mu.Unlock()
			if got != "nothing" {
				t.Errorf("%s: published %s, want nothing", rel, got)
			}
			continue
		}
		p := c.waitPub(path, func(publication) bool { return true })
		if p.Version != nil {
			t.Errorf("%s: startup publication has version %d, want none", rel, *p.Version)
		}
		if p.diagsNull {
			t.Errorf("%s: diagnostics sent as null", rel)
		}
		if got := codes(p.Diagnostics); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", rel, got, want)
		}
	}
	// nothing else: pyproject.toml, data and rollouts are not configs
	c.mu.Lock()
	for _, p := range c.pubs {
		if !strings.Contains(p.URI, "/configs/") {
			t.Errorf("publication for %s", p.URI)
		}
	}
	c.mu.Unlock()

	// open: the buffer's findings, with its version
	file := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	text := readFile(t, file)
	c.open(file, text)
	p := c.waitVersion(file, 1)
	if got := codes(p.Diagnostics); !slices.Equal(got, exampleCodes["configs/eval/multiply-eval.toml"]) {
		t.Errorf("open: %v", got)
	}
	d := findCode(t, p.Diagnostics, "rollout-not-found")
	if d.Severity != 1 || d.Source != "osmosis-lint" || d.CodeDescription == nil || !strings.Contains(d.CodeDescription.Href, "rollout-not-found") {
		t.Errorf("rollout-not-found diagnostic = %+v", d)
	}
	if want := (rng{Start: posOf(t, text, `"multiply-agnet"`, 0, true), End: posOf(t, text, `"multiply-agnet"`, 16, true)}); d.Range != want {
		t.Errorf("rollout-not-found at %+v, want %+v", d.Range, want)
	}
	if !strings.Contains(d.Message, "multiply-agent") {
		t.Errorf("message %q does not suggest the rollout", d.Message)
	}

	// a change that fixes the rollout name
	v := c.change(file, whole(strings.Replace(text, "multiply-agnet", "multiply-agent", 1)))
	p = c.waitVersion(file, v)
	if hasCode(p.Diagnostics, "rollout-not-found") {
		t.Errorf("after the fix: %v", codes(p.Diagnostics))
	}

	// severities and tags: an unused suppression is an unnecessary warning
	v = c.change(file, whole(strings.Replace(text, "multiply-agnet", "multiply-agent", 1)+"\n[evaluation.x]  # osmosis-lint: ignore[param-range]\n"))
	p = c.waitVersion(file, v)
	u := findCode(t, p.Diagnostics, "unused-suppression")
	if u.Severity != 2 || !slices.Contains(u.Tags, 1) {
		t.Errorf("unused-suppression = severity %d tags %v, want warning (2) tagged unnecessary (1)", u.Severity, u.Tags)
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

func TestPullDiagnostics(t *testing.T) {
	root := newWorkspace(t, map[string]string{"configs/notes.toml": "x = 1\n"})
	c := start(t, root, caps{pull: true})

	file := filepath.Join(root, "configs", "training", "multiply-long.toml")
	text := readFile(t, file)
	c.open(file, strings.Replace(text, "rollout_top_p = 1.5", "rollout_top_p = 0.5", 1))

	var rep fullReport
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(file)}, &rep)
	if rep.Kind != "full" {
		t.Errorf("report kind %q", rep.Kind)
	}
	want := []string{"dataset-is-path", "unknown-key", "secret-in-env"}
	if got := codes(rep.Items); !slices.Equal(got, want) {
		t.Errorf("open document: %v, want %v (the buffer, not the disk)", got, want)
	}

	// a config that is not open: the file on disk
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(eval)}, &rep)
	if got := codes(rep.Items); !slices.Equal(got, exampleCodes["configs/eval/multiply-eval.toml"]) {
		t.Errorf("unopened config: %v", got)
	}
	// not a config, and a file that does not exist: nothing
	for _, f := range []string{filepath.Join(root, "configs", "notes.toml"), filepath.Join(root, "configs", "training", "gone.toml")} {
		var raw json.RawMessage
		c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(f)}, &raw)
		if err := json.Unmarshal(raw, &rep); err != nil || rep.Kind != "full" || len(rep.Items) != 0 || !strings.Contains(string(raw), `"items":[]`) {
			t.Errorf("%s: %s, want a full report with an empty items list", f, raw)
		}
	}

	// workspace diagnostics: every config, unopened ones included; the
	// open one from its buffer, with its version
	var ws workspaceReport
	c.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, &ws)
	got := map[string][]string{}
	for _, it := range ws.Items {
		rel, err := filepath.Rel(root, strings.TrimPrefix(it.URI, "file://"))
		if err != nil {
			t.Fatal(err)
		}
		if it.Kind != "full" {
			t.Errorf("%s: kind %q", rel, it.Kind)
		}
		got[filepath.ToSlash(rel)] = codes(it.Items)
		if it.URI == docURI(file) {
			if it.Version == nil || *it.Version != 1 {
				t.Errorf("open document reported with version %v, want 1", it.Version)
			}
		} else if it.Version != nil {
			t.Errorf("%s: version %d for a file that is not open", rel, *it.Version)
		}
	}
	wantWS := map[string][]string{}
	for rel, cs := range exampleCodes {
		wantWS[rel] = cs
	}
	wantWS["configs/training/multiply-long.toml"] = want
	if fmt.Sprint(got) != fmt.Sprint(wantWS) {
		t.Errorf("workspace diagnostics:\n got %v\nwant %v", got, wantWS)
	}

	// a pulling client gets no pushes
	c.settle(100 * time.Millisecond)
	c.mu.Lock()
	n := len(c.pubs)
	c.mu.Unlock()
	if n != 0 {
		t.Errorf("%d publications pushed to a client that pulls", n)
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

// A workspace/diagnostic request runs off the read loop: later requests are
// answered meanwhile, and $/cancelRequest stops it.
func TestWorkspaceDiagnosticCancel(t *testing.T) {
	root := newWorkspace(t, nil)
	started := make(chan struct{})
	proceed := make(chan struct{})
	var once sync.Once
	c := newClient(t, func(s *Server) {
		s.hooks.released = func(ctx context.Context) {
			once.Do(func() {
				close(started)
				<-proceed // hold the request until the test has cancelled it
			})
		}
	})
	c.initialize(root, caps{pull: true})

	// the client's call ids count up from 1: initialize was 1
	errc := make(chan error, 1)
	go func() {
		errc <- c.call("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, nil)
	}()
	select {
	case <-started:
	case <-time.After(waitFor):
		t.Fatal("workspace/diagnostic did not start")
	}
	// the read loop is free: another request is answered
	var syms []documentSymbol
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": textDoc(filepath.Join(root, "configs", "x.toml"))}, &syms)
	c.notify("$/cancelRequest", map[string]any{"id": 2})
	// the cancellation is handled on the read loop before this answer
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": textDoc(filepath.Join(root, "configs", "x.toml"))}, &syms)
	close(proceed)
	if err := <-errc; !isCallError(err, -32800) {
		t.Errorf("cancelled workspace/diagnostic: err = %v, want RequestCancelled (-32800)", err)
	}
	// cancelling an id that is not in flight does nothing
	c.notify("$/cancelRequest", map[string]any{"id": 99})
	c.notify("$/cancelRequest", map[string]any{"id": "nope"})
	var ws workspaceReport
	c.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, &ws)
	if len(ws.Items) != len(exampleCodes) {
		t.Errorf("workspace/diagnostic after a cancel: %d items, want %d", len(ws.Items), len(exampleCodes))
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

// Rapid edits: the last version's diagnostics are published, and versions
// published never go back.
func TestRapidEdits(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"full", "incremental"} {
		t.Run(mode, func(t *testing.T) {
			root := newWorkspace(t, nil)
			file := filepath.Join(root, "configs", "training", "rapid.toml")
			c := start(t, root, caps{})
			base := readFile(t, filepath.Join(root, "configs", "training", "multiply-baseline.toml"))
			// each version has one unknown key that names the version
			textOf := func(v int) string {
				return strings.Replace(base, "[training]\n", fmt.Sprintf("[training]\nk%04d = 1\n", v), 1)
			}
			c.open(file, textOf(1))
			keyLine := uint32(strings.Count(base[:strings.Index(base, "[training]")], "\n") + 1)
			const edits = 500
			last := int32(1)
			for v := 2; v <= edits+1; v++ {
				if mode == "full" {
					last = c.change(file, whole(textOf(v)))
				} else {
					last = c.change(file, partial(span(keyLine, 1, keyLine, 5), fmt.Sprintf("%04d", v)))
				}
			}
			p := c.waitVersion(file, last)
			if got := codes(p.Diagnostics); !slices.Equal(got, []string{"unknown-key"}) || !strings.Contains(p.Diagnostics[0].Message, fmt.Sprintf("k%04d", last)) {
				t.Errorf("last publication (version %d): %v %+v", last, got, p.Diagnostics)
			}
			if got := c.serverText(file); got != textOf(int(last)) {
				t.Errorf("server text after %d edits:\n%s", edits, got)
			}
			c.settle(50 * time.Millisecond)
			prev := int32(-1)
			for _, p := range c.publications(file) {
				if p.Version == nil {
					continue // the startup lint of the file on disk
				}
				v := *p.Version
				if v < prev {
					t.Errorf("version %d published after version %d", v, prev)
				}
				prev = v
				// each publication matches its version's text
				if len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, fmt.Sprintf("k%04d", v)) {
					t.Errorf("publication for version %d carries %v", v, p.Diagnostics)
				}
			}
			if prev != last {
				t.Errorf("last published version %d, want %d", prev, last)
			}
			t.Logf("%d edits, %d publications", edits, len(c.publications(file)))
			if code := c.shutdown(); code != 0 {
				t.Errorf("exit code = %d", code)
			}
		})
	}
}

// TestExcludedFileHasNoDiagnostics: a config the settings' exclude names is
// never reported, open or not, pushed or pulled, as `check
// --force-exclude` leaves it out; the others still are.
func TestExcludedFileHasNoDiagnostics(t *testing.T) {
	root := newWorkspace(t, map[string]string{
		"pyproject.toml": "[tool.osmosis-lint]\nexclude = [\"configs/training/multiply-long.toml\"]\n",
	})
	c := start(t, root, caps{})
	excluded := filepath.Join(root, "configs", "training", "multiply-long.toml")
	c.open(excluded, readFile(t, excluded))
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	c.open(eval, readFile(t, eval))
	if p := c.waitVersion(eval, 1); len(p.Diagnostics) == 0 {
		t.Errorf("no diagnostics for a config that is not excluded")
	}
	// messages are handled in order: the excluded file's turn came first
	for _, p := range c.publications(excluded) {
		if len(p.Diagnostics) != 0 {
			t.Errorf("pushed for an excluded file: %v", p.Diagnostics)
		}
	}
	var rep fullReport
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(excluded)}, &rep)
	if len(rep.Items) != 0 {
		t.Errorf("pulled for an excluded file: %v", codes(rep.Items))
	}
	c.shutdown()
}

// TestReferenceTemplateDiagnostics: a reference template the editor has
// not opened is one note among the workspace's diagnostics; open, it is
// judged as `check` judges a file named alone.
func TestReferenceTemplateDiagnostics(t *testing.T) {
	root := newWorkspace(t, map[string]string{
		".osmosis/template.json":        `{"overwriteManaged": ["configs/**/default.toml"]}`,
		"configs/training/default.toml": "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"<your-entrypoint-file>\"\nmodel_path = \"<your-model-path>\"\ndataset = \"<your-dataset-name>\"\n",
	})
	c := start(t, root, caps{})
	file := filepath.Join(root, "configs", "training", "default.toml")
	p := c.waitPub(file, func(publication) bool { return true })
	if got := codes(p.Diagnostics); !slices.Equal(got, []string{"reference-template"}) {
		t.Errorf("unopened: %v, want one reference-template note", got)
	} else if p.Diagnostics[0].Severity != 3 {
		t.Errorf("the note has severity %d, want information (3)", p.Diagnostics[0].Severity)
	}
	c.open(file, readFile(t, file))
	p = c.waitVersion(file, 1)
	if got := codes(p.Diagnostics); !slices.Equal(got, []string{"placeholder", "placeholder", "placeholder", "placeholder"}) {
		t.Errorf("open: %v, want the four placeholders", got)
	}

	// the eval default has real values beside its placeholders: a
	// reference template only while the template file manages it
	eval := filepath.Join(root, "configs", "eval", "default.toml")
	writeFile(t, eval, "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"<your-dataset-name>\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n")
	c.watched(eval, created)
	c.waitPub(eval, func(p publication) bool { return slices.Equal(codes(p.Diagnostics), []string{"reference-template"}) })
	tpl := filepath.Join(root, ".osmosis", "template.json")
	writeFile(t, tpl, `{"overwriteManaged": ["configs/training/default.toml"]}`)
	c.watched(tpl, changed)
	c.waitPub(eval, func(p publication) bool {
		return slices.Equal(codes(p.Diagnostics), []string{"placeholder", "placeholder"})
	})
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}
