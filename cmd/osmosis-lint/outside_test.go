package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk/disktest"
)

// What the tool may touch outside the workspace under review: the osmosis
// CLI's dataset cache and git's global config and ignore file under the home directory,
// the template doctor --fix copies from. Everything else it opens, lists
// or stats lies in the workspace.
func allowedOutside(home, template string) []string {
	return []string{
		filepath.Join(home, ".gitconfig"),
		filepath.Join(home, ".config", "git", "config"),
		filepath.Join(home, ".config", "git", "ignore"),
		filepath.Join(home, ".cache", "osmosis", "datasets"),
		template,
	}
}

func within(p, dir string) bool { return disk.Within(p, dir) }

// runs are the invocations the proof covers.
var outsideRuns = [][]string{{"check"}, {"check", "--fix"}, {"check", "--fix", "linkws/configs/training/x.toml", "linkws/configs", "configs/training/env.toml"}, {"doctor"}, {"doctor", "--fix"}, {"lsp"}, {"hook", "claude-code"}, {"hook", "codex"}, {"mcp"},
	{"check", "--watch", "linkws/configs/training/x.toml", "linkws/configs", "configs/training/env.toml"}}

// hookInput is what an agent sends the hook: an edit of a file named
// through a link out of the workspace (a Write for Claude Code, a patch of
// several such files and one good config for Codex).
func hookInput(agent, ws, outside string) string {
	in := map[string]any{"hook_event_name": "PostToolUse", "cwd": ws, "tool_name": "Write",
		"tool_input": map[string]any{"file_path": filepath.Join(ws, "linkws", "configs", "training", "x.toml")}}
	if agent == "codex" {
		patch := "*** Begin Patch\n"
		for _, p := range []string{"linkws/configs/training/x.toml", "link-to-root" + outside + "/configs/training/y.toml",
			"configs/training/env.toml", "configs/eval/a.toml", "linkws/rollouts/r/main.py", "configs/training/good.toml"} {
			patch += "*** Update File: " + p + "\n@@\n-a\n+b\n"
		}
		in["tool_name"], in["tool_input"] = "apply_patch", map[string]any{"command": patch + "*** End Patch\n"}
	}
	b, _ := json.Marshal(in)
	return string(b)
}

// mcpHostile are the paths an MCP client names to reach outside: a config
// named through linkws and link-to-root, a config that is a link out, a
// kind directory that is one, and a file under configs/training/ that is
// no config.
func mcpHostile(outside string) []string {
	return []string{"linkws/configs/training/x.toml", "link-to-root" + outside + "/configs/training/x.toml", "linkws/configs",
		"configs/training/env.toml", "configs/eval", "configs/training/NOTES.md"}
}

// notesText is a file under configs/training/ that is no config; no door
// may rewrite it.
const notesText = "# notes\n[training]\nlerning_rate = 1\n"

