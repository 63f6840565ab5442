// Package editors holds the end-to-end tests of the language server with
// real editor clients: the VS Code extension's node LSP client
// (vscode-languageserver-protocol) and headless Neovim. They run the
// osmosis-lint binary built once for the package.
package editors

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// bin is the osmosis-lint binary under test.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "osmosis-lint-editors-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	bin = filepath.Join(dir, "osmosis-lint")
	build := exec.Command("go", "build", "-o", bin, "../cmd/osmosis-lint")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "build osmosis-lint: %v\n", err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// need finds a client program. Without it the test is skipped, except in
// CI (CI set), where a missing client fails the run.
func need(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missing(t, fmt.Sprintf("%s is not installed", name))
	}
	return p
}

// skipper is the part of testing.TB that missing uses (a test of the rule
// records the calls).
type skipper interface {
	Helper()
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
}

// missing ends a test whose client is not there: a skip with the reason on
// a developer's machine (a fresh clone runs `go test ./...` without npm), a
// failure under CI, where .ci/run installs every client.
func missing(t skipper, what string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("%s, and CI is set: the end-to-end test must run (.ci/run installs the clients)", what)
		return
	}
	t.Skipf("%s: end-to-end test skipped (with CI set it fails instead)", what)
}

// workspace copies the example workspace into a temporary directory and
// makes it a workspace root.
func workspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join("..", "workspace", "example")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

// The findings of the example's configs, as the CLI reports them.
var want = map[string][]string{
	"configs/training/multiply-long.toml":     {"dataset-is-path", "param-range", "secret-in-env", "unknown-key"},
	"configs/eval/multiply-eval.toml":         {"branch-and-commit", "missing-section", "rollout-not-found"},
	"configs/benchmark/terminal-bench.toml":   {"benchmark-secret-ref"},
	"configs/training/multiply-baseline.toml": {},
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	sort.Strings(s)
	return s
}

// run runs a client with a deadline and returns its stdout; stderr goes to
// the test log on failure.
func run(t *testing.T, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	return runWithin(t, time.Minute, dir, env, name, args...)
}

// runWithin is run with another limit than a minute.
func runWithin(t *testing.T, limit time.Duration, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), err, out, stderr.String())
	}
	return out
}

// The VS Code extension's LSP client libraries, driven by
// editors/vscode/test/e2e-lsp.mjs: pushed and pulled diagnostics, in
// UTF-16 and UTF-8.
func TestVSCodeClient(t *testing.T) {
	node := need(t, "node")
	if _, err := os.Stat(filepath.Join("vscode", "node_modules", "vscode-languageserver-protocol")); err != nil {
		missing(t, fmt.Sprintf("the VS Code client libraries are not installed (run `npm ci` in editors/vscode; %v)", err))
	}
	script, err := filepath.Abs(filepath.Join("vscode", "test", "e2e-lsp.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	root := workspace(t)
	modes := [][]string{nil, {"--pull"}, {"--encoding", "utf-8"}, {"--pull", "--encoding", "utf-8"}}
	for rel, codes := range want {
		for _, mode := range modes {
			t.Run(strings.Join(append([]string{rel}, mode...), " "), func(t *testing.T) {
				file := filepath.Join(root, filepath.FromSlash(rel))
				args := append(append([]string{script}, mode...), bin, file)
				out := run(t, root, nil, node, args...)
				var res struct {
					Mode             string `json:"mode"`
					Version          *int   `json:"version"`
					PositionEncoding string `json:"positionEncoding"`
					ServerInfo       struct {
						Name string `json:"name"`
					} `json:"serverInfo"`
					Diagnostics []struct {
						Code   string `json:"code"`
						Source string `json:"source"`
						Range  struct {
							Start struct{ Line, Character int } `json:"start"`
						} `json:"range"`
					} `json:"diagnostics"`
				}
				if err := json.Unmarshal(out, &res); err != nil {
					t.Fatalf("output %s: %v", out, err)
				}
				var got []string
				for _, d := range res.Diagnostics {
					got = append(got, d.Code)
					if d.Source != "osmosis-lint" {
						t.Errorf("diagnostic %s from source %q", d.Code, d.Source)
					}
				}
				if !slices.Equal(sorted(got), sorted(codes)) {
					t.Errorf("diagnostics %v, want %v", got, codes)
				}
				wantEnc := "utf-16"
				if slices.Contains(mode, "utf-8") {
					wantEnc = "utf-8"
				}
				if res.PositionEncoding != wantEnc {
					t.Errorf("position encoding %q, want %q", res.PositionEncoding, wantEnc)
				}
				if res.ServerInfo.Name != "osmosis-lint" || res.Version == nil || *res.Version != 1 {
					t.Errorf("server %q, version %v", res.ServerInfo.Name, res.Version)
				}
			})
		}
	}
}

// Headless Neovim with the editors/nvim module, as a user sets it up.
func TestNeovim(t *testing.T) {
	nvim := need(t, "nvim")
	script, err := filepath.Abs(filepath.Join("nvim", "test", "attach.lua"))
	if err != nil {
		t.Fatal(err)
	}
	root := workspace(t)
	for rel, codes := range want {
		t.Run(rel, func(t *testing.T) {
			file := filepath.Join(root, filepath.FromSlash(rel))
			out := run(t, root, []string{"OSMOSIS_LINT_BIN=" + bin, "OSMOSIS_LINT_TIMEOUT_MS=30000"},
				nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile "+script, "--", file)
			// lines of lnum:col:code:message
			var got []string
			sc := bufio.NewScanner(strings.NewReader(string(out)))
			for sc.Scan() {
				parts := strings.SplitN(sc.Text(), ":", 4)
				if len(parts) != 4 {
					t.Fatalf("unexpected output line %q", sc.Text())
				}
				got = append(got, parts[2])
			}
			if !slices.Equal(sorted(got), sorted(codes)) {
				t.Errorf("diagnostics %v, want %v\n%s", got, codes, out)
			}
		})
	}
	// a TOML file outside configs/<kind>/ gets no client at all
	t.Run("not a config", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile "+script, "--", filepath.Join(root, "pyproject.toml"))
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "OSMOSIS_LINT_BIN="+bin)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		cmd.Stdout = io.Discard
		err := cmd.Run()
		if err == nil || !strings.Contains(stderr.String(), "is not under configs/") {
			t.Errorf("attach to pyproject.toml: %v\n%s", err, stderr.String())
		}
	})
}
