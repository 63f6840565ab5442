package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk/disktest"
)

// lspCanary lives only on disk outside the workspace, in a config the
// editor never opens: it reaches the output only if the server reads
// beside a document it should not.
const lspCanary = "CANARY_L5P"

// linkedTree is a workspace that commits links out of it: linkws ->
// ../other (another repository), link-to-root -> /, a config that is a
// link to the other repository's config (out.toml), a config that is a
// link inside (alias.toml -> sub/real.toml) and a rollout directory that
// is a link out (rollouts/ext). The other repository names the same
// rollout and holds the canary in a config no editor opens.
func linkedTree(t testing.TB) (root, other string) {
	t.Helper()
	cfg := "[experiment]\nrollout = \"%s\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n\n[training]\nlerning_rate = 1\n\n[secrets]\nrequired = []\n"
	named := func(r string) string { return strings.Replace(cfg, "%s", r, 1) }
	root = newWorkspace(t, map[string]string{
		"rollouts/multiply/main.py":               "print('multiply')\n",
		"rollouts/other/main.py":                  "print('other')\n",
		"configs/training/mult.toml":              named("multiply"),
		"configs/training/sub/real.toml":          named("other"),
		"configs/training/ext.toml":               named("ext"),
		"configs/training/multiply-long.toml":     "",
		"configs/training/multiply-baseline.toml": "",
		"configs/eval/multiply-eval.toml":         "",
		"configs/benchmark/terminal-bench.toml":   "",
	})
	other = filepath.Join(filepath.Dir(root), "other")
	for rel, text := range map[string]string{
		".git/HEAD":                  "ref: refs/heads/main\n",
		"rollouts/multiply/main.py":  "",
		"rollouts/r/main.py":         "",
		"configs/training/x.toml":    named("multiply"),
		"configs/training/y.toml":    named("multiply") + "\n[env]\n" + lspCanary + " = \"1\"\n",
		"configs/eval/.gitkeep":      "",
		"configs/benchmark/.gitkeep": "",
	} {
		writeFile(t, filepath.Join(other, filepath.FromSlash(rel)), text)
	}
	for rel, target := range map[string]string{
		"linkws":                      "../other",
		"link-to-root":                "/",
		"configs/training/out.toml":   "../../../other/configs/training/x.toml",
		"configs/training/alias.toml": "sub/real.toml",
		"rollouts/ext":                "../../other/rollouts/r",
		"configs/eval/linked":         "../../../other/configs/training",
	} {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(rel))); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	return root, other
}

// lspAttack drives one session and returns every reply it got.
type lspAttack func(c *client, root, other string) []json.RawMessage

// call sends a request and keeps its reply (an error reply is kept too: a
// refusal is no edit).
func keep(c *client, method string, params any) json.RawMessage {
	var res json.RawMessage
	if err := c.call(method, params, &res); err != nil {
		b, _ := json.Marshal(err.Error())
		return b
	}
	return res
}

