package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCreateFileAction: eval-before-train's fix is a code action that
// creates configs/eval/<rollout>.toml, where the client can create files
// (a CreateFile that fails on a file that exists, then its text); a client
// that cannot is offered none.
func TestCreateFileAction(t *testing.T) {
	root := newWorkspace(t, map[string]string{"configs/eval/multiply-baseline.toml": ""})
	path := filepath.Join(root, "configs", "training", "multiply-baseline.toml")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	type change struct {
		Kind    string `json:"kind"`
		URI     string `json:"uri"`
		Options *struct {
			Overwrite      *bool `json:"overwrite"`
			IgnoreIfExists *bool `json:"ignoreIfExists"`
		} `json:"options"`
		TextDocument *struct {
			URI string `json:"uri"`
		} `json:"textDocument"`
		Edits []textEdit `json:"edits"`
	}
	type action struct {
		Title string `json:"title"`
		Edit  *struct {
			DocumentChanges []change `json:"documentChanges"`
		} `json:"edit"`
	}
	const title = "Create configs/eval/multiply-agent.toml from this config's [experiment]"
	for _, c := range []struct {
		name string
		caps caps
		want bool
	}{
		{"a client that creates files", caps{pull: true, renameFiles: true}, true},
		{"a client that cannot", caps{pull: true, docChanges: true}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cl := start(t, root, c.caps)
			e := cl.edit(path, string(text))
			var diags []diagnostic
			for _, d := range e.pull() {
				if d.Code == "eval-before-train" {
					diags = append(diags, d)
				}
			}
			if len(diags) != 1 {
				t.Fatalf("eval-before-train diagnostics: %+v", diags)
			}
			var out []action
			cl.mustCall("textDocument/codeAction", map[string]any{"textDocument": textDoc(path), "range": diags[0].Range, "context": map[string]any{"diagnostics": diags}}, &out)
			var got *action
			for i := range out {
				if out[i].Title == title {
					got = &out[i]
				}
			}
			if !c.want {
				if got != nil {
					t.Fatalf("offered to a client that cannot create files: %+v", got)
				}
				return
			}
			if got == nil || got.Edit == nil || len(got.Edit.DocumentChanges) != 2 {
				t.Fatalf("actions %+v", out)
			}
			create, fill := got.Edit.DocumentChanges[0], got.Edit.DocumentChanges[1]
			wantURI := string(docURI(filepath.Join(root, "configs", "eval", "multiply-agent.toml")))
			if create.Kind != "create" || create.URI != wantURI || create.Options == nil ||
				create.Options.Overwrite == nil || *create.Options.Overwrite || create.Options.IgnoreIfExists == nil || *create.Options.IgnoreIfExists {
				t.Errorf("create %+v, want %s without overwrite", create, wantURI)
			}
			if fill.TextDocument == nil || fill.TextDocument.URI != wantURI || len(fill.Edits) != 1 ||
				!strings.HasPrefix(fill.Edits[0].NewText, "[experiment]\nrollout = \"multiply-agent\"\n") {
				t.Errorf("text %+v", fill)
			}
		})
	}
}
