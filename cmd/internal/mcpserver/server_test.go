package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const clean = `[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "multiply"

[training]
lr = 1e-6
`

// newWorkspace makes a workspace with a clean config, one with a
// misspelled key and a safe fix (a rollout name with a trailing space), and
// the eval config of their rollout.
func newWorkspace(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	write(t, root, ".git/HEAD", "ref: refs/heads/main\n")
	write(t, root, "rollouts/multiply-agent/main.py", "")
	write(t, root, "data/.gitkeep", "")
	write(t, root, "configs/eval/base.toml", "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n")
	write(t, root, "configs/training/base.toml", clean)
	write(t, root, "configs/training/bad.toml", strings.Replace(clean, "lr = 1e-6", "lerning_rate = 1", 1))
	return root
}

func write(t testing.TB, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// connect starts the server and the Go SDK's client over an in-memory
// transport; roots, when given, are the client's.
func connect(t testing.TB, opts Options, roots ...string) *mcp.ClientSession {
	return connectVersion(t, "", opts, roots...)
}

// connectVersion is connect on a given protocol version ("" the latest):
// the server runs on a StdioTransport over pipes, as `osmosis-lint mcp`
// on its standard input and output.
func connectVersion(t testing.TB, version string, opts Options, roots ...string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, &StdioTransport{Reader: toServer, Writer: fromServer}, opts)
		fromServer.Close()
	}()
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	for _, r := range roots {
		c.AddRoots(&mcp.Root{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(r)}).String()})
	}
	cs, err := c.Connect(ctx, &mcp.IOTransport{Reader: toClient, Writer: fromClient}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		fromClient.Close()
		if err := <-done; err != nil {
			t.Errorf("the server ended with %v", err)
		}
	})
	return cs
}

// call calls a tool and returns its result, with the structured content
// decoded into out (when not nil and the call did not fail).
func call(t *testing.T, cs *mcp.ClientSession, name string, args any, out any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	if out != nil && !res.IsError {
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: structured content: %v\n%s", name, err, b)
		}
	}
	return res
}

func textOf(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

type checkResult struct {
	Findings []struct {
		Path, Rule, Severity, Stage, Message string
		Line                                 int
	}
	Summary struct{ Files, Errors, Warnings int }
}

func TestToolsAreListed(t *testing.T) {
	cs := connect(t, Options{Dir: newWorkspace(t)})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Description == "" || tool.InputSchema == nil {
			t.Errorf("%s has no description or input schema", tool.Name)
		}
		if tool.Name != "schema" && tool.OutputSchema == nil {
			t.Errorf("%s has no output schema", tool.Name)
		}
	}
	slices.Sort(names)
	if want := []string{"check", "doctor", "explain", "fix", "rules", "schema"}; !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v", names, want)
	}
}

func TestCheck(t *testing.T) {
	root := newWorkspace(t)
	cs := connect(t, Options{Dir: filepath.Join(root, "configs")})
	var out checkResult
	res := call(t, cs, "check", map[string]any{"paths": []string{"configs/training/bad.toml"}}, &out)
	if res.IsError || len(out.Findings) != 1 || out.Findings[0].Rule != "unknown-key" || out.Findings[0].Line != 8 || out.Findings[0].Path != "configs/training/bad.toml" {
		t.Fatalf("want the unknown-key finding of bad.toml, got %+v\n%s", out, textOf(res))
	}
	if !strings.Contains(textOf(res), "line 8: lerning_rate = 1") {
		t.Fatalf("the text lacks the line:\n%s", textOf(res))
	}
	// no paths: the whole workspace
	out = checkResult{}
	call(t, cs, "check", map[string]any{}, &out)
	if out.Summary.Files != 3 || out.Summary.Errors != 1 {
		t.Fatalf("whole workspace: %+v", out.Summary)
	}
	// an unsaved buffer, checked as a file that does not exist yet
	out = checkResult{}
	res = call(t, cs, "check", map[string]any{"text": "[experiment]\nrollout = \"nope\"\n", "filename": "configs/training/new.toml"}, &out)
	if res.IsError || out.Summary.Errors == 0 || out.Findings[0].Path != "configs/training/new.toml" {
		t.Fatalf("text: %+v\n%s", out, textOf(res))
	}
	if _, err := os.Stat(filepath.Join(root, "configs/training/new.toml")); err == nil {
		t.Fatal("checking text wrote the file")
	}
	// an empty buffer is content too
	out = checkResult{}
	if res := call(t, cs, "check", map[string]any{"text": "", "filename": "configs/eval/empty.toml"}, &out); res.IsError || out.Summary.Errors == 0 {
		t.Fatalf("empty text: %+v %s", out, textOf(res))
	}
}

