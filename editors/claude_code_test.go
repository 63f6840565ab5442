package editors

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// agentTools is where .ci/run installs the coding-agent clients (npm ci).
const agentTools = "test/agents"

// claude finds the Claude Code CLI installed by npm ci in test/agents.
func claude(t *testing.T) string {
	t.Helper()
	need(t, "node")
	p, err := filepath.Abs(filepath.Join(agentTools, "node_modules", ".bin", "claude"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		missing(t, fmt.Sprintf("Claude Code is not installed (run `npm ci` in editors/%s; %v)", agentTools, err))
	}
	return p
}

// claudeEnv keeps Claude Code to a fresh home of its own and off the
// network: the commands used here work offline.
func claudeEnv(t *testing.T) []string {
	home := t.TempDir()
	return []string{"HOME=" + home, "USERPROFILE=" + home, "CLAUDE_CONFIG_DIR=" + filepath.Join(home, ".claude"),
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1"}
}

// validation is the part of `claude plugin validate --json` the tests read.
type validation struct {
	Success  bool `json:"success"`
	Manifest struct {
		Type     string            `json:"type"`
		Errors   []json.RawMessage `json:"errors"`
		Warnings []json.RawMessage `json:"warnings"`
	} `json:"manifest"`
	Provides struct {
		Hooks []struct {
			Event, Matcher, Type, Command string
		} `json:"hooks"`
		LSPServers []struct {
			Name, Command string
			Args          []string
		} `json:"lspServers"`
	} `json:"provides"`
}

func validate(t *testing.T, cc string, env []string, path string) validation {
	t.Helper()
	out := run(t, ".", env, cc, "plugin", "validate", "--strict", "--json", path)
	var v validation
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("claude plugin validate --json: %v\n%s", err, out)
	}
	if !v.Success || len(v.Manifest.Errors) > 0 || len(v.Manifest.Warnings) > 0 {
		t.Fatalf("claude plugin validate --strict %s: not clean:\n%s", path, out)
	}
	return v
}

// The plugin and the marketplace pass Claude Code's own validation with
// no error or warning, and declare the server and the hook as intended.
func TestClaudeCodePluginValidates(t *testing.T) {
	cc := claude(t)
	env := claudeEnv(t)
	v := validate(t, cc, env, "claude-code")
	if v.Manifest.Type != "plugin" {
		t.Fatalf("validated a %q, want the plugin", v.Manifest.Type)
	}
	if len(v.Provides.LSPServers) != 1 || v.Provides.LSPServers[0].Command != "osmosis-lint" || strings.Join(v.Provides.LSPServers[0].Args, " ") != "lsp" {
		t.Fatalf("language servers = %+v, want osmosis-lint lsp", v.Provides.LSPServers)
	}
	for event, tools := range map[string]map[string]bool{
		"PostToolUse": {"Write": true, "Edit": true, "MultiEdit": true, "Read": false, "Bash": false},
		"PreToolUse":  {"Bash": true, "Write": false, "Edit": false, "Read": false},
	} {
		hook := pluginHook(t, v, event)
		matcher := regexp.MustCompile("^(?:" + hook.Matcher + ")$")
		for tool, want := range tools {
			if matcher.MatchString(tool) != want {
				t.Errorf("the %s hook matcher %q matches %s: %v, want %v", event, hook.Matcher, tool, !want, want)
			}
		}
	}
	if m := validate(t, cc, env, ".."); m.Manifest.Type != "marketplace" {
		t.Fatalf("the repository root validated as a %q, want the marketplace", m.Manifest.Type)
	}
}

// pluginHook is the plugin's command hook on event: the plugin has two,
// PostToolUse (edits) and PreToolUse (Bash: a submit).
func pluginHook(t *testing.T, v validation, event string) struct{ Event, Matcher, Type, Command string } {
	t.Helper()
	if len(v.Provides.Hooks) != 2 {
		t.Fatalf("hooks = %+v, want a PostToolUse and a PreToolUse command hook", v.Provides.Hooks)
	}
	for _, h := range v.Provides.Hooks {
		if h.Event == event && h.Type == "command" {
			return h
		}
	}
	t.Fatalf("hooks = %+v, want a %s command hook", v.Provides.Hooks, event)
	panic("unreachable")
}

// `claude plugin marketplace add <this repository>` then `claude plugin
// install osmosis-lint@osmosis-lint` installs the plugin, with its skill,
// hook and language server.
func TestClaudeCodeMarketplaceInstall(t *testing.T) {
	cc := claude(t)
	env := claudeEnv(t)
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	run(t, ".", env, cc, "plugin", "marketplace", "add", repo)
	run(t, ".", env, cc, "plugin", "install", "osmosis-lint@osmosis-lint")
	out := string(run(t, ".", env, cc, "plugin", "details", "osmosis-lint@osmosis-lint"))
	for _, want := range []string{"Skills (1)  osmosis-lint", "Hooks (2)  PostToolUse, PreToolUse", "LSP servers (1)  osmosis-lint"} {
		if !strings.Contains(out, want) {
			t.Errorf("claude plugin details lacks %q:\n%s", want, out)
		}
	}
}

// The hook run as Claude Code runs it: the command line Claude Code read
// from the plugin, through the shell, with the payload on standard input
// and CLAUDE_PLUGIN_ROOT and CLAUDE_PROJECT_DIR set. A config with a
// misspelled key reaches the model (a block with the finding); a clean
// config and a file that is no config leave it silent.
func TestClaudeCodeHook(t *testing.T) {
	cc := claude(t)
	sh := need(t, "sh")
	v := validate(t, cc, claudeEnv(t), "claude-code")
	hook := pluginHook(t, v, "PostToolUse")
	plugin, err := filepath.Abs("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	ws := workspace(t)
	bad := filepath.Join(ws, "configs", "training", "lr.toml")
	src, err := os.ReadFile(filepath.Join(ws, "configs", "training", "multiply-baseline.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, bytes.Replace(src, []byte("lr = 1e-6"), []byte("lerning_rate = 1"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(ws, "notes.md")
	if err := os.WriteFile(notes, []byte("lerning_rate = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runHook := func(tool, file string) (string, string) {
		payload, _ := json.Marshal(map[string]any{
			"session_id": "e2e", "transcript_path": filepath.Join(ws, "t.jsonl"), "cwd": ws,
			"permission_mode": "default", "hook_event_name": "PostToolUse", "tool_name": tool,
			"tool_input":    map[string]any{"file_path": file, "content": "..."},
			"tool_response": map[string]any{"filePath": file, "success": true},
		})
		return runCommandHook(t, sh, hook.Command, plugin, ws, file, payload)
	}
	out, _ := runHook("Write", bad)
	var o struct{ Decision, Reason string }
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("the hook's stdout is not its JSON decision: %v\n%q", err, out)
	}
	for _, want := range []string{"block", "[unknown-key]", "lerning_rate = 1", "osmosis-lint explain unknown-key"} {
		if !strings.Contains(o.Decision+o.Reason, want) {
			t.Errorf("the text for the model lacks %q:\n%s", want, o.Reason)
		}
	}
	for _, file := range []string{filepath.Join(ws, "configs", "training", "multiply-baseline.toml"), notes} {
		if out, errs := runHook("Edit", file); out != "" || errs != "" {
			t.Errorf("%s: want silence, got stdout %q stderr %q", filepath.Base(file), out, errs)
		}
	}
	// before a submit: a config with an error denies the Bash command, with
	// the findings as the reason Claude sees; other commands are silent
	pre := pluginHook(t, v, "PreToolUse")
	runBash := func(command string) (string, string) {
		payload, _ := json.Marshal(map[string]any{
			"session_id": "e2e", "transcript_path": filepath.Join(ws, "t.jsonl"), "cwd": ws,
			"permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
			"tool_input": map[string]any{"command": command, "description": "run"},
		})
		return runCommandHook(t, sh, pre.Command, plugin, ws, command, payload)
	}
	out, _ = runBash("osmosis train submit configs/training/lr.toml")
	var d struct {
		HookSpecificOutput struct{ HookEventName, PermissionDecision, PermissionDecisionReason string }
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("the PreToolUse hook's stdout is not its JSON decision: %v\n%q", err, out)
	}
	if h := d.HookSpecificOutput; h.HookEventName != "PreToolUse" || h.PermissionDecision != "deny" || !strings.Contains(h.PermissionDecisionReason, "[unknown-key]") {
		t.Errorf("want a deny naming unknown-key, got %+v", h)
	}
	for _, command := range []string{"ls", "osmosis train list", "echo osmosis train submit configs/training/lr.toml"} {
		if out, errs := runBash(command); out != "" || errs != "" {
			t.Errorf("%s: want silence, got stdout %q stderr %q", command, out, errs)
		}
	}
}

// runCommandHook runs a plugin hook's command line through the shell, as
// Claude Code does, with payload on standard input.
func runCommandHook(t *testing.T, sh, command, plugin, ws, what string, payload []byte) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, sh, "-c", strings.ReplaceAll(command, "${CLAUDE_PLUGIN_ROOT}", plugin))
	cmd.Dir = ws
	// the binary under test is the osmosis-lint on PATH, as an
	// installed one would be
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"CLAUDE_PLUGIN_ROOT="+plugin, "CLAUDE_PROJECT_DIR="+ws)
	cmd.Stdin = bytes.NewReader(payload)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("hook %q on %s: %v (exit 0 expected; 2 would block, 1 is a failure of the hook)\nstderr: %s", command, what, err, stderr.String())
	}
	return stdout.String(), stderr.String()
}