func writeNotes(t *testing.T, ws string) string {
	t.Helper()
	p := filepath.Join(ws, "configs", "training", "NOTES.md")
	if err := os.WriteFile(p, []byte(notesText), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func notesKept(t *testing.T, p string) {
	t.Helper()
	if b, err := os.ReadFile(p); err != nil || string(b) != notesText {
		t.Errorf("NOTES.md under configs/training/ was changed: %q %v", b, err)
	}
}

// mcpCalls is an MCP session that calls check, fix and fix with write and
// unsafe, and check of a buffer named so, on each hostile path, then on
// the good config. The call with id n is at index n-10.
func mcpCalls(outside string) []string {
	var lines []string
	id := 10
	for _, p := range append(mcpHostile(outside), "configs/training/good.toml") {
		for _, call := range []map[string]any{
			{"name": "check", "arguments": map[string]any{"paths": []string{p}}},
			{"name": "fix", "arguments": map[string]any{"paths": []string{p}}},
			{"name": "fix", "arguments": map[string]any{"paths": []string{p}, "write": true, "unsafe": true}},
			{"name": "check", "arguments": map[string]any{"text": "[training]\n", "filename": p}},
		} {
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": call})
			lines = append(lines, string(b))
			id++
		}
	}
	return lines
}

// mcpSession drives an MCP server on w and r: it initializes, makes each
// call and waits for its reply, and returns every line the server wrote.
func mcpSession(t *testing.T, outside string, w io.WriteCloser, r *bufio.Reader) string {
	t.Helper()
	var out strings.Builder
	await := func(id int) {
		want := fmt.Sprintf(`"jsonrpc":"2.0","id":%d,`, id)
		for {
			line, err := r.ReadString('\n')
			out.WriteString(line)
			if strings.Contains(line, want) {
				return
			}
			if err != nil {
				t.Fatalf("no reply %d: %v\n%s", id, err, out.String())
			}
		}
	}
	send := func(line string) {
		if _, err := io.WriteString(w, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	await(0)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for i, call := range mcpCalls(outside) {
		send(call)
		await(10 + i)
	}
	w.Close()
	rest, _ := io.ReadAll(r)
	out.Write(rest)
	return out.String()
}

// TestNothingOutsideTheWorkspace proves, with the door's own record of
// every access, that check, check --fix, doctor, doctor --fix and the
// language server touch nothing outside the hostile workspace but the few
// files that are meant.
func TestNothingOutsideTheWorkspace(t *testing.T) {
	ws, outside := canaryWorkspace(t)
	home, template := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(template, "AGENTS.md"), []byte("agents\n"), 0o644)
	notes := writeNotes(t, ws)
	t.Setenv("HOME", home)
	t.Setenv("OSMOSIS_WORKSPACE_TEMPLATE_PATH", template)
	t.Chdir(ws)
	allowed := allowedOutside(home, template)
	for _, args := range outsideRuns {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var mu sync.Mutex
			var seen []disk.Access
			stop := disk.Observe(func(a disk.Access) {
				mu.Lock()
				seen = append(seen, a)
				mu.Unlock()
			})
			if len(args) > 1 && args[1] == "--watch" {
				t.Skip("watch runs until it is stopped: traced as a process")
			}
			switch args[0] {
			case "lsp":
				serveInProcess(t, ws)
			case "hook":
				_, out, errs := invoke(t, hookInput(args[1], ws, outside), args...)
				if strings.Contains(out+errs, canary) {
					t.Errorf("the hook printed the canary:\n%s\n%s", out, errs)
				}
			case "mcp":
				inR, inW := io.Pipe()
				outR, outW := io.Pipe()
				var errs strings.Builder
				done := make(chan int, 1)
				go func() {
					done <- run(args, inR, outW, &errs)
					outW.Close()
				}()
				out := mcpSession(t, outside, inW, bufio.NewReader(outR))
				<-done
				if strings.Contains(out+errs.String(), canary) {
					t.Errorf("the MCP server printed the canary:\n%s\n%s", out, errs.String())
				}
				notesKept(t, notes)
			default:
				invoke(t, "", args...)
			}
			stop()
			mu.Lock()
			defer mu.Unlock()
			if len(seen) < 10 && args[0] != "hook" {
				t.Fatalf("only %d accesses recorded: the door is not in the way", len(seen))
			}
			for _, a := range seen {
				if within(a.Path, outside) || disktest.Lands(a.Path, disktest.Follows(a), outside) {
					t.Errorf("%s %s: inside the outside directory", a.Op, a.Path)
					continue
				}
				if within(a.Path, ws) {
					continue
				}
				ok := a.Named
				if ok {
					ok = false
					for _, dir := range allowed {
						if within(a.Path, dir) {
							ok = true
						}
					}
				}
				if !ok {
					t.Errorf("%s %s (named %v): outside the workspace", a.Op, a.Path, a.Named)
				}
			}
		})
	}
}

// lspScript drives a language server session on the workspace: open a
// config, ask for the diagnostics of every config (the server reads them
// all), shut down. send writes a message; await waits for a response.
func lspScript(ws string, send func(msg map[string]any), await func(id int)) {
	root := "file://" + ws
	send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"processId": nil, "rootUri": root,
		"workspaceFolders": []any{map[string]any{"uri": root, "name": "ws"}},
		"capabilities":     map[string]any{"textDocument": map[string]any{"diagnostic": map[string]any{}}},
	}})
	await(1)
	send(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	good := filepath.Join(ws, "configs", "training", "good.toml")
	text, _ := os.ReadFile(good)
	send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": "file://" + good, "languageId": "toml", "version": 1, "text": string(text)},
	}})
	send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "workspace/diagnostic", "params": map[string]any{"previousResultIds": []any{}}})
	await(2)
	// documents named through a link out of the workspace, and a config
	// that is one: the editor has their text, the server reads nothing
	// beside them and edits nothing there
	id := 10
	for _, p := range []string{
		filepath.Join(ws, "linkws", "configs", "training", "x.toml"),
		filepath.Join(ws, "link-to-root", filepath.Dir(ws), "outside", "configs", "training", "x.toml"),
		filepath.Join(ws, "configs", "training", "env.toml"),
	} {
		doc := map[string]any{"uri": "file://" + p}
		send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
			"textDocument": map[string]any{"uri": "file://" + p, "languageId": "toml", "version": 1, "text": "[experiment]\nrollout = \"r\"\n"},
		}})
		at := map[string]any{"line": 1, "character": 12}
		for _, req := range []struct {
			method string
			params map[string]any
		}{
			{"workspace/symbol", map[string]any{"query": ""}},
			{"textDocument/hover", map[string]any{"textDocument": doc, "position": at}},
			{"textDocument/references", map[string]any{"textDocument": doc, "position": at, "context": map[string]any{"includeDeclaration": true}}},
			{"textDocument/rename", map[string]any{"textDocument": doc, "position": at, "newName": "q"}},
			{"textDocument/diagnostic", map[string]any{"textDocument": doc}},
		} {
			id++
			send(map[string]any{"jsonrpc": "2.0", "id": id, "method": req.method, "params": req.params})
			await(id)
		}
	}
	id++
	send(map[string]any{"jsonrpc": "2.0", "id": id, "method": "workspace/willRenameFiles", "params": map[string]any{"files": []any{map[string]any{
		"oldUri": "file://" + filepath.Join(ws, "linkws", "rollouts", "r"), "newUri": "file://" + filepath.Join(ws, "linkws", "rollouts", "q")}}}})
	await(id)
	send(map[string]any{"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": nil})
	await(3)
	send(map[string]any{"jsonrpc": "2.0", "method": "exit", "params": nil})
}

