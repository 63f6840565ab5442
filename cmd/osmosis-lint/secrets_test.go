package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestNoOutputPrintsACredential runs every output of check and doctor on a
// workspace whose config holds credentials next to lines that fixes change
// (so that diffs show them as context or as removed lines): no output
// prints one, whatever the rules selected.
func TestNoOutputPrintsACredential(t *testing.T) {
	// built from parts so that this file holds no key-shaped literal
	openai := "sk-proj-" + strings.Repeat("Q7vX2mLp9Rt4Wk8N", 3)
	anthropic := "sk-ant-api03-" + strings.Repeat("Zx9Yw8Vu7Ts6Rq5P", 4)
	gh := "ghp_" + strings.Repeat("a1B2c3D4e5", 3) + "F6g7H8"
	password := "Tr0ub4" + "dor&3x"
	secrets := []string{openai, anthropic, gh, password}
	tails := func(s string) []string {
		var out []string
		for _, x := range secrets {
			out = append(out, x[len(x)-10:], strings.ToUpper(x[len(x)-10:]))
		}
		return out
	}(openai)
	src := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\n" +
		"dataset = \"data/multiply.jsonl\"\nOPENAI_API_KEY = \"" + openai + "\"\n\n[training]\nn_sample_per_prompt = 8\n\n" +
		"[env]\nANTHROPIC_API_KEY = \"" + anthropic + "\"\nDB_PASSWORD = \"" + password + "\"\n# GH_TOKEN = \"" + gh + "\"\n\n" +
		"[secrets]\nrequired = [\"" + gh + "\"]\n"
	ws := copyExample(t)
	cfg := filepath.Join("configs", "training", "leak.toml")
	write := func() {
		if err := os.WriteFile(filepath.Join(ws, cfg), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write()
	t.Chdir(ws)
	leaked := func(out string) string {
		for _, s := range append(secrets, tails...) {
			if strings.Contains(out, s) {
				return s
			}
		}
		return ""
	}
	runs := [][]string{
		{"check", "--diff"}, {"check", "--diff", "--unsafe-fixes"}, {"check", "--diff", "--unsafe-fixes", "--ignore", "secret-in-env"},
		{"check", "--select", "unknown-key"}, {"check", "--ignore", "secret-in-env"}, {"check", "--statistics"},
		{"check", "--unsafe-fixes", "--diff", "--format", "json"},
		{"doctor"}, {"doctor", "--format", "json"},
	}
	for _, format := range []string{"text", "concise", "grouped", "json", "sarif", "github", "gitlab", "junit"} {
		runs = append(runs, []string{"check", "--format", format}, []string{"check", "--format", format, "--select", "ALL", "--ignore", "secret-in-env"})
	}
	for _, args := range runs {
		_, out, errs := invoke(t, "", append(args, "--color", "always")...)
		if s := leaked(out + errs); s != "" {
			t.Errorf("%s prints %q:\n%s\n%s", strings.Join(args, " "), s, out, errs)
		}
	}
	// the same on standard input
	for _, args := range [][]string{{"check", "--diff", "--unsafe-fixes"}, {"check"}, {"check", "--format", "json"}} {
		_, out, errs := invoke(t, src, append(args, "--stdin-filename", cfg, "-")...)
		if s := leaked(out + errs); s != "" {
			t.Errorf("%s - prints %q:\n%s\n%s", strings.Join(args, " "), s, out, errs)
		}
	}
	// --fix: the report, the list of fixes, and the file, which gains no copy
	for _, args := range [][]string{{"check", "--fix", "--unsafe-fixes", "--show-fixes"}, {"check", "--fix", "--unsafe-fixes", "--show-fixes", "--format", "json"}, {"doctor", "--fix"}} {
		write()
		_, out, errs := invoke(t, "", args...)
		if s := leaked(out + errs); s != "" {
			t.Errorf("%s prints %q:\n%s\n%s", strings.Join(args, " "), s, out, errs)
		}
		got, _ := os.ReadFile(cfg)
		for _, s := range secrets {
			if strings.Count(string(got), s) > strings.Count(src, s) {
				t.Errorf("%s copied %q in the file:\n%s", strings.Join(args, " "), s, got)
			}
		}
	}
	// the masked diff still says what changed
	write()
	_, out, _ := invoke(t, "", "check", "--diff", "--unsafe-fixes", cfg)
	if !strings.Contains(out, "-n_sample_per_prompt = 8\n+n_samples_per_prompt = 8\n") || !strings.Contains(out, ` ANTHROPIC_API_KEY = "sk-ant-api03-****`) {
		t.Errorf("the diff lost the change or the masked context:\n%s", out)
	}
}

// credentialPositions are configs that hold key in every position a
// credential has been printed from: a name ([env], a table header, a
// benchmark's [agents.env]), an item another rule quotes, a NAME=value
// string, a line that is not valid TOML. Each is a path and its text.
func credentialPositions(t *testing.T, ws, key string) map[string]string {
	t.Helper()
	read := func(p string) string {
		b, err := os.ReadFile(filepath.Join(ws, "configs", p))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	training, eval, bench := read("training/multiply-baseline.toml"), read("eval/multiply-eval.toml"), read("benchmark/terminal-bench.toml")
	return map[string]string{
		"configs/training/env-name.toml":        training + "\n[env]\n" + key + " = \"1\"\n",
		"configs/training/env-table.toml":       training + "\n[env." + key + "]\n",
		"configs/benchmark/agents-env.toml":     bench + "\n[agents.env]\n" + key + " = \"1\"\n",
		"configs/training/array.toml":           training + "\n[env]\nOPENAI_API_KEY = [\"" + key + "\"]\n",
		"configs/eval/secret-assign.toml":       strings.Replace(eval, "[evaluation]", "[secrets]\nrequired = [\"OPENAI_API_KEY="+key+"\"]\n\n[evaluation]", 1),
		"configs/benchmark/api-key-assign.toml": strings.Replace(bench, `api_key_secret = "OPENAI_API_KEY"`, `api_key_secret = "OPENAI_API_KEY=`+key+`"`, 1),
		"configs/training/not-a-table.toml":     "env = \"OPENAI_API_KEY=" + key + "\"\n" + training,
		"configs/training/unquoted.toml":        training + "\n[env]\nOPENAI_API_KEY = " + key + "\n",
		"configs/training/unclosed.toml":        training + "\n[env]\nOPENAI_API_KEY = \"" + key + "\n",
		"configs/eval/bad-escape.toml":          eval + "\n[env]\nOPENAI_API_KEY = \"" + key + "\\q\"\n",
	}
}

// TestNoDoorPrintsACredentialInAnyPosition writes the credentialPositions
// configs into a workspace and asks every door about them: check in every
// format, with --diff and --statistics, doctor, both events of the agent
// hook, the MCP server's check and fix, the language server's diagnostics,
// hovers and outline. None shows a run of 12 characters of the key's
// secret part.
func TestNoDoorPrintsACredentialInAnyPosition(t *testing.T) {
	key := "sk-proj-" + "Q7vXk2LmN9pR4sT8" + "wYb3Zc6Hd1Jf5Gh0" + "Ka7Lm2Np4Qr9StUv" + "WxYz" // built from parts: no key-shaped literal
	body := key[len("sk-proj-"):]
	ws := copyExample(t)
	t.Setenv("CLAUDE_PROJECT_DIR", ws)
	configs := credentialPositions(t, ws, key)
	var paths []string
	for p, src := range configs {
		if err := os.WriteFile(filepath.Join(ws, filepath.FromSlash(p)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	sort.Strings(paths)
	t.Chdir(ws)
	leak := func(door, out string) {
		t.Helper()
		for i := 0; i+12 <= len(body); i++ {
			if strings.Contains(out, body[i:i+12]) {
				t.Errorf("%s shows %q:\n%s", door, body[i:i+12], out)
				return
			}
		}
	}
	// the findings are there: secret-in-env on each config
	_, out, _ := invoke(t, "", "check", "--format", "json", "--select", "secret-in-env")
	for _, p := range paths {
		if !strings.Contains(out, `"path":"`+p+`"`) && !strings.Contains(out, `"path": "`+p+`"`) {
			t.Errorf("no secret-in-env finding in %s:\n%s", p, out)
		}
	}
	runs := [][]string{{"check", "--diff", "--unsafe-fixes"}, {"check", "--statistics"}, {"check", "--ignore", "secret-in-env"}, {"doctor"}, {"doctor", "--format", "json"}}
	for _, format := range []string{"text", "concise", "grouped", "json", "sarif", "github", "gitlab", "junit"} {
		runs = append(runs, []string{"check", "--format", format}, []string{"check", "--format", format, "--select", "ALL", "--ignore", "secret-in-env"})
	}
	for _, args := range runs {
		_, out, errs := invoke(t, "", append(args, "--color", "always")...)
		leak(strings.Join(args, " "), out+errs)
	}
	var mcp []string
	mcp = append(mcp, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for i, p := range paths {
		_, out, errs := invoke(t, hookPayload(t, ws, filepath.Join(ws, p)), "hook", "claude-code")
		leak("hook after an edit of "+p, out+errs)
		group := map[string]string{"training": "train", "eval": "eval", "benchmark": "benchmark"}[strings.Split(p, "/")[1]]
		pre, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": ws,
			"tool_input": map[string]any{"command": "osmosis " + group + " submit " + p}})
		_, out, errs = invoke(t, string(pre), "hook", "claude-code")
		leak("hook before a submit of "+p, out+errs)
		for j, call := range []map[string]any{
			{"name": "check", "arguments": map[string]any{"paths": []string{p}}},
			{"name": "fix", "arguments": map[string]any{"paths": []string{p}, "unsafe": true}},
			{"name": "check", "arguments": map[string]any{"text": configs[p], "filename": p}},
		} {
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 10 + 3*i + j, "method": "tools/call", "params": call})
			mcp = append(mcp, string(b))
		}
	}
	_, out, errs := invoke(t, strings.Join(mcp, "\n")+"\n", "mcp", "--workspace", ws)
	if !strings.Contains(out, `"id":`+strconv.Itoa(10+3*len(paths)-1)+`,`) {
		t.Errorf("the MCP server did not answer every call:\n%s", out)
	}
	if !strings.Contains(out, "secret-in-env") {
		t.Errorf("the MCP server reported no secret-in-env:\n%s", out)
	}
	leak("the MCP server", out+errs)
	lsp := lspTranscript(t, ws, configs, key)
	if !strings.Contains(lsp, "secret-in-env") || !strings.Contains(lsp, `"contents"`) || !strings.Contains(lsp, `"selectionRange"`) {
		t.Errorf("the language server gave no diagnostics, hovers or outline:\n%s", lsp)
	}
	leak("the language server", lsp)
}

// lspTranscript runs the language server on ws, opens each config, asks
// for its diagnostics, its outline and a hover on each line and on the
// key's first character, and returns everything the server wrote.
func lspTranscript(t *testing.T, ws string, configs map[string]string, key string) string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"lsp"}, inR, outW, io.Discard)
		outW.Close()
	}()
	var mu sync.Mutex
	var all strings.Builder
	answered := make(chan int, 1024)
	go func() {
		r := bufio.NewReader(outR)
		for {
			n := 0
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					close(answered)
					return
				}
				if line = strings.TrimSpace(line); line == "" {
					break
				}
				if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
					n, _ = strconv.Atoi(v)
				}
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				close(answered)
				return
			}
			mu.Lock()
			all.Write(body)
			all.WriteByte('\n')
			mu.Unlock()
			var m struct {
				ID     *int   `json:"id"`
				Method string `json:"method"`
			}
			if json.Unmarshal(body, &m) == nil && m.ID != nil && m.Method == "" {
				answered <- *m.ID
			}
		}
	}()
	id := 0
	call := func(method string, params any) {
		id++
		if err := writeFrame(inW, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
			t.Fatal(err)
		}
		for got := range answered {
			if got == id {
				return
			}
		}
		t.Fatalf("no answer to %s", method)
	}
	notify := func(method string, params any) {
		if err := writeFrame(inW, map[string]any{"jsonrpc": "2.0", "method": method, "params": params}); err != nil {
			t.Fatal(err)
		}
	}
	root := "file://" + ws
	call("initialize", map[string]any{"processId": nil, "rootUri": root,
		"workspaceFolders": []any{map[string]any{"uri": root, "name": "ws"}},
		"capabilities": map[string]any{"textDocument": map[string]any{"diagnostic": map[string]any{},
			"hover": map[string]any{"contentFormat": []string{"markdown"}}}}})
	notify("initialized", map[string]any{})
	for p, src := range configs {
		uri := "file://" + filepath.Join(ws, filepath.FromSlash(p))
		doc := map[string]any{"uri": uri}
		notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "toml", "version": 1, "text": src}})
		call("textDocument/diagnostic", map[string]any{"textDocument": doc})
		call("textDocument/documentSymbol", map[string]any{"textDocument": doc})
		lines := strings.Split(src, "\n")
		for i, line := range lines {
			if c := strings.Index(line, key); c >= 0 {
				call("textDocument/hover", map[string]any{"textDocument": doc, "position": map[string]any{"line": i, "character": c + 10}})
			}
			if strings.TrimSpace(line) != "" {
				call("textDocument/hover", map[string]any{"textDocument": doc, "position": map[string]any{"line": i, "character": len(line) - len(strings.TrimLeft(line, " ["))}})
			}
		}
	}
	call("workspace/diagnostic", map[string]any{"previousResultIds": []any{}})
	call("shutdown", nil)
	notify("exit", nil)
	inW.Close()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit")
	}
	mu.Lock()
	defer mu.Unlock()
	return all.String()
}