// TestCheckReferenceTemplate: the check of a managed reference template's
// path is the CLI's verdict on it; the check of the whole workspace is the
// note.
func TestCheckReferenceTemplate(t *testing.T) {
	root := newWorkspace(t)
	write(t, root, ".osmosis/template.json", `{"overwriteManaged": ["configs/**/default.toml"]}`)
	write(t, root, "configs/training/default.toml", "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"<your-entrypoint-file>\"\nmodel_path = \"<your-model-path>\"\ndataset = \"<your-dataset-name>\"\n")
	cs := connect(t, Options{Dir: root})
	rules := func(out checkResult) (n map[string]int) {
		n = map[string]int{}
		for _, f := range out.Findings {
			if f.Path == "configs/training/default.toml" {
				n[f.Rule+" "+f.Severity]++
			}
		}
		return n
	}
	var out checkResult
	call(t, cs, "check", map[string]any{"paths": []string{"configs/training/default.toml"}}, &out)
	if got := rules(out); len(got) != 1 || got["placeholder error"] != 4 {
		t.Errorf("the path: %v, want the four placeholder errors", got)
	}
	out = checkResult{}
	call(t, cs, "check", map[string]any{}, &out)
	if got := rules(out); len(got) != 1 || got["reference-template info"] != 1 {
		t.Errorf("the workspace: %v, want one reference-template note", got)
	}
}

// Bad arguments are tool errors with a message the model can act on; the
// server answers the next call as before.
func TestBadArgumentsAreToolErrors(t *testing.T) {
	root := newWorkspace(t)
	outside := write(t, t.TempDir(), "configs/training/x.toml", clean)
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(root, "configs", "linked")); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, Options{Dir: root})
	for _, c := range []struct {
		tool string
		args any
		want string
	}{
		{"check", map[string]any{"paths": "configs"}, "paths"},
		{"check", map[string]any{"paths": []string{"configs/training/missing.toml"}}, "no such file"},
		{"check", map[string]any{"paths": []string{outside}}, "outside the workspace"},
		{"check", map[string]any{"paths": []string{"../elsewhere"}}, "outside the workspace"},
		{"check", map[string]any{"paths": []string{"configs/linked/x.toml"}}, "symlink"},
		{"check", map[string]any{"text": "x = 1"}, "filename"},
		{"check", map[string]any{"filename": "configs/training/a.toml"}, "text"},
		{"check", map[string]any{"text": "", "filename": "../a.toml"}, "outside the workspace"},
		{"check", map[string]any{"text": "", "filename": "configs/a.toml", "paths": []string{"configs"}}, "not both"},
		{"check", map[string]any{"paths": []string{"a\x00b"}}, "NUL"},
		{"check", map[string]any{"bogus": 1}, "bogus"},
		{"explain", map[string]any{"rule": "unknwn-key"}, `did you mean "unknown-key"`},
		{"explain", map[string]any{}, "rule"},
		{"schema", map[string]any{"kind": "traning"}, "training"},
		{"doctor", map[string]any{"dir": "/"}, "outside the workspace"},
		{"fix", map[string]any{"paths": []string{outside}, "write": true}, "outside the workspace"},
	} {
		res := call(t, cs, c.tool, c.args, nil)
		if !res.IsError || !strings.Contains(textOf(res), c.want) {
			t.Errorf("%s %v: want a tool error mentioning %q, got isError=%v %q", c.tool, c.args, c.want, res.IsError, textOf(res))
		}
	}
	var out checkResult
	if res := call(t, cs, "check", map[string]any{}, &out); res.IsError {
		t.Fatalf("the server did not recover: %s", textOf(res))
	}
	if b, _ := os.ReadFile(outside); string(b) != clean {
		t.Fatal("a refused fix wrote outside the workspace")
	}
}