func lspAttacks() map[string]lspAttack {
	viaLink := func(root, other string) string { return filepath.Join(root, "linkws", "configs", "training", "x.toml") }
	viaRoot := func(root, other string) string {
		return filepath.Join(root, "link-to-root", other, "configs", "training", "x.toml")
	}
	features := func(path func(root, other string) string) lspAttack {
		return func(c *client, root, other string) []json.RawMessage {
			p := path(root, other)
			text := readFile(c.t, p)
			c.open(p, text)
			c.waitVersion(p, 1)
			at := posOf(c.t, text, `"multiply"`, 3, true)
			return []json.RawMessage{
				keep(c, "workspace/symbol", map[string]any{"query": ""}),
				keep(c, "workspace/symbol", map[string]any{"query": lspCanary}),
				keep(c, "textDocument/hover", map[string]any{"textDocument": textDoc(p), "position": at}),
				keep(c, "textDocument/references", map[string]any{"textDocument": textDoc(p), "position": at, "context": map[string]any{"includeDeclaration": true}}),
				keep(c, "textDocument/definition", map[string]any{"textDocument": textDoc(p), "position": at}),
				keep(c, "textDocument/completion", map[string]any{"textDocument": textDoc(p), "position": at}),
				keep(c, "textDocument/rename", map[string]any{"textDocument": textDoc(p), "position": at, "newName": "adder"}),
				keep(c, "textDocument/codeAction", map[string]any{"textDocument": textDoc(p), "range": span(0, 0, 20, 0), "context": map[string]any{"diagnostics": []any{}}}),
				keep(c, "textDocument/codeAction", map[string]any{"textDocument": textDoc(p), "range": span(0, 0, 0, 0), "context": map[string]any{"diagnostics": []any{}, "only": []string{"source.fixAll"}}}),
				keep(c, "workspace/diagnostic", map[string]any{"previousResultIds": []any{}}),
			}
		}
	}
	renameIn := func(rel, name string) lspAttack {
		return func(c *client, root, other string) []json.RawMessage {
			out := filepath.Join(root, "configs", "training", "out.toml")
			c.open(out, readFile(c.t, out))
			p := filepath.Join(root, filepath.FromSlash(rel))
			text := readFile(c.t, p)
			c.open(p, text)
			c.waitVersion(p, 1)
			at := posOf(c.t, text, `"`+name+`"`, 3, true)
			return []json.RawMessage{keep(c, "textDocument/rename", map[string]any{"textDocument": textDoc(p), "position": at, "newName": "adder"})}
		}
	}
	willRename := func(dir func(root string) string) lspAttack {
		return func(c *client, root, other string) []json.RawMessage {
			out := filepath.Join(root, "configs", "training", "out.toml")
			c.open(out, readFile(c.t, out))
			c.waitVersion(out, 1)
			d := dir(root)
			return []json.RawMessage{keep(c, "workspace/willRenameFiles", map[string]any{"files": []map[string]any{{
				"oldUri": docURI(filepath.Join(d, "multiply")), "newUri": docURI(filepath.Join(d, "adder")),
			}}})}
		}
	}
	return map[string]lspAttack{
		"features through linkws":       features(viaLink),
		"features through link-to-root": features(viaRoot),
		"features of a config linked out": features(func(root, _ string) string {
			return filepath.Join(root, "configs", "training", "out.toml")
		}),
		"rename with a linked-out config open":          renameIn("configs/training/mult.toml", "multiply"),
		"rename that reaches a symlinked config":        renameIn("configs/training/sub/real.toml", "other"),
		"rename of a rollout linked out":                renameIn("configs/training/ext.toml", "ext"),
		"willRenameFiles with a linked-out config open": willRename(func(root string) string { return filepath.Join(root, "rollouts") }),
		"willRenameFiles through linkws":                willRename(func(root string) string { return filepath.Join(root, "linkws", "rollouts") }),
		"pull of a closed file through linkws": func(c *client, root, other string) []json.RawMessage {
			p := filepath.Join(root, "linkws", "configs", "training", "y.toml")
			return []json.RawMessage{keep(c, "textDocument/diagnostic", map[string]any{"textDocument": textDoc(p)})}
		},
	}
}

