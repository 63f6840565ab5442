package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A client without snippet support gets plain text edits, a client that
// shows no markdown gets plain text.
func TestClientCapabilitiesHonoured(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{noSnippets: true, plainText: true})
	e := c.edit(filepath.Join(root, "configs", "training", "p.toml"), "")
	items := e.complete("[training]\n|\n")
	if len(items) == 0 {
		t.Fatal("no key completion")
	}
	for _, it := range items {
		if it.InsertTextFormat == 2 || strings.Contains(it.TextEdit.NewText, "${") || strings.Contains(it.TextEdit.NewText, "$1") {
			t.Errorf("item %q is a snippet: format %d, %q", it.Label, it.InsertTextFormat, it.TextEdit.NewText)
		}
		var doc markup
		if len(it.Documentation) > 0 {
			if err := json.Unmarshal(it.Documentation, &doc); err == nil && doc.Kind != "plaintext" {
				t.Errorf("item %q documentation in %s", it.Label, doc.Kind)
			}
		}
	}
	if it := item(items, "n_samples_per_prompt"); it == nil || it.TextEdit.NewText != "n_samples_per_prompt = 8" {
		t.Errorf("n_samples_per_prompt inserts %+v, want the default as plain text", it)
	}
	e.set("[training]\nrollout_batch_size = 4\n")
	h := e.hover("rollout_batch_size", 2)
	if h == nil || h.Contents.Kind != "plaintext" || strings.Contains(h.Contents.Value, "`") {
		t.Errorf("hover for a plain-text client: %+v", h)
	}
}

// Numbers offer their default and allowed range; the harness offers every
// harness the schema names.
func TestCompletionValues(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	e := c.edit(filepath.Join(root, "configs", "training", "v.toml"), "")
	items := e.complete("[training]\nlr = |\n")
	if it := item(items, "1e-6"); it == nil || !strings.Contains(it.Detail, "default") || !it.Preselect {
		t.Errorf("lr = offers %v, want its default 1e-6 preselected", labels(items))
	}
	b := c.edit(filepath.Join(root, "configs", "benchmark", "b.toml"), "")
	got := labels(b.complete("[[agents]]\nharness = \"|\"\n"))
	for _, h := range []string{"codex", "claude-code", "terminus-2", "openhands", "cursor-cli", "mini-swe-agent", "gemini-cli", "opencode"} {
		if !slices.Contains(got, h) {
			t.Errorf("harness %q not offered: %v", h, got)
		}
	}
}

// Control characters from a config never reach the editor raw: a
// diagnostic message shows them escaped.
func TestMessagesEscaped(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	path := filepath.Join(root, "configs", "training", "esc.toml")
	c.open(path, "[training]\n\"lr\\u001b[31m\\u202e\" = 1\n")
	p := c.waitVersion(path, 1)
	for _, d := range p.Diagnostics {
		if strings.ContainsAny(d.Message, "\x1b\u202e") {
			t.Errorf("raw control character in %q", d.Message)
		}
	}
	if !hasCode(p.Diagnostics, "unknown-key") {
		t.Errorf("diagnostics %v", codes(p.Diagnostics))
	}
}