// update rewrites the generated files of editors/ (go test ./editors
// -update): the plugin's copy of the agent skill.
var update = flag.Bool("update", false, "rewrite the generated files: the Claude Code plugin's SKILL.md")

// The plugin ships the agent skill that `osmosis-lint init-skill` installs,
// byte for byte: one text for every agent. -update copies it.
func TestClaudeCodeSkillIsTheAgentSkill(t *testing.T) {
	path := filepath.Join("claude-code", "skills", "osmosis-lint", "SKILL.md")
	skill, err := os.ReadFile(filepath.Join("..", "lint", "agentskill", "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(path, skill, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plugin, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(plugin, skill) {
		t.Fatal("editors/claude-code/skills/osmosis-lint/SKILL.md differs from lint/agentskill/SKILL.md: run go test ./editors -run TestClaudeCodeSkillIsTheAgentSkill -update")
	}
}

// Claude Code itself connects to `osmosis-lint mcp` as README's snippet
// configures it (`claude mcp add`): `claude mcp get` initializes the
// server and reports it connected.
func TestClaudeCodeMCP(t *testing.T) {
	cc := claude(t)
	env := append(claudeEnv(t), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	ws := workspace(t)
	run(t, ws, env, cc, "mcp", "add", "--scope", "user", "osmosis-lint", "--", "osmosis-lint", "mcp")
	out := string(run(t, ws, env, cc, "mcp", "get", "osmosis-lint"))
	if !strings.Contains(out, "Connected") {
		t.Fatalf("claude mcp get osmosis-lint: not connected:\n%s", out)
	}
}