// The client's roots name the workspace when the server runs elsewhere
// (on the protocol versions that have roots; from 2026-07-28 the server
// may not ask, and the working directory decides).
func TestClientRoots(t *testing.T) {
	root := newWorkspace(t)
	cs := connectVersion(t, "2025-11-25", Options{Dir: t.TempDir()}, filepath.Join(root, "configs"))
	var out checkResult
	if res := call(t, cs, "check", map[string]any{"paths": []string{"configs/training"}}, &out); res.IsError || out.Summary.Files != 2 {
		t.Fatalf("with the client's root: %+v %s", out, textOf(res))
	}
	other := newWorkspace(t)
	cs = connect(t, Options{Dir: other}, root)
	out = checkResult{}
	if res := call(t, cs, "check", map[string]any{"paths": []string{"configs/training/base.toml"}}, &out); res.IsError || out.Summary.Files != 1 {
		t.Fatalf("the latest protocol, the working directory's workspace: %+v %s", out, textOf(res))
	}
	// outside any workspace, and no roots: a clear tool error
	cs = connect(t, Options{Dir: t.TempDir()})
	if res := call(t, cs, "check", map[string]any{}, nil); !res.IsError || !strings.Contains(textOf(res), "not in an Osmosis workspace") {
		t.Fatalf("no workspace: %s", textOf(res))
	}
}

func TestFixShowsTheDiffAndWritesOnlyWhenAsked(t *testing.T) {
	root := newWorkspace(t)
	bad := filepath.Join(root, "configs", "training", "bad.toml")
	before, _ := os.ReadFile(bad)
	cs := connect(t, Options{Dir: root})
	var out struct {
		Diff     string
		Written  bool
		Files    []struct{ Path string }
		Findings checkResult
	}
	res := call(t, cs, "fix", map[string]any{"paths": []string{"configs/training/bad.toml"}}, &out)
	if res.IsError || out.Diff != "" || out.Written {
		t.Fatalf("the only fix of bad.toml needs review; without unsafe there is nothing to fix: %+v %s", out, textOf(res))
	}
	res = call(t, cs, "fix", map[string]any{"paths": []string{"configs/training/bad.toml"}, "unsafe": true}, &out)
	if res.IsError || !strings.Contains(out.Diff, "-lerning_rate = 1\n") || out.Written || len(out.Files) != 1 {
		t.Fatalf("unsafe fix, not written: %+v %s", out, textOf(res))
	}
	if now, _ := os.ReadFile(bad); string(now) != string(before) {
		t.Fatal("fix wrote without write")
	}
	if out.Findings.Summary.Errors != 0 {
		t.Fatalf("findings left after the fix: %+v", out.Findings)
	}
	diff := out.Diff
	res = call(t, cs, "fix", map[string]any{"paths": []string{"configs/training/bad.toml"}, "unsafe": true, "write": true}, &out)
	if res.IsError || !out.Written || out.Diff != diff {
		t.Fatalf("written fix: %+v %s", out, textOf(res))
	}
	now, _ := os.ReadFile(bad)
	if strings.Contains(string(now), "lerning_rate") {
		t.Fatalf("the fix was not written:\n%s", now)
	}
	var left checkResult
	call(t, cs, "check", map[string]any{"paths": []string{"configs/training/bad.toml"}}, &left)
	if left.Summary.Errors != 0 {
		t.Fatalf("check after the written fix: %+v", left)
	}
}