func writeFrame(w io.Writer, msg map[string]any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "Content-Length: %d\r\n\r\n%s", len(b), b)
	return err
}

// awaitResponse reads frames until the response to id arrives.
func awaitResponse(r *bufio.Reader, id int) error {
	_, err := readResponse(r, id)
	return err
}

// readResponse reads frames until the response to id arrives, and returns
// it.
func readResponse(r *bufio.Reader, id int) ([]byte, error) {
	for {
		n := 0
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return nil, err
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return nil, err
		}
		var m struct {
			ID     *int   `json:"id"`
			Method string `json:"method"`
		}
		if json.Unmarshal(body, &m) == nil && m.ID != nil && *m.ID == id && m.Method == "" {
			return body, nil
		}
	}
}

// serveInProcess runs the lsp command in this process on pipes.
func serveInProcess(t *testing.T, ws string) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"lsp"}, inR, outW, io.Discard)
		outW.Close()
	}()
	r := bufio.NewReader(outR)
	lspScriptOn(t, ws, inW, r)
	go io.Copy(io.Discard, r) // keeps the server from blocking on what it still writes
	inW.Close()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit")
	}
}

func lspScriptOn(t *testing.T, ws string, w io.Writer, r *bufio.Reader) {
	t.Helper()
	lspScript(ws, func(msg map[string]any) {
		if err := writeFrame(w, msg); err != nil {
			t.Fatal(err)
		}
	}, func(id int) {
		if err := awaitResponse(r, id); err != nil {
			t.Fatalf("waiting for response %d: %v", id, err)
		}
	})
}

// pathArg finds the path a traced system call names: its first quoted
// argument, with the directory descriptor before it.
var pathArg = regexp.MustCompile(`^\d+\s+(\w+)\((AT_FDCWD|\d+)?,?\s*"((?:[^"\\]|\\.)*)"`)

