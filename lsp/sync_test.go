package lsp

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// multibyte is a training config whose lines carry two-byte, three-byte and
// astral (four-byte, two UTF-16 units) characters before the findings, so
// that UTF-16 and UTF-8 columns differ.
const multibyte = `# training run — 🚀 fast
sampling = { x = "🚀é🚀", rollout_top_p = 1.5 }
[experiment]
rollout = "multiply-agent" # 🧪 note
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "multiply"

[secrets]
required = []
`

// serverText returns the server's copy of an open document, after every
// message sent before has been handled (a request answers in order).
func (c *client) serverText(path string) string {
	c.t.Helper()
	c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(path)}, nil)
	d := c.srv.current(uri.File(path))
	if d == nil {
		c.t.Fatalf("%s is not open on the server", path)
	}
	return string(d.text)
}

func TestDocumentSync(t *testing.T) {
	for _, enc := range []string{"utf-16", "utf-8"} {
		t.Run(enc, func(t *testing.T) {
			utf16 := enc == "utf-16"
			root := newWorkspace(t, nil)
			file := filepath.Join(root, "configs", "training", "multibyte.toml")
			c := start(t, root, caps{encodings: []string{enc}})
			text := multibyte
			c.open(file, text)

			// the finding after the astral characters is placed in the
			// negotiated encoding
			p := c.waitVersion(file, 1)
			d := findCode(t, p.Diagnostics, "param-range")
			want := rng{Start: posOf(t, text, "1.5", 0, utf16), End: posOf(t, text, "1.5", 3, utf16)}
			if d.Range != want {
				t.Errorf("param-range at %+v, want %+v", d.Range, want)
			}
			if got := findCode(t, p.Diagnostics, "unknown-key").Range.Start; got != posOf(t, text, "x =", 0, utf16) {
				t.Errorf("unknown-key starts at %+v, want %+v", got, posOf(t, text, "x =", 0, utf16))
			}

			// an incremental change right of the astral characters
			r := rng{Start: posOf(t, text, "1.5", 0, utf16), End: posOf(t, text, "1.5", 3, utf16)}
			v := c.change(file, partial(r, "0.5"))
			text = strings.Replace(text, "1.5", "0.5", 1)
			p = c.waitVersion(file, v)
			if hasCode(p.Diagnostics, "param-range") {
				t.Errorf("param-range still reported after the fix: %v", codes(p.Diagnostics))
			}
			if got := c.serverText(file); got != text {
				t.Fatalf("server text after an incremental change:\n%s\nwant:\n%s", got, text)
			}

			// inserting astral characters, then editing right of them in
			// the same notification (the second range refers to the text
			// after the first change)
			first := rng{Start: posOf(t, text, "fast", 0, utf16), End: posOf(t, text, "fast", 4, utf16)}
			text = strings.Replace(text, "fast", "fäst 🚀🚀", 1)
			second := rng{Start: posOf(t, text, "🚀🚀", 8, utf16), End: posOf(t, text, "🚀🚀", 8, utf16)}
			text = strings.Replace(text, "🚀🚀", "🚀🚀 ok", 1)
			third := rng{Start: posOf(t, text, "note", 0, utf16), End: posOf(t, text, "note", 4, utf16)}
			text = strings.Replace(text, "note", "𝄞 nöte", 1)
			v = c.change(file, partial(first, "fäst 🚀🚀"), partial(second, " ok"), partial(third, "𝄞 nöte"))
			if got := c.serverText(file); got != text {
				t.Fatalf("server text after three changes:\n%s\nwant:\n%s", got, text)
			}
			c.waitVersion(file, v)

			// an edit across lines: delete the [secrets] section
			r = rng{Start: posOf(t, text, "[secrets]", 0, utf16), End: posOf(t, text, "required = []\n", 14, utf16)}
			text = strings.Replace(text, "[secrets]\nrequired = []\n", "", 1)
			v = c.change(file, partial(r, ""))
			if got := c.serverText(file); got != text {
				t.Fatalf("server text after deleting lines:\n%s\nwant:\n%s", got, text)
			}
			c.waitVersion(file, v)

			// a full-text change replaces everything
			text = "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\nlerning_rate = 1\n\n[secrets]\nrequired = []\n"
			v = c.change(file, whole(text))
			if got := c.serverText(file); got != text {
				t.Fatalf("server text after a full change:\n%s\nwant:\n%s", got, text)
			}
			p = c.waitVersion(file, v)
			if got := codes(p.Diagnostics); len(got) != 1 || got[0] != "unknown-key" {
				t.Errorf("diagnostics after a full change = %v, want [unknown-key]", got)
			}

			// appending at the very end (the position after the last line)
			end := posOf(t, text, "required = []\n", 14, utf16)
			v = c.change(file, partial(rng{Start: end, End: end}, "[env]\nA = \"1\"\n"))
			text += "[env]\nA = \"1\"\n"
			if got := c.serverText(file); got != text {
				t.Fatalf("server text after appending:\n%s\nwant:\n%s", got, text)
			}
			c.waitVersion(file, v)

			if code := c.shutdown(); code != 0 {
				t.Errorf("exit code = %d", code)
			}
		})
	}
}

