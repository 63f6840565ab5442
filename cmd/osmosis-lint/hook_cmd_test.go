package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/cmd/internal/agenthook"
)

func hookPayload(t *testing.T, cwd, file string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"hook_event_name": "PostToolUse", "tool_name": "Write", "cwd": cwd,
		"tool_input": map[string]any{"file_path": file},
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The hook's answers on exit 0: a block with the reason for errors, nothing
// at all for a file that is no config.
func TestHookOutput(t *testing.T) {
	ws := copyExample(t)
	t.Setenv("CLAUDE_PROJECT_DIR", ws)
	bad := filepath.Join(ws, "configs", "training", "multiply-long.toml")
	code, stdout, stderr := invoke(t, hookPayload(t, ws, bad), "hook", "claude-code")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var o struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}
	if err := json.Unmarshal([]byte(stdout), &o); err != nil {
		t.Fatalf("stdout is not the hook's JSON: %v\n%s", err, stdout)
	}
	if o.Decision != "block" || !strings.Contains(o.Reason, "[unknown-key]") {
		t.Fatalf("want a block naming unknown-key, got %+v", o)
	}
	notes := filepath.Join(ws, "notes.md")
	if err := os.WriteFile(notes, []byte("# notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = invoke(t, hookPayload(t, ws, notes), "hook", "claude-code")
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("notes.md: exit %d, stdout %q, stderr %q; want silence", code, stdout, stderr)
	}
}

// Exit 2 would put the hook's own trouble in front of the model as if it
// were a finding: every failure of the hook is exit 1, for the user.
func TestHookFailuresExit1(t *testing.T) {
	ws := copyExample(t)
	if err := os.WriteFile(filepath.Join(ws, "pyproject.toml"), []byte("[tool.osmosis-lint]\nignore = [\"nope\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(ws, "configs", "training", "multiply-long.toml")
	for name, c := range map[string]struct {
		stdin string
		args  []string
	}{
		"not JSON":      {"{", []string{"hook", "claude-code"}},
		"no agent":      {"{}", []string{"hook"}},
		"unknown agent": {"{}", []string{"hook", "vim"}},
		"bad settings":  {hookPayload(t, ws, cfg), []string{"hook", "codex"}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Setenv("CLAUDE_PROJECT_DIR", ws)
			code, stdout, stderr := invoke(t, c.stdin, c.args...)
			if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "osmosis-lint") {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 with a message on stderr only", code, stdout, stderr)
			}
		})
	}
}

// TestHookOutputBeforeSubmit: before a submit, errors deny the Bash
// command with the findings as the reason, warnings alone are
// additionalContext (no decision: the command runs), nothing is silence.
func TestHookOutputBeforeSubmit(t *testing.T) {
	for _, c := range []struct {
		out  agenthook.Outcome
		want string
	}{
		{agenthook.Outcome{BeforeSubmit: true, Block: "E", Context: "W"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E\nW"}}` + "\n"},
		{agenthook.Outcome{BeforeSubmit: true, Context: "W <not committed>"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"W <not committed>"}}` + "\n"},
		{agenthook.Outcome{BeforeSubmit: true}, ""},
	} {
		var b strings.Builder
		if err := writeHookOutput(&b, c.out); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%+v: got %q, want %q", c.out, b.String(), c.want)
		}
	}
}

// TestHookOutputEscapes: the hook's answer carries no control or
// bidirectional character raw (JSON \u escapes, the text reading back the
// same), and a config named with a line break and ESC is shown escaped in
// the text the agent reads.
func TestHookOutputEscapes(t *testing.T) {
	text := "nl\n::error::x \x1b[31m \u0085 \u202e \x7f"
	var b strings.Builder
	if err := writeHookOutput(&b, agenthook.Outcome{Block: text}); err != nil {
		t.Fatal(err)
	}
	if r := rawIn(strings.TrimSuffix(b.String(), "\n")); r != 0 || strings.Count(b.String(), "\n") != 1 {
		t.Fatalf("the answer keeps %U or a line break:\n%q", r, b.String())
	}
	var out hookOutput
	if err := json.Unmarshal([]byte(b.String()), &out); err != nil || out.Reason != text {
		t.Fatalf("the answer reads back %q (%v)", out.Reason, err)
	}

	ws := copyExample(t)
	t.Setenv("CLAUDE_PROJECT_DIR", ws)
	src, err := os.ReadFile(filepath.Join(ws, "configs", "training", "multiply-long.toml"))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(ws, "configs", "training", "nl\n::error file=evil::x\x1b[31m\u202e.toml")
	if err := os.WriteFile(name, src, 0o644); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	_, stdout, _ := invoke(t, hookPayload(t, ws, name), "hook", "claude-code")
	out = hookOutput{}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || out.Reason == "" {
		t.Fatalf("no block for the config: %q (%v)", stdout, err)
	}
	if r := rawIn(out.Reason); r != 0 || !strings.Contains(out.Reason, `nl\n::error file=evil::x\x1b[31m\u202e.toml`) {
		t.Fatalf("the reason keeps %U, or does not show the name escaped:\n%s", r, out.Reason)
	}
	for _, l := range strings.Split(out.Reason, "\n") {
		if strings.HasPrefix(l, "::") {
			t.Fatalf("a line of its own: %q", l)
		}
	}
}