// A fix that cannot be written (the file is read-only) is said, with the
// reason, instead of "nothing to fix"; the file stays as it was.
func TestFixSaysWhatWasNotWritten(t *testing.T) {
	root := newWorkspace(t)
	bad := filepath.Join(root, "configs", "training", "bad.toml")
	before, _ := os.ReadFile(bad)
	if err := os.Chmod(bad, 0o444); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, Options{Dir: root})
	var out struct {
		Written    bool
		NotWritten []struct{ Path, Reason string } `json:"not_written"`
	}
	res := call(t, cs, "fix", map[string]any{"paths": []string{"configs/training/bad.toml"}, "unsafe": true, "write": true}, &out)
	if res.IsError || out.Written || len(out.NotWritten) != 1 || out.NotWritten[0].Path != "configs/training/bad.toml" || out.NotWritten[0].Reason == "" {
		t.Fatalf("read-only file: %+v %s", out, textOf(res))
	}
	if !strings.Contains(textOf(res), "not written: configs/training/bad.toml") || strings.Contains(textOf(res), "nothing to fix") {
		t.Fatalf("the text hides the refused write: %s", textOf(res))
	}
	if now, _ := os.ReadFile(bad); string(now) != string(before) {
		t.Fatal("a read-only file was written")
	}
}

func TestExplainRulesSchemaDoctor(t *testing.T) {
	cs := connect(t, Options{Dir: newWorkspace(t)})
	var doc struct{ ID, Stage, Explanation string }
	if res := call(t, cs, "explain", map[string]any{"rule": "unknown-key"}, &doc); res.IsError || doc.ID != "unknown-key" || !strings.Contains(doc.Explanation, "# unknown-key") {
		t.Fatalf("explain: %+v", doc)
	}
	var rules struct{ Rules []struct{ ID string } }
	if call(t, cs, "rules", map[string]any{}, &rules); len(rules.Rules) < 10 {
		t.Fatalf("rules: %d", len(rules.Rules))
	}
	var sch struct {
		Properties map[string]any `json:"properties"`
	}
	if call(t, cs, "schema", map[string]any{"kind": "training"}, &sch); sch.Properties["experiment"] == nil {
		t.Fatalf("schema: %v", sch)
	}
	var rep struct {
		Valid  bool
		Checks []struct{ ID, Status string }
	}
	if res := call(t, cs, "doctor", map[string]any{}, &rep); res.IsError || len(rep.Checks) == 0 || rep.Valid {
		t.Fatalf("doctor (bad.toml is broken, so not valid): %+v %s", rep, textOf(res))
	}
}

// check and fix take configs alone: a named file under a configs/<kind>/
// path that is none (a note, a helper script of a rollout) is a tool error
// that says why, and is never written; the whole workspace fixes only its
// configs.
func TestOnlyConfigs(t *testing.T) {
	root := newWorkspace(t)
	misspelled := strings.Replace(clean, "lr = 1e-6", "lerning_rate = 1", 1)
	notes := write(t, root, "configs/training/NOTES.md", misspelled)
	helper := write(t, root, "rollouts/agent/configs/training/helper.py", misspelled)
	cs := connect(t, Options{Dir: root})
	for _, c := range []struct{ path, why string }{
		{"configs/training/NOTES.md", "must end in .toml"},
		{"rollouts/agent/configs/training/helper.py", "is not under configs/training/"},
	} {
		for tool, args := range map[string]map[string]any{
			"fix":   {"paths": []string{c.path}, "unsafe": true, "write": true},
			"check": {"paths": []string{c.path}},
		} {
			res := call(t, cs, tool, args, nil)
			if !res.IsError || !strings.Contains(textOf(res), c.why) || !strings.Contains(textOf(res), "only configs are taken") {
				t.Errorf("%s %s: want a tool error saying why, got isError=%v %q", tool, c.path, res.IsError, textOf(res))
			}
		}
		res := call(t, cs, "check", map[string]any{"text": misspelled, "filename": c.path}, nil)
		if !res.IsError || !strings.Contains(textOf(res), c.why) {
			t.Errorf("check text as %s: got isError=%v %q", c.path, res.IsError, textOf(res))
		}
	}
	var out struct{ Files []struct{ Path string } }
	if res := call(t, cs, "fix", map[string]any{"unsafe": true, "write": true}, &out); res.IsError || len(out.Files) != 1 || out.Files[0].Path != "configs/training/bad.toml" {
		t.Fatalf("the whole workspace: %+v %s", out, textOf(res))
	}
	for _, p := range []string{notes, helper} {
		if b, _ := os.ReadFile(p); string(b) != misspelled {
			t.Errorf("%s was rewritten:\n%s", p, b)
		}
	}
}

