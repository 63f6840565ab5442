package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/runner"
)

var update = flag.Bool("update", false, "rewrite golden files")

// invoke runs the command line in-process.
func invoke(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// copyExample copies the example workspace into a temp dir and makes it a
// git worktree, so it is a workspace without --workspace.
func copyExample(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "ws")
	if err := os.CopyFS(dst, os.DirFS("../../workspace/example")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dst, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dst
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	dir := "testdata"
	if *testdataDir != "" {
		dir = *testdataDir
	}
	path := filepath.Join(dir, name)
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the output (run with -update to accept):\n--- got\n%s", path, got)
	}
}

// atRoot runs the test from the repository root, so paths in the output
// are the same on every machine.
func atRoot(t *testing.T) {
	t.Helper()
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir("../..")
	*testdataDir = filepath.Join(here, "testdata")
}

var testdataDir = new(string)

func TestCheckExampleText(t *testing.T) {
	atRoot(t)
	code, out, errs := invoke(t, "", "check", "--workspace", "workspace/example", "--no-color")
	if code != exitErrors {
		t.Fatalf("exit %d, want 1; stderr: %s", code, errs)
	}
	golden(t, "example.txt", out)
}

func TestCheckExampleJSON(t *testing.T) {
	atRoot(t)
	code, out, _ := invoke(t, "", "check", "--workspace", "workspace/example", "--format", "json")
	if code != exitErrors {
		t.Fatalf("exit %d, want 1", code)
	}
	var rep struct {
		Version  int `json:"version"`
		Findings []struct {
			Path, Rule, Severity, Stage, Message, Key string
			Line, Column, EndLine, EndColumn          int `json:"-"`
		} `json:"findings"`
		Summary struct{ Files, Errors, Warnings int } `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.Version != 1 || rep.Summary.Files != 5 || rep.Summary.Errors == 0 {
		t.Errorf("unexpected report header: %+v", rep.Summary)
	}
	golden(t, "example.json", out)
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "configs", "training", "ok.toml")
	if err := os.MkdirAll(filepath.Dir(clean), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(clean, []byte("[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want int
	}{
		// in no git repository, so the osmosis CLI would refuse it
		{"a clean file outside git", []string{"check", clean}, exitErrors},
		{"clean file", []string{"check", "--ignore", "workspace-git", clean}, exitOK},
		{"missing path", []string{"check", filepath.Join(dir, "nope.toml")}, exitUsage},
		{"bad flag", []string{"check", "--nope"}, exitUsage},
		{"bad format", []string{"check", "--format", "xml", clean}, exitUsage},
		{"bad kind", []string{"check", "--kind", "serve", clean}, exitUsage},
		{"schema without kind", []string{"schema"}, exitUsage},
		{"explain unknown rule", []string{"explain", "unknwn-key"}, exitUsage},
		{"explain", []string{"explain", "unknown-key"}, exitOK},
		{"rules", []string{"rules"}, exitOK},
		{"version", []string{"version"}, exitOK},
		{"help", []string{"-h"}, exitOK},
		{"check help", []string{"check", "-h"}, exitOK},
		{"exit zero", []string{"check", "--exit-zero", "--workspace", "../../workspace/example"}, exitOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := invoke(t, "", c.args...)
			if code != c.want {
				t.Errorf("exit %d, want %d; stderr: %s", code, c.want, errs)
			}
		})
	}
}

func TestStdin(t *testing.T) {
	src := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[training]\nlerning_rate = 1e-6\n"
	code, out, errs := invoke(t, src, "check", "--stdin-filename", "configs/training/x.toml", "--oneline", "-")
	if code != exitErrors || !strings.Contains(out, "configs/training/x.toml:8:1: error: unknown key `lerning_rate`") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	if code, _, _ := invoke(t, src, "check", "-"); code != exitUsage {
		t.Errorf("stdin without a name: exit %d, want 2", code)
	}
	// --fix on stdin writes the fixed text
	bad := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[secrets]\nrequired = [\"A\", \"A\"]\n"
	code, out, _ = invoke(t, bad, "check", "--fix", "--stdin-filename", "configs/training/x.toml", "-")
	if !strings.Contains(out, "required = [\"A\"]\n") {
		t.Errorf("fixed text: exit %d\n%s", code, out)
	}
}

func TestFixWritesAndIsIdempotent(t *testing.T) {
	ws := copyExample(t)
	cfg := filepath.Join(ws, "configs", "training", "multiply-long.toml")
	before, _ := os.ReadFile(cfg)
	code, out, errs := invoke(t, "", "check", "--fix", "--oneline", cfg)
	if code != exitErrors {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	after, _ := os.ReadFile(cfg)
	if string(after) == string(before) {
		t.Fatal("--fix changed nothing")
	}
	if !strings.Contains(string(after), "dataset = \"multiply\"") || !strings.Contains(string(after), "# Multiply training: a longer run") {
		t.Errorf("fixed file lost its comment or missed the dataset fix:\n%s", after)
	}
	if strings.Contains(out, "dataset-is-path") {
		t.Errorf("the fixed finding is still reported:\n%s", out)
	}
	invoke(t, "", "check", "--fix", cfg)
	again, _ := os.ReadFile(cfg)
	if string(again) != string(after) {
		t.Errorf("a second --fix changed the file again:\n%s", again)
	}
}

// TestFixNeverWritesThroughAnOutsideSymlink: a config that links outside
// the workspace is a finding; it is never read, fixed or quoted.
func TestFixNeverWritesThroughAnOutsideSymlink(t *testing.T) {
	ws := copyExample(t)
	outside := filepath.Join(t.TempDir(), "outside.toml")
	src, _ := os.ReadFile(filepath.Join(ws, "configs", "training", "multiply-long.toml"))
	src = append(src, "# canary-7f3a\n"...)
	if err := os.WriteFile(outside, src, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(ws, "configs", "training", "linked.toml")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	code, out, errs := invoke(t, "", "check", "--fix", link)
	if code != exitErrors || !strings.Contains(out, "[config-location]") || !strings.Contains(out, "not read") {
		t.Errorf("exit %d, want 1 with a config-location finding; stdout: %s; stderr: %s", code, out, errs)
	}
	if strings.Contains(out+errs, "canary-7f3a") {
		t.Error("the file outside the workspace was read and quoted")
	}
	now, _ := os.ReadFile(outside)
	if string(now) != string(src) {
		t.Error("the file outside the workspace was modified")
	}
}

func TestSchemaCommand(t *testing.T) {
	for _, k := range []string{"training", "eval", "benchmark"} {
		code, out, _ := invoke(t, "", "schema", k)
		var doc map[string]any
		if code != exitOK || json.Unmarshal([]byte(out), &doc) != nil || doc["$schema"] == nil {
			t.Errorf("%s: exit %d, not a JSON Schema", k, code)
		}
	}
}

// tool finds a command from the editor dev tooling (npm ci in
// editors/vscode); with CI set, a missing tool fails the test.
func tool(t *testing.T, rel string) string {
	t.Helper()
	p, _ := filepath.Abs(filepath.Join("../../editors/vscode/node_modules", rel))
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing: run `npm ci` in editors/vscode", p)
		}
		t.Skipf("%s is missing: run `npm ci` in editors/vscode", p)
	}
	return p
}

// TestTombiUsesTheExportedSchema checks that tombi, fed the exported
// schemas, rejects the unknown keys `check` reports in the example.
func TestTombiUsesTheExportedSchema(t *testing.T) {
	tombi := tool(t, "@tombi-toml/cli-linux-x64/tombi")
	ws := copyExample(t)
	if err := os.Mkdir(filepath.Join(ws, "schemas"), 0o755); err != nil {
		t.Fatal(err)
	}
	var cfg strings.Builder
	cfg.WriteString("toml-version = \"v1.0.0\"\n")
	for _, k := range []string{"training", "eval", "benchmark"} {
		_, out, _ := invoke(t, "", "schema", k)
		if err := os.WriteFile(filepath.Join(ws, "schemas", k+".schema.json"), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg.WriteString("\n[[schemas]]\npath = \"schemas/" + k + ".schema.json\"\ninclude = [\"configs/" + k + "/**/*.toml\"]\n")
	}
	if err := os.WriteFile(filepath.Join(ws, "tombi.toml"), []byte(cfg.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tombi, "lint", "--offline", "configs/training/multiply-long.toml", "configs/training/multiply-baseline.toml")
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	out, _ := cmd.CombinedOutput()
	text := stripANSI(string(out))
	if !strings.Contains(text, `"n_sample_per_prompt" is not allowed`) || !strings.Contains(text, "multiply-long.toml:13:1") {
		t.Fatalf("tombi does not reject the unknown key that check reports:\n%s", text)
	}
	_, ours, _ := invoke(t, "", "check", "--oneline", "-q", filepath.Join(ws, "configs", "training", "multiply-long.toml"))
	if !strings.Contains(ours, "multiply-long.toml:13:1: error: unknown key `n_sample_per_prompt`") {
		t.Fatalf("check output changed:\n%s", ours)
	}
	if strings.Contains(text, "multiply-baseline.toml") {
		t.Errorf("tombi reports the clean config:\n%s", text)
	}
}

// TestSARIFPassesTheValidator runs Microsoft's SARIF validator on the
// SARIF report of the example.
func TestSARIFPassesTheValidator(t *testing.T) {
	mt := tool(t, "@microsoft/sarif-multitool-linux/Sarif.Multitool")
	if err := os.Chmod(mt, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "report.sarif")
	if code, _, errs := invoke(t, "", "check", "--workspace", "../../workspace/example", "--format", "sarif", "-o", out); code != exitErrors {
		t.Fatalf("exit %d: %s", code, errs)
	}
	cmd := exec.Command(mt, "validate", out)
	cmd.Env = append(os.Environ(), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1")
	res, err := cmd.CombinedOutput()
	text := string(res)
	if err != nil || !strings.Contains(text, "Analysis completed successfully") {
		t.Fatalf("validator failed (%v):\n%s", err, text)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, ": error ") {
			t.Errorf("validator error: %s", line)
		}
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < '@' || s[j] > '~') {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// TestCheckWarnsWhenNoConfigs: a workspace (it has rollouts/) without a
// config passes with a warning that says where it looked; a git
// repository that holds no workspace at all is an error, never a pass.
func TestCheckWarnsWhenNoConfigs(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	code, out, errs := invoke(t, "", "check")
	if code != exitUsage || !strings.Contains(errs, "no configs/ or rollouts/ directory in "+dir) || !strings.Contains(errs, "--workspace") || out != "" {
		t.Fatalf("no workspace: exit %d, stdout %q, stderr %q; want exit 2 naming where it looked and --workspace", code, out, errs)
	}
	if err := os.Mkdir(filepath.Join(dir, "rollouts"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errs = invoke(t, "", "check")
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr: %s", code, errs)
	}
	if !strings.Contains(errs, "no config files under configs/") {
		t.Errorf("stderr does not say where it looked: %q", errs)
	}
	if !strings.Contains(out, "0 files") {
		t.Errorf("stdout: %q", out)
	}
	// -q keeps stderr quiet too
	if _, _, errs := invoke(t, "", "check", "-q"); errs != "" {
		t.Errorf("-q still warns: %q", errs)
	}
	// a named directory without configs is said to be one
	code, out, errs = invoke(t, "", "check", "rollouts")
	if code != 0 || !strings.Contains(errs, "warning: no config files in rollouts") || !strings.Contains(out, "0 files") {
		t.Errorf("check rollouts: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestCheckWorkspaceWithoutConfigs(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := invoke(t, "", "check", "--workspace", dir)
	if code != exitUsage || !strings.Contains(errs, "workspace "+dir+" has no configs/ directory") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestWorkspaceBelowTheGitRoot: a workspace kept in a directory of a
// repository (a monorepo, an example) is checked from inside it and said
// to be, and config-location gives the CLI's verdict (it takes the git
// root); from the git root with no workspace of its own, the run fails
// and says where it looked.
func TestWorkspaceBelowTheGitRoot(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	ws := filepath.Join(repo, "examples", "ws")
	if err := os.CopyFS(ws, os.DirFS("../../workspace/example")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(ws)
	code, out, errs := invoke(t, "", "check", "--oneline", "-q")
	if code != exitErrors || !strings.Contains(out, "multiply-long.toml:13:1") {
		t.Fatalf("exit %d, want the workspace's configs checked; stdout: %s", code, out)
	}
	// said once, on the first config shown, for all five: not once a config
	// beside the real findings, and not again on standard error
	if n := strings.Count(out, "[config-location]"); n != 1 || errs != "" {
		t.Errorf("%d config-location findings, stderr %q:\n%s", n, errs, out)
	}
	if !strings.Contains(out, "configs/benchmark/terminal-bench.toml:1:1: error: the osmosis CLI takes the top of the git worktree as the workspace, and there this config is examples/ws/configs/benchmark/terminal-bench.toml") ||
		!strings.Contains(out, "so are the 4 other configs of examples/ws/ checked here") || !strings.Contains(out, "--workspace examples/ws") {
		t.Errorf("config-location does not give the CLI's verdict:\n%s", out)
	}
	// one config named: said for it alone
	_, out, _ = invoke(t, "", "check", "--oneline", "configs/training/multiply-baseline.toml")
	if strings.Count(out, "[config-location]") != 1 || strings.Contains(out, "other config") {
		t.Errorf("one config:\n%s", out)
	}
	// from a directory inside it, paths as findings name files
	t.Chdir(filepath.Join(ws, "rollouts", "multiply-agent"))
	if _, out, _ := invoke(t, "", "check", "--oneline"); !strings.Contains(out, "../../configs/benchmark/terminal-bench.toml:1:1: error: the osmosis CLI") || strings.Count(out, "[config-location]") != 1 {
		t.Errorf("from rollouts/multiply-agent:\n%s", out)
	}
	t.Chdir(ws)
	// named as its own workspace, it is one
	code, out, _ = invoke(t, "", "check", "--oneline", "--workspace", ".")
	if code != exitErrors || strings.Contains(out, "top of the git worktree") {
		t.Errorf("--workspace .: exit %d\n%s", code, out)
	}
	t.Chdir(repo)
	code, out, errs = invoke(t, "", "check")
	if code != exitUsage || out != "" || !strings.Contains(errs, "no configs/ or rollouts/ directory in "+repo) || !strings.Contains(errs, "--workspace") {
		t.Errorf("from the git root: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestPathsFromASubdirectory: findings name files relative to the current
// directory, wherever it is in the workspace.
func TestPathsFromASubdirectory(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(filepath.Join(ws, "rollouts", "multiply-agent"))
	code, out, _ := invoke(t, "", "check", "--oneline")
	if code != exitErrors || !strings.Contains(out, "\n../../configs/eval/multiply-eval.toml:5:11: error:") || strings.Contains(out, ws) {
		t.Errorf("exit %d; want paths as ../../configs/...:\n%s", code, out)
	}
	code, out, _ = invoke(t, "", "doctor")
	if code != exitErrors || !strings.Contains(out, "../../configs/eval/multiply-eval.toml:5:11") {
		t.Errorf("doctor: exit %d; want paths as ../../configs/...:\n%s", code, out)
	}
}

// nulReader gives n NUL bytes and counts what was read of them.
type nulReader struct{ n, read int64 }

func (r *nulReader) Read(p []byte) (int, error) {
	if r.read >= r.n {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n-r.read)
	clear(p[:k])
	r.read += k
	return int(k), nil
}

// TestStdinCap: standard input is read through a config file's cap. Past
// 64 MiB the reading stops (endless input costs the cap, not all of it)
// and the text gets the config-unreadable finding a file that large gets;
// with --fix or --diff nothing is written, since there is no text to give
// back, and the exit says so.
func TestStdinCap(t *testing.T) {
	t.Chdir(copyExample(t))
	for _, args := range [][]string{
		{"check", "--oneline", "--stdin-filename", "configs/training/x.toml", "-"},
		{"check", "--fix", "--stdin-filename", "configs/training/x.toml", "-"},
	} {
		in := &nulReader{n: runner.MaxConfigSize + 16<<20}
		var out, errs strings.Builder
		code := run(args, in, &out, &errs)
		if in.read > runner.MaxConfigSize+1<<20 {
			t.Errorf("%v: read %d bytes of standard input, past the cap of %d", args, in.read, runner.MaxConfigSize)
		}
		fix := args[1] == "--fix"
		switch {
		case !fix && (code != exitErrors || !strings.Contains(out.String(), "config-unreadable") || !strings.Contains(out.String(), "more than 67108864 bytes")):
			t.Errorf("%v: exit %d\nstdout: %.300s\nstderr: %.300s", args, code, out.String(), errs.String())
		case fix && (code != exitUsage || out.Len() > 0 || !strings.Contains(errs.String(), "nothing is written")):
			t.Errorf("%v: exit %d\nstdout: %.300s\nstderr: %.300s", args, code, out.String(), errs.String())
		}
	}
}