// straceTool is the path of an strace that can trace here; the test is
// skipped (failed under CI) without one.
func straceTool(t *testing.T) string {
	t.Helper()
	strace, err := exec.LookPath("strace")
	if err != nil {
		missingTool(t, "strace is not installed")
	}
	if out, err := exec.Command(strace, "-f", "-qq", "-o", "/dev/null", "true").CombinedOutput(); err != nil {
		missingTool(t, fmt.Sprintf("strace cannot trace here (%v: %s)", err, out))
	}
	return strace
}

// TestNothingOutsideTheWorkspaceTraced runs the built binary under strace:
// every file the process opens, stats or lists outside the workspace is
// the process's own (its binary, /proc/self, the kernel's memory and
// cgroup limits the Go runtime reads) or one of the meant files.
func TestNothingOutsideTheWorkspaceTraced(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	strace := straceTool(t)
	bin := testBinary(t)
	ws, outside := canaryWorkspace(t)
	home, template := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(template, "AGENTS.md"), []byte("agents\n"), 0o644)
	notes := writeNotes(t, ws)
	allowed := append(allowedOutside(home, template), bin, "/proc/self", "/sys/kernel/mm", "/sys/fs/cgroup")
	for _, args := range outsideRuns {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "trace")
			cmd := exec.Command(strace, append([]string{"-f", "-qq", "-e", "trace=%file,openat2", "-o", log, bin}, args...)...)
			cmd.Dir = ws
			cmd.Env = append(os.Environ(), "HOME="+home, "PWD="+ws, "OSMOSIS_WORKSPACE_TEMPLATE_PATH="+template, "GITHUB_ACTIONS=")
			if args[0] == "hook" {
				cmd.Stdin = strings.NewReader(hookInput(args[1], ws, outside))
				cmd.Env = append(cmd.Env, "CLAUDE_PROJECT_DIR="+ws)
			}
			if args[0] == "mcp" {
				w, _ := cmd.StdinPipe()
				r, _ := cmd.StdoutPipe()
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				out := mcpSession(t, outside, w, bufio.NewReader(r))
				cmd.Wait()
				if strings.Contains(out, canary) {
					t.Errorf("the MCP server printed the canary:\n%s", out)
				}
				notesKept(t, notes)
			} else if len(args) > 1 && args[1] == "--watch" {
				// watching, after the first run: then stopped with Ctrl-C,
				// which reaches the tool and strace alike (their group)
				errs, _ := cmd.StderrPipe()
				cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
				newLineReader(t, errs).waitFor("watching " + ws)
				syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
				cmd.Wait()
			} else if args[0] == "lsp" {
				w, _ := cmd.StdinPipe()
				out, _ := cmd.StdoutPipe()
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				r := bufio.NewReader(out)
				lspScriptOn(t, ws, w, r)
				w.Close()
				io.Copy(io.Discard, r)
				cmd.Wait()
			} else {
				cmd.Run()
			}
			data, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			calls := checkTrace(t, data, ws, outside, allowed)
			if calls < 10 && args[0] != "hook" {
				t.Fatalf("only %d file system calls traced:\n%s", calls, data)
			}
		})
	}
}

// checkTrace reads an strace log of a run in ws: every path a call names
// lies in ws or one of the allowed files, and none lands in outside. It
// returns the number of calls that named a path.
func checkTrace(t *testing.T, data []byte, ws, outside string, allowed []string) int {
	t.Helper()
	calls := 0
	for _, line := range strings.Split(string(data), "\n") {
		m := pathArg.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		calls++
		p := m[3]
		// inotify_add_watch's descriptor is the watcher's: its path
		// is the process's, as AT_FDCWD's
		if m[2] != "" && m[2] != "AT_FDCWD" && m[1] != "inotify_add_watch" {
			// relative to a directory the tool opened in the
			// workspace (openat2 keeps it beneath), or the file itself
			if filepath.IsAbs(p) {
				t.Errorf("%s: an absolute path from a descriptor", line)
			}
			continue
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(ws, p)
		}
		p = filepath.Clean(p)
		follows := !strings.Contains(line, "NOFOLLOW") && !strings.HasPrefix(m[1], "lstat") && !strings.HasPrefix(m[1], "readlink")
		if within(p, outside) || disktest.Lands(p, follows, outside) {
			t.Errorf("touched the outside directory: %s", line)
			continue
		}
		if within(p, ws) {
			continue
		}
		ok := false
		for _, dir := range allowed {
			if within(p, dir) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("outside the workspace: %s", line)
		}
	}
	return calls
}