// The annotations say what the tools do: fix (which writes with write) is
// destructive and not idempotent, the others are read-only.
func TestToolAnnotations(t *testing.T) {
	cs := connect(t, Options{Dir: newWorkspace(t)})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		a := tool.Annotations
		if a == nil {
			t.Fatalf("%s has no annotations", tool.Name)
		}
		destructive := a.DestructiveHint == nil || *a.DestructiveHint // the spec's default is true
		if tool.Name == "fix" {
			if a.ReadOnlyHint || !destructive || a.IdempotentHint {
				t.Errorf("fix: %+v", a)
			}
			continue
		}
		if !a.ReadOnlyHint {
			t.Errorf("%s is not read-only: %+v", tool.Name, a)
		}
	}
}

// A server started in a workspace below the git root (ml/ of a
// repository) serves that workspace, as check finds it from there, and
// says once that the osmosis CLI cannot submit from it.
func TestWorkspaceBelowTheGitRoot(t *testing.T) {
	repo := t.TempDir()
	ws := filepath.Join(repo, "ml")
	if err := os.Rename(newWorkspace(t), ws); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(ws, ".git"), filepath.Join(repo, ".git")); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, Options{Dir: filepath.Join(ws, "configs")})
	var out checkResult
	res := call(t, cs, "check", map[string]any{"paths": []string{"configs/training/bad.toml"}}, &out)
	rules := map[string]bool{}
	for _, f := range out.Findings {
		rules[f.Rule] = true
	}
	if res.IsError || len(out.Findings) != 2 || !rules["unknown-key"] || !rules["config-location"] {
		t.Fatalf("want the unknown-key and config-location findings of ml/configs/training/bad.toml, got %+v\n%s", out, textOf(res))
	}
}

// TestTextEscapesNames: the text results of check and fix show a config
// named with a line break, a workflow command, ESC and bidirectional
// controls escaped: no line of their own, nothing for a terminal to act on.
func TestTextEscapesNames(t *testing.T) {
	root := newWorkspace(t)
	name := "nl\n::error file=evil::x\x1b[31m\u202e\u0085.toml"
	write(t, root, "configs/training/"+name, strings.Replace(clean, "lr = 1e-6", "lerning_rate = 1", 1))
	cs := connect(t, Options{Dir: root})
	for _, tool := range []string{"check", "fix"} {
		args := map[string]any{"paths": []string{"configs/training/" + name}}
		if tool == "fix" {
			args["unsafe"] = true
		}
		res := call(t, cs, tool, args, nil)
		text := textOf(res)
		if !strings.Contains(text, `nl\n::error file=evil::x\x1b[31m\u202e\u0085.toml`) {
			t.Errorf("%s: the name is not shown escaped:\n%s", tool, text)
		}
		for _, r := range text {
			if r != '\n' && (r < 0x20 || r >= 0x7f && r < 0xa0 || r == 0x202e) {
				t.Errorf("%s: the text keeps %U:\n%q", tool, r, text)
				break
			}
		}
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "::") {
				t.Errorf("%s: a line of its own: %q", tool, l)
			}
		}
	}
}