// TestServerStaysInTheWorkspace: no request about a document named
// through a link out, or a config that is one, makes the server read
// beside it, show what is there, or hand the editor an edit or a file
// rename outside the workspace or through a symlink.
func TestServerStaysInTheWorkspace(t *testing.T) {
	through := 0
	for name, attack := range lspAttacks() {
		t.Run(name, func(t *testing.T) {
			root, other := linkedTree(t)
			if problems := runAttack(t, attack, root, other); len(problems) > 0 {
				through++
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
	t.Logf("%d of %d attacks got through", through, len(lspAttacks()))
}

// runAttack runs one attack in a fresh session and lists what got out.
func runAttack(t testing.TB, attack lspAttack, root, other string) []string {
	touched := disktest.Record(other)
	c := start(t, root, caps{renameFiles: true})
	replies := attack(c, root, other)
	c.settle(50e6)
	c.shutdown()
	var problems []string
	for _, a := range touched() {
		problems = append(problems, "touched outside: "+a)
	}
	c.mu.Lock()
	var shown []string
	for _, p := range c.pubs {
		shown = append(shown, string(p.raw))
	}
	shown = append(shown, c.messages...)
	c.mu.Unlock()
	for _, r := range replies {
		shown = append(shown, string(r))
		for _, u := range editTargets(r) {
			p := uri.URI(u).FsPath()
			if !insideReally(root, p) {
				problems = append(problems, "an edit outside: "+u)
			} else if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
				problems = append(problems, "an edit of a symlink: "+u)
			}
		}
	}
	for _, s := range shown {
		if strings.Contains(s, lspCanary) {
			problems = append(problems, "the canary was shown: "+s)
		}
	}
	return problems
}

// editTargets lists the files and directories a reply's workspace edits
// (a WorkspaceEdit, or code actions that carry one) touch.
func editTargets(raw json.RawMessage) []string {
	var out []string
	var walk func(v any, inEdit bool)
	walk = func(v any, inEdit bool) {
		switch x := v.(type) {
		case map[string]any:
			if ch, ok := x["changes"].(map[string]any); ok {
				for u := range ch {
					out = append(out, u)
				}
			}
			if dc, ok := x["documentChanges"].([]any); ok {
				for _, c := range dc {
					m, _ := c.(map[string]any)
					for _, k := range []string{"oldUri", "newUri", "uri"} {
						if s, ok := m[k].(string); ok {
							out = append(out, s)
						}
					}
					if td, ok := m["textDocument"].(map[string]any); ok {
						if s, ok := td["uri"].(string); ok {
							out = append(out, s)
						}
					}
				}
			}
			for _, e := range x {
				walk(e, inEdit)
			}
		case []any:
			for _, e := range x {
				walk(e, inEdit)
			}
		}
	}
	var v any
	if json.Unmarshal(raw, &v) == nil {
		walk(v, false)
	}
	return out
}

// insideReally tells by the OS (the test may look anywhere) whether p's
// real location, or its nearest existing parent's, is under root.
func insideReally(root, p string) bool {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false
	}
	return disk.Within(disktest.RealOf(p), realRoot)
}

// The server says what it leaves out: a rename that would skip a config
// is refused naming it, a directory rename the editor does anyway edits
// the other configs and tells of the one left, and a config that is a link
// out gets the finding check gives it, and no code action.
func TestEditsSayWhatTheyLeaveOut(t *testing.T) {
	root, _ := linkedTree(t)
	c := start(t, root, caps{renameFiles: true})
	real := filepath.Join(root, "configs", "training", "sub", "real.toml")
	text := readFile(t, real)
	c.open(real, text)
	err := c.call("textDocument/rename", map[string]any{"textDocument": textDoc(real), "position": posOf(t, text, `"other"`, 3, true), "newName": "adder"}, nil)
	if err == nil || !strings.Contains(err.Error(), "configs/training/alias.toml is a symlink") {
		t.Errorf("rename through a symlinked config: err = %v, want a refusal naming it", err)
	}
	var we workspaceEdit
	c.mustCall("workspace/willRenameFiles", map[string]any{"files": []map[string]any{{
		"oldUri": docURI(filepath.Join(root, "rollouts", "other")), "newUri": docURI(filepath.Join(root, "rollouts", "adder")),
	}}}, &we)
	if ch := we.changes(t); len(ch) != 1 || ch[0].TextDocument == nil || ch[0].TextDocument.URI != docURI(real) {
		t.Errorf("willRenameFiles edits %+v, want sub/real.toml alone", ch)
	}
	c.waitMessage(t, "configs/training/alias.toml is a symlink")

	ext := filepath.Join(root, "configs", "training", "ext.toml")
	et := readFile(t, ext)
	c.open(ext, et)
	err = c.call("textDocument/rename", map[string]any{"textDocument": textDoc(ext), "position": posOf(t, et, `"ext"`, 3, true), "newName": "adder"}, nil)
	if err == nil || !strings.Contains(err.Error(), "rollouts/ext") {
		t.Errorf("rename of a rollout linked out: err = %v, want a refusal naming rollouts/ext", err)
	}

	out := filepath.Join(root, "configs", "training", "out.toml")
	c.open(out, readFile(t, out))
	p := c.waitVersion(out, 1)
	if got := codes(p.Diagnostics); len(got) != 1 || got[0] != "config-location" || !strings.Contains(p.Diagnostics[0].Message, "is a symlink that leads outside the workspace") {
		t.Errorf("a config linked out: %v, want the one finding check gives", p.Diagnostics)
	}
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{"textDocument": textDoc(out), "range": span(0, 0, 20, 0), "context": map[string]any{"diagnostics": []any{}}}, &actions)
	if len(actions) != 0 {
		t.Errorf("code actions for a config linked out: %+v", actions)
	}
	// a config under a kind directory that links out: the same, on the link
	under := filepath.Join(root, "configs", "eval", "linked", "x.toml")
	c.open(under, readFile(t, under))
	p = c.waitVersion(under, 1)
	if got := codes(p.Diagnostics); len(got) != 1 || got[0] != "config-location" || !strings.Contains(p.Diagnostics[0].Message, "through the symlink configs/eval/linked") {
		t.Errorf("a config under a directory linked out: %v, want the one finding check gives", p.Diagnostics)
	}
	// through linkws the document is no config of this workspace: its
	// buffer alone is checked
	via := filepath.Join(root, "linkws", "configs", "training", "x.toml")
	c.open(via, readFile(t, via))
	if p := c.waitVersion(via, 1); !hasCode(p.Diagnostics, "unknown-key") || hasCode(p.Diagnostics, "config-location") {
		t.Errorf("a document through linkws: %v, want its buffer's findings alone", codes(p.Diagnostics))
	}
}

// FuzzRenameContained renames over the link-bearing tree: a document named
// by any path under the workspace (through its links or not), a rename at
// any place in it to any name, and a directory rename from and to any
// paths. Whatever the server answers, no edit or file rename lands outside
// the workspace or on a symlink, and nothing outside is touched.
func FuzzRenameContained(f *testing.F) {
	for _, seed := range []struct {
		doc, name string
		off       uint16
		from, to  string
	}{
		{"configs/training/mult.toml", "adder", 24, "rollouts/multiply", "rollouts/adder"},
		{"linkws/configs/training/x.toml", "adder", 24, "linkws/rollouts/multiply", "linkws/rollouts/adder"},
		{"configs/training/out.toml", "adder", 24, "rollouts/multiply", "rollouts/m2"},
		{"configs/training/sub/real.toml", "adder", 24, "rollouts/other", "rollouts/adder"},
		{"configs/training/ext.toml", "adder", 24, "rollouts/ext", "rollouts/adder"},
		{"link-to-root/etc/configs/training/x.toml", "x", 0, "link-to-root/tmp/rollouts/a", "link-to-root/tmp/rollouts/b"},
		{"configs/training/alias.toml", "multiply", 24, "configs/../rollouts/other", "rollouts/../rollouts/x"},
	} {
		f.Add(seed.doc, seed.name, seed.off, seed.from, seed.to)
	}
	f.Fuzz(func(t *testing.T, doc, name string, off uint16, from, to string) {
		if strings.ContainsRune(doc+from+to, 0) {
			return
		}
		root, other := linkedTree(t)
		p := root + "/" + doc // not joined: the server gets the path as spelled
		text := "[experiment]\nrollout = \"multiply\"\n"
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() < 1<<16 && (insideReally(root, p) || disk.Within(disktest.RealOf(p), other)) {
			text = readFile(t, p)
		}
		at := int(off) % (len(text) + 1)
		line := strings.Count(text[:at], "\n")
		char := at - (strings.LastIndexByte(text[:at], '\n') + 1)
		attack := func(c *client, root, other string) []json.RawMessage {
			c.open(p, text)
			return []json.RawMessage{
				keep(c, "textDocument/rename", map[string]any{"textDocument": textDoc(p), "position": at2(line, char), "newName": name}),
				keep(c, "workspace/willRenameFiles", map[string]any{"files": []map[string]any{{
					"oldUri": docURI(root + "/" + from), "newUri": docURI(root + "/" + to),
				}}}),
			}
		}
		for _, problem := range runAttack(t, attack, root, other) {
			if !strings.HasPrefix(problem, "the canary") { // a buffer read from outside may show it: that is the editor's text
				t.Error(problem)
			}
		}
	})
}

func at2(line, char int) pos { return at(uint32(line), uint32(char)) }
