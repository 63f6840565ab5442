package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// excludeEval writes settings that exclude the example's eval configs.
func excludeEval(t *testing.T, ws string) {
	t.Helper()
	py := filepath.Join(ws, "pyproject.toml")
	data, err := os.ReadFile(py)
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, "exclude = [\"configs/eval/**\"]\nseverity = { param-limit = \"error\" }\nignore = [\"advice\"]\n"...)
	if err := os.WriteFile(py, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestForceExclude: exclude leaves out named files only with
// --force-exclude (ruff's meaning), which the pre-commit hooks pass; a run
// whose named files are all excluded passes without the "no config files"
// warning.
func TestForceExclude(t *testing.T) {
	hooks, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ws := copyExample(t)
	excludeEval(t, ws)
	t.Chdir(ws)
	eval := "configs/eval/multiply-eval.toml"
	if code, out, _ := invoke(t, "", "check", "--oneline", "-q", eval); code != exitErrors || !strings.Contains(out, eval) {
		t.Errorf("named without --force-exclude: exit %d\n%s", code, out)
	}
	code, out, errs := invoke(t, "", "check", "--force-exclude", "--oneline", eval)
	if code != exitOK || strings.Contains(out, eval+":") || strings.Contains(errs, "no config files") {
		t.Errorf("--force-exclude: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	code, out, _ = invoke(t, "", "check", "--force-exclude", "--oneline", "-q", eval, "configs/training/multiply-long.toml")
	if code != exitErrors || strings.Contains(out, eval) || !strings.Contains(out, "multiply-long.toml:13:1") {
		t.Errorf("--force-exclude with another file: exit %d\n%s", code, out)
	}
	// standard input named as an excluded file: no findings, and --fix
	// gives the text back as it came
	src, _ := os.ReadFile(eval)
	code, out, _ = invoke(t, string(src), "check", "--force-exclude", "--fix", "--stdin-filename", eval, "-")
	if code != exitOK || out != string(src) {
		t.Errorf("stdin --fix: exit %d\n%s", code, out)
	}
	for _, line := range strings.Split(string(hooks), "\n") {
		if strings.HasPrefix(line, "  entry: ") && !strings.Contains(line, " --force-exclude") {
			t.Errorf(".pre-commit-hooks.yaml: %q does not pass --force-exclude", line)
		}
	}
}

// TestShowFiles lists what a check would read, one a line, and checks
// nothing.
func TestShowFiles(t *testing.T) {
	ws := copyExample(t)
	excludeEval(t, ws)
	t.Chdir(ws)
	code, out, _ := invoke(t, "", "check", "--show-files")
	want := "configs/benchmark/terminal-bench.toml\nconfigs/training/multiply-baseline.toml\nconfigs/training/multiply-long.toml\n"
	if code != exitOK || out != want {
		t.Errorf("--show-files: exit %d\n%s", code, out)
	}
	if _, out, _ := invoke(t, "", "check", "--show-files", "--force-exclude", "configs/eval/multiply-eval.toml"); out != "" {
		t.Errorf("--show-files --force-exclude of an excluded file: %q", out)
	}
	if _, out, _ := invoke(t, "", "check", "--show-files", "configs/eval/multiply-eval.toml"); out != "configs/eval/multiply-eval.toml\n" {
		t.Errorf("--show-files of a named excluded file: %q", out)
	}
}

// TestShowSettings says which workspace, which settings file, which
// dataset list and why each rule is on or off.
func TestShowSettings(t *testing.T) {
	ws := copyExample(t)
	excludeEval(t, ws)
	t.Chdir(ws)
	code, out, errs := invoke(t, "", "check", "--show-settings", "--extend-select", "hle-parity", "--datasets", "nope.json")
	if code != exitUsage || !strings.Contains(errs, "nope.json: cannot read the dataset list given with --datasets: no such file") {
		t.Errorf("a missing --datasets file: exit %d, stderr %q", code, errs)
	}
	code, out, errs = invoke(t, "", "check", "--show-settings", "--extend-select", "hle-parity")
	root, _ := filepath.EvalSymlinks(ws)
	for _, want := range []string{
		"workspace  " + ws + " (the top of its git worktree)",
		"settings   " + filepath.Join(ws, "pyproject.toml") + " [tool.osmosis-lint]",
		"datasets   no saved dataset list",
		"models     Qwen/Qwen3-8B (besides the built-in list)",
		"exclude    configs/eval/**",
		"severity   param-limit = error",
		"on  hle-parity warning: --extend-select hle-parity",
		"off grpo-group-size warning: [tool.osmosis-lint] ignore advice",
		"on  param-limit error ([tool.osmosis-lint] severity): on by default",
	} {
		if !strings.Contains(out, want) && !strings.Contains(out, strings.ReplaceAll(want, ws, root)) {
			t.Errorf("--show-settings lacks %q:\n%s", want, out)
		}
	}
	if code != exitOK || errs != "" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if _, out, _ := invoke(t, "", "check", "--show-settings", "--isolated"); !strings.Contains(out, "settings   none (--isolated)") {
		t.Errorf("--isolated:\n%s", out)
	}
}

// TestOutputFile: --output-file is -o.
func TestOutputFile(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	code, out, _ := invoke(t, "", "check", "--format", "json", "--output-file", "report.json")
	data, err := os.ReadFile("report.json")
	if code != exitErrors || out != "" || err != nil || !strings.Contains(string(data), `"rule": "unknown-key"`) {
		t.Errorf("exit %d, stdout %q, file %q (%v)", code, out, data, err)
	}
}