func TestSaveAndClose(t *testing.T) {
	root := newWorkspace(t, nil)
	file := filepath.Join(root, "configs", "training", "multiply-baseline.toml")
	onDisk := readFile(t, file)
	c := start(t, root, caps{})

	// the buffer differs from the disk: an unknown key
	text := strings.Replace(onDisk, "lr = 1e-6", "lr = 1e-6\nlerning_rate = 1", 1)
	c.open(file, text)
	p := c.waitVersion(file, 1)
	if !hasCode(p.Diagnostics, "unknown-key") {
		t.Fatalf("version 1: %v, want unknown-key", codes(p.Diagnostics))
	}

	// save checks the document again and publishes for its version
	before := len(c.publications(file))
	c.notify("textDocument/didSave", map[string]any{"textDocument": textDoc(file)})
	c.waitPub(file, func(publication) bool { return len(c.publications(file)) > before })
	p = c.waitVersion(file, 1)
	if !hasCode(p.Diagnostics, "unknown-key") {
		t.Errorf("after save: %v, want unknown-key", codes(p.Diagnostics))
	}

	// closing shows the file as it is on disk: no version, no finding
	c.notify("textDocument/didClose", map[string]any{"textDocument": textDoc(file)})
	p = c.waitPub(file, func(p publication) bool { return p.Version == nil })
	if len(p.Diagnostics) != 0 || p.diagsNull {
		t.Errorf("after close: %v (null: %v), want an empty list for the clean file on disk", codes(p.Diagnostics), p.diagsNull)
	}

	// a buffer that was never saved is cleared when closed
	scratch := filepath.Join(root, "configs", "training", "unsaved.toml")
	c.open(scratch, "[training]\nlr = \"fast\"\n")
	p = c.waitVersion(scratch, 1)
	if len(p.Diagnostics) == 0 {
		t.Fatalf("unsaved buffer: no diagnostics")
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": textDoc(scratch)})
	p = c.waitPub(scratch, func(p publication) bool { return p.Version == nil })
	if len(p.Diagnostics) != 0 || p.diagsNull {
		t.Errorf("closed unsaved buffer: %v (null: %v), want an empty list", codes(p.Diagnostics), p.diagsNull)
	}

	// changes and saves of documents that are not open are ignored
	c.change(filepath.Join(root, "configs", "training", "nope.toml"), whole("x = 1"))
	c.notify("textDocument/didSave", map[string]any{"textDocument": textDoc(filepath.Join(root, "configs", "training", "nope.toml"))})
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

// Files that are not Osmosis configs get no diagnostics and no features.
func TestNotAConfig(t *testing.T) {
	root := newWorkspace(t, map[string]string{
		"configs/notes.toml":        "lerning_rate = 1\n",
		"configs/other/run.toml":    "lerning_rate = 1\n",
		"rollouts/x/settings.toml":  "lerning_rate = 1\n",
		"configs/training/notes.md": "[training]\nlerning_rate = 1\n",
	})
	outside := filepath.Join(t.TempDir(), "configs", "training", "run.toml")
	writeFile(t, outside, "[training]\nlerning_rate = 1\n")
	c := start(t, root, caps{})
	files := []string{
		filepath.Join(root, "pyproject.toml"),
		filepath.Join(root, "configs", "notes.toml"),
		filepath.Join(root, "configs", "other", "run.toml"),
		filepath.Join(root, "rollouts", "x", "settings.toml"),
		filepath.Join(root, "configs", "training", "notes.md"),
	}
	for _, f := range files {
		c.open(f, readFile(t, f))
	}
	probe := filepath.Join(root, "configs", "training", "multiply-baseline.toml")
	c.open(probe, readFile(t, probe))
	c.waitVersion(probe, 1)
	c.settle(100e6)
	for _, f := range files {
		if pubs := c.publications(f); len(pubs) != 0 {
			t.Errorf("%s: %d publications, want none: %s", f, len(pubs), pubs[0].raw)
		}
		var list completionList
		c.mustCall("textDocument/completion", map[string]any{"textDocument": textDoc(f), "position": at(0, 0)}, &list)
		if len(list.Items) != 0 {
			t.Errorf("%s: %d completion items, want none", f, len(list.Items))
		}
		var h *hover
		c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(f), "position": at(0, 1)}, &h)
		if h != nil {
			t.Errorf("%s: hover %+v, want null", f, h)
		}
		var actions []codeAction
		c.mustCall("textDocument/codeAction", map[string]any{"textDocument": textDoc(f), "range": span(0, 0, 1, 0), "context": map[string]any{"diagnostics": []any{}}}, &actions)
		if len(actions) != 0 {
			t.Errorf("%s: %d code actions, want none", f, len(actions))
		}
		var hints []inlayHint
		c.mustCall("textDocument/inlayHint", map[string]any{"textDocument": textDoc(f), "range": span(0, 0, 5, 0)}, &hints)
		if len(hints) != 0 {
			t.Errorf("%s: %d inlay hints, want none", f, len(hints))
		}
	}

	for _, f := range files {
		c.notify("textDocument/didClose", map[string]any{"textDocument": textDoc(f)})
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": textDoc(probe)})
	c.waitPub(probe, func(p publication) bool { return p.Version == nil })
	c.settle(100e6)
	for _, f := range files {
		if pubs := c.publications(f); len(pubs) != 0 {
			t.Errorf("%s: %d publications after close, want none: %s", f, len(pubs), pubs[0].raw)
		}
	}

	// a config path outside any workspace is still a config (no workspace
	// rules), and a non-file URI is nothing
	c.open(outside, readFile(t, outside))
	p := c.waitVersion(outside, 1)
	if !hasCode(p.Diagnostics, "unknown-key") {
		t.Errorf("config outside a workspace: %v, want unknown-key", codes(p.Diagnostics))
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": "untitled:Untitled-1", "languageId": "toml", "version": 1, "text": "lerning_rate = 1",
	}})
	var list completionList
	c.mustCall("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": "untitled:Untitled-1"}, "position": at(0, 0)}, &list)
	if len(list.Items) != 0 {
		t.Errorf("untitled buffer: %d completion items", len(list.Items))
	}
	if _, err := os.Stat(outside); err != nil {
		t.Fatal(err)
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

// A Replace All on a 2.6 MB config, 15,000 one-character edits in one
// didChange, costs the server a bounded multiple of the document: the
// change, the hover right after it and the parse the hover needs allocate
// under 32 times the document (each edit applied to a copy and a line index
// of the whole text was 39 GB), and the hover sees the changed text.
func TestReplaceAllDidChange(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector multiplies allocations")
	}
	root := newWorkspace(t, nil)
	file := filepath.Join(root, "configs", "training", "big.toml")
	c := start(t, root, caps{})
	text := bigConfig(2_600_000, 15_000)
	c.open(file, text)
	c.waitVersion(file, 1)

	changes := replaceAll(text, toml.UTF16)
	wire := make([]map[string]any, len(changes))
	for i, ch := range changes {
		wire[i] = partial(rng{
			Start: pos{Line: ch.rng.Start.Line, Character: ch.rng.Start.Character},
			End:   pos{Line: ch.rng.End.Line, Character: ch.rng.End.Character},
		}, string(ch.text))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	v := c.change(file, wire...)
	var h struct {
		Contents struct{ Value string }
	}
	c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(file), "position": at(1, 2)}, &h)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d edits on %d KB, then a hover: %d MB allocated", len(changes), len(text)>>10, alloc>>20)
	if bound := uint64(32 * len(text)); alloc > bound {
		t.Errorf("%d MB allocated, over 32 times the document (%d MB)", alloc>>20, bound>>20)
	}
	if !strings.Contains(h.Contents.Value, "rollout") {
		t.Errorf("hover on rollout after the change: %q", h.Contents.Value)
	}
	if got := c.serverText(file); got != strings.ReplaceAll(text, "~", "-") {
		t.Error("the server's text after Replace All differs")
	}
	c.waitVersion(file, v)
}