// missingTool skips a test whose tool is not there, or fails it under CI,
// where .ci/run installs it.
func missingTool(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("%s, and CI is set: the test must run (.ci/run installs the tools)", what)
	}
	t.Skipf("%s: skipped (with CI set it fails instead)", what)
}

// TestTracePathArg: the trace reader finds the path and the descriptor a
// call names, so a path outside cannot slip past unparsed.
func TestTracePathArg(t *testing.T) {
	for line, want := range map[string]string{
		`12 openat(AT_FDCWD, "/etc/passwd", O_RDONLY) = 3`:                                   "AT_FDCWD /etc/passwd",
		`12 openat2(6, "configs/a.toml", {flags=O_RDONLY, resolve=RESOLVE_BENEATH}, 24) = 7`: "6 configs/a.toml",
		`12 execve("/tmp/x", ["/tmp/x"], 0x7ff /* 3 vars */) = 0`:                            " /tmp/x",
		`12 newfstatat(AT_FDCWD, "a \"q\"", {st_mode=S_IFREG}, 0) = 0`:                       `AT_FDCWD a \"q\"`,
	} {
		m := pathArg.FindStringSubmatch(line)
		if m == nil || m[2]+" "+m[3] != want {
			t.Errorf("%s: %q, want %q", line, m, want)
		}
	}
}

// TestLinkedGitignoreTraced runs the language server under strace on a
// folder whose committed .gitignore is a symlink out of the repository
// (mono/.gitignore -> ../outside/ignore, the workspace at mono/team/ws):
// the server opens nothing outside, and the link's patterns (which would
// hide team/) do not hide the workspace's symbols.
func TestLinkedGitignoreTraced(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	strace := straceTool(t)
	bin := testBinary(t)
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mono, outside := filepath.Join(base, "mono"), filepath.Join(base, "outside")
	for p, text := range map[string]string{
		"outside/ignore":                       "team/\n",
		"mono/team/ws/rollouts/r/main.py":      "x = 1\n",
		"mono/team/ws/configs/training/a.toml": "[experiment]\nrollout = \"r\"\n",
	} {
		p = filepath.Join(base, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(mono, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside/ignore", filepath.Join(mono, ".gitignore")); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	log := filepath.Join(t.TempDir(), "trace")
	cmd := exec.Command(strace, "-f", "-qq", "-e", "trace=open,openat,openat2", "-o", log, bin, "lsp")
	cmd.Dir = mono
	cmd.Env = append(os.Environ(), "HOME="+home, "PWD="+mono)
	w, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(out)
	send := func(msg map[string]any) {
		if err := writeFrame(w, msg); err != nil {
			t.Fatal(err)
		}
	}
	root := "file://" + mono
	send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"processId": nil, "rootUri": root, "capabilities": map[string]any{},
		"workspaceFolders": []any{map[string]any{"uri": root, "name": "mono"}},
	}})
	if _, err := readResponse(r, 1); err != nil {
		t.Fatal(err)
	}
	send(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "workspace/symbol", "params": map[string]any{"query": ""}})
	body, err := readResponse(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	var syms struct {
		Result []struct {
			Name string `json:"name"`
		} `json:"result"`
	}
	if err := json.Unmarshal(body, &syms); err != nil || len(syms.Result) == 0 {
		t.Errorf("workspace/symbol: %s (%v): the linked .gitignore hid the workspace", body, err)
	}
	send(map[string]any{"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": nil})
	readResponse(r, 3)
	send(map[string]any{"jsonrpc": "2.0", "method": "exit", "params": nil})
	w.Close()
	io.Copy(io.Discard, r)
	cmd.Wait()
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	allowed := append(allowedOutside(home, home), bin, "/proc/self", "/sys/kernel/mm", "/sys/fs/cgroup")
	if calls := checkTrace(t, data, mono, outside, allowed); calls < 3 {
		t.Fatalf("only %d opens traced:\n%s", calls, data)
	}
}
