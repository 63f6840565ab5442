package lsp

import (
	"os"
	"path/filepath"
	"testing"
)

// A folder above the workspaces (a monorepo) publishes the configs of
// every workspace below it, not those .gitignore leaves out; a folder
// added later publishes its own.
func TestWorkspaceFolders(t *testing.T) {
	mono := t.TempDir()
	if err := os.Mkdir(filepath.Join(mono, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	bad := "[training]\nlerning_rate = 1\n"
	for p, text := range map[string]string{
		"teams/a/configs/training/a.toml":    bad,
		"teams/b/configs/training/b.toml":    bad,
		"vendored/c/configs/training/c.toml": bad,
		".gitignore":                         "vendored/\n",
	} {
		writeFile(t, filepath.Join(mono, filepath.FromSlash(p)), text)
	}
	other := newWorkspace(t, nil)
	c := start(t, mono, caps{})
	for _, p := range []string{"teams/a/configs/training/a.toml", "teams/b/configs/training/b.toml"} {
		c.waitPub(filepath.Join(mono, filepath.FromSlash(p)), func(p publication) bool { return hasCode(p.Diagnostics, "unknown-key") })
	}
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
		"added":   []map[string]any{{"uri": docURI(other), "name": "other"}},
		"removed": []map[string]any{},
	}})
	long := filepath.Join(other, "configs", "training", "multiply-long.toml")
	c.waitPub(long, func(p publication) bool { return len(p.Diagnostics) > 0 })
	c.settle(100e6)
	if pubs := c.publications(filepath.Join(mono, "vendored", "c", "configs", "training", "c.toml")); len(pubs) != 0 {
		t.Errorf("a workspace .gitignore leaves out was published: %s", pubs[0].raw)
	}
	// a removed folder's configs are cleared
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
		"added":   []map[string]any{},
		"removed": []map[string]any{{"uri": docURI(other), "name": "other"}},
	}})
	c.waitPub(long, func(p publication) bool { return len(p.Diagnostics) == 0 })
}

// Pulled diagnostics carry a result id; sent back, it gets "unchanged"
// until the file or the workspace changes.
func TestPullResultIDs(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{pull: true})
	path := filepath.Join(root, "configs", "training", "multiply-long.toml")
	text := readFile(t, path)
	c.open(path, text)
	type report struct {
		Kind     string       `json:"kind"`
		ResultID string       `json:"resultId"`
		Items    []diagnostic `json:"items"`
		URI      string       `json:"uri"`
	}
	pull := func(prev string) report {
		var r report
		params := map[string]any{"textDocument": textDoc(path)}
		if prev != "" {
			params["previousResultId"] = prev
		}
		c.mustCall("textDocument/diagnostic", params, &r)
		return r
	}
	first := pull("")
	if first.Kind != "full" || first.ResultID == "" || len(first.Items) == 0 {
		t.Fatalf("first pull: %+v", first)
	}
	if again := pull(first.ResultID); again.Kind != "unchanged" || again.ResultID != first.ResultID {
		t.Errorf("pull with the same result id: %+v", again)
	}
	c.change(path, whole(text+"\n"))
	if changed := pull(first.ResultID); changed.Kind != "full" || changed.ResultID == first.ResultID {
		t.Errorf("pull after an edit: %+v", changed)
	}
	// the workspace pull: unchanged for what the client has
	var ws struct {
		Items []report `json:"items"`
	}
	c.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, &ws)
	var prev []map[string]any
	for _, it := range ws.Items {
		if it.Kind != "full" || it.ResultID == "" {
			t.Errorf("first workspace pull: %+v", it)
		}
		prev = append(prev, map[string]any{"uri": it.URI, "value": it.ResultID})
	}
	c.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": prev}, &ws)
	for _, it := range ws.Items {
		if it.Kind != "unchanged" {
			t.Errorf("second workspace pull: %s is %s", it.URI, it.Kind)
		}
	}
}
