package editors

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mcpRun is what editors/test/agents/mcp-client.mjs prints.
type mcpRun struct {
	ServerInfo struct{ Name, Version string }
	Tools      []struct {
		Name                              string
		HasOutputSchema                   bool
		ReadOnly, Destructive, Idempotent bool
	}
	Check, BadPaths, Outside, UnknownRule, Fix, NotAConfig mcpCall
	// Nested and Oversize are the JSON-RPC errors of refused messages;
	// AfterNested and AfterOversize say the session answered after them.
	Nested, Oversize           *mcpError
	AfterNested, AfterOversize bool
}

type mcpError struct {
	Code    int
	Message string
}

type mcpCall struct {
	IsError           bool
	Text              string
	StructuredContent json.RawMessage
}

// String shows the result with its structured content as the JSON text
// it is (printed with %v, a json.RawMessage shows its bytes as numbers).
func (c mcpCall) String() string {
	return fmt.Sprintf("{IsError:%v Text:%q StructuredContent:%s}", c.IsError, c.Text, c.StructuredContent)
}

func mcpClient(t *testing.T, cwd, config, root string) mcpRun {
	t.Helper()
	node := need(t, "node")
	if _, err := os.Stat(filepath.Join(agentTools, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		missing(t, fmt.Sprintf("the MCP TypeScript SDK is not installed (run `npm ci` in editors/%s; %v)", agentTools, err))
	}
	script, err := filepath.Abs(filepath.Join(agentTools, "mcp-client.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{script, bin, cwd, config}
	if root != "" {
		args = append(args, root)
	}
	out := run(t, cwd, nil, node, args...)
	var r mcpRun
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("mcp-client.mjs: %v\n%s", err, out)
	}
	return r
}

// notes is a file under a configs/<kind>/ path that is no config.
const notes = "[training]\nlerning_rate = 1\n"

// `osmosis-lint mcp` driven by the official MCP TypeScript SDK client: it
// initializes, lists the tools (each with an output schema the client
// checks every structured result against, fix annotated destructive),
// returns the finding of a bad config, answers bad arguments with tool
// errors, refuses to fix a file that is no config, and answers an argument
// nested 1,000 deep and a frame over 16 MiB with JSON-RPC errors, the
// session kept.
func TestMCPTypeScriptClient(t *testing.T) {
	ws := workspace(t)
	if err := os.WriteFile(filepath.Join(ws, "configs/training/NOTES.md"), []byte(notes), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mcpClient(t, ws, "configs/training/multiply-long.toml", "")
	if r.ServerInfo.Name != "osmosis-lint" {
		t.Errorf("serverInfo %+v", r.ServerInfo)
	}
	var names []string
	for _, tool := range r.Tools {
		names = append(names, tool.Name)
		if tool.Name != "schema" && !tool.HasOutputSchema {
			t.Errorf("%s has no output schema", tool.Name)
		}
		if tool.ReadOnly != (tool.Name != "fix") {
			t.Errorf("%s: readOnlyHint %v", tool.Name, tool.ReadOnly)
		}
		if tool.Name == "fix" && (!tool.Destructive || tool.Idempotent) {
			t.Errorf("fix writes files with write: true: destructiveHint %v, idempotentHint %v", tool.Destructive, tool.Idempotent)
		}
	}
	slices.Sort(names)
	if want := []string{"check", "doctor", "explain", "fix", "rules", "schema"}; !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v", names, want)
	}
	var rep struct {
		Findings []struct{ Path, Rule string }
		Summary  struct{ Errors int }
	}
	if r.Check.IsError || json.Unmarshal(r.Check.StructuredContent, &rep) != nil {
		t.Fatalf("check: %+v", r.Check)
	}
	var rules []string
	for _, f := range rep.Findings {
		rules = append(rules, f.Rule)
	}
	if !slices.Equal(sorted(rules), want["configs/training/multiply-long.toml"]) {
		t.Errorf("check found %v, want %v (as the CLI)", sorted(rules), want["configs/training/multiply-long.toml"])
	}
	if !strings.Contains(r.Check.Text, "[unknown-key]") || !strings.Contains(r.Check.Text, "osmosis-lint explain unknown-key") {
		t.Errorf("check's text lacks the finding:\n%s", r.Check.Text)
	}
	for name, c := range map[string]mcpCall{"paths as a string": r.BadPaths, "a path outside": r.Outside, "an unknown rule": r.UnknownRule} {
		if !c.IsError || c.Text == "" {
			t.Errorf("%s: want a tool error with a message, got %+v", name, c)
		}
	}
	if r.Fix.IsError || !strings.Contains(r.Fix.Text, "not written") {
		t.Errorf("fix: %+v", r.Fix)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "configs/training/multiply-long.toml")); !strings.Contains(string(b), "n_sample_per_prompt") {
		t.Error("fix without write changed the file")
	}
	if !r.NotAConfig.IsError || !strings.Contains(r.NotAConfig.Text, "only configs are taken") {
		t.Errorf("fix of configs/training/NOTES.md: want a tool error, got %+v", r.NotAConfig)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "configs/training/NOTES.md")); string(b) != notes {
		t.Errorf("fix rewrote configs/training/NOTES.md:\n%s", b)
	}
	for name, c := range map[string]struct {
		err   *mcpError
		alive bool
		want  string
	}{
		"an argument nested 1,000 deep": {r.Nested, r.AfterNested, "levels deep"},
		"a frame over 16 MiB":           {r.Oversize, r.AfterOversize, "over the limit"},
	} {
		if c.err == nil || c.err.Code != -32600 || !strings.Contains(c.err.Message, c.want) {
			t.Errorf("%s: want a JSON-RPC error -32600 saying %q, got %+v", name, c.want, c.err)
		}
		if !c.alive {
			t.Errorf("%s: the session did not answer after it", name)
		}
	}
}

// The client's roots name the workspace when the server starts elsewhere.
func TestMCPTypeScriptClientRoots(t *testing.T) {
	ws := workspace(t)
	r := mcpClient(t, t.TempDir(), "configs/eval/multiply-eval.toml", ws)
	var rep struct{ Findings []struct{ Rule string } }
	if r.Check.IsError || json.Unmarshal(r.Check.StructuredContent, &rep) != nil || len(rep.Findings) != len(want["configs/eval/multiply-eval.toml"]) {
		t.Fatalf("check through the client's root: %+v", r.Check)
	}
}
