package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// TestDiffWritesNothing: --diff prints the fixes as a patch that git
// applies to give what --fix writes, and leaves every file as it was.
func TestDiffWritesNothing(t *testing.T) {
	ws, fixed := copyExample(t), copyExample(t)
	t.Chdir(ws)
	cfg := filepath.Join("configs", "training", "multiply-long.toml")
	before, _ := os.ReadFile(cfg)
	code, out, errs := invoke(t, "", "check", "--diff", "--unsafe-fixes")
	if code != exitErrors || !strings.Contains(out, "--- a/configs/training/multiply-long.toml\n+++ b/configs/training/multiply-long.toml\n") ||
		!strings.Contains(out, "\n-n_sample_per_prompt = 16\n+n_samples_per_prompt = 16\n") || !strings.Contains(errs, "would fix") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if now, _ := os.ReadFile(cfg); string(now) != string(before) {
		t.Fatal("--diff changed the file")
	}
	// the patch gives what --fix writes
	if code, _, errs := invoke(t, "", "check", "--fix", "--unsafe-fixes", "-q", filepath.Join(fixed, "configs")); code == exitUsage {
		t.Fatal(errs)
	}
	git := gittest.Bin(t)
	cmd := exec.Command(git, "apply", "-")
	cmd.Stdin = strings.NewReader(out)
	if res, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s", err, res)
	}
	for _, rel := range []string{cfg, filepath.Join("configs", "eval", "multiply-eval.toml")} {
		got, _ := os.ReadFile(rel)
		want, _ := os.ReadFile(filepath.Join(fixed, rel))
		if string(got) != string(want) {
			t.Errorf("%s: the patched file differs from --fix:\n%s\nwant:\n%s", rel, got, want)
		}
	}
	// nothing left to fix: no diff, exit 0
	code, out, errs = invoke(t, "", "check", "--diff", "--unsafe-fixes")
	if code != exitOK || out != "" || !strings.Contains(errs, "no fixes to apply") {
		t.Errorf("after the patch: exit %d\n%s\n%s", code, out, errs)
	}
}

func TestDiffStdin(t *testing.T) {
	src := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[secrets]\nrequired = [\"A\", \"A\"]\n"
	code, out, _ := invoke(t, src, "check", "--diff", "--stdin-filename", "configs/training/x.toml", "-")
	if code != exitErrors || !strings.Contains(out, "+++ b/configs/training/x.toml\n") || !strings.Contains(out, "-required = [\"A\", \"A\"]\n+required = [\"A\"]\n") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestShowFixesAndExitNonZeroOnFix(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "configs", "training", "x.toml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	src := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[secrets]\nrequired = [\"A\", \"A\"]\n"
	write := func() {
		if err := os.WriteFile(cfg, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	write()
	code, out, errs := invoke(t, "", "check", "--fix", "--show-fixes", "--select", "secret-duplicate", "configs")
	if code != exitOK || !strings.Contains(out, "fixed 1 problem:\n  configs/training/x.toml:8: secret-duplicate: ") {
		t.Errorf("--show-fixes: exit %d\n%s\n%s", code, out, errs)
	}
	write()
	if code, _, errs := invoke(t, "", "check", "--fix", "--exit-non-zero-on-fix", "--select", "secret-duplicate", "configs"); code != exitErrors {
		t.Errorf("--exit-non-zero-on-fix after a fix: exit %d %s", code, errs)
	}
	if code, _, errs := invoke(t, "", "check", "--fix", "--exit-non-zero-on-fix", "--select", "secret-duplicate", "configs"); code != exitOK {
		t.Errorf("--exit-non-zero-on-fix with nothing to fix: exit %d %s", code, errs)
	}
	write()
	_, out, errs = invoke(t, "", "check", "--fix", "--show-fixes", "--format", "json", "--select", "secret-duplicate", "configs")
	if !strings.Contains(errs, "fixed 1 problem:") || strings.Contains(out, "fixed 1 problem") {
		t.Errorf("--show-fixes with JSON belongs on stderr:\n%s\n%s", out, errs)
	}
}

// TestStdinKindWithoutName: `-` with --kind and no --stdin-filename checks
// the text as that kind in the current workspace, and does not report the
// place of a file it does not have.
func TestStdinKindWithoutName(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	src := "[experiment]\nrollout = \"multiply-agnet\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n"
	code, out, errs := invoke(t, src, "check", "--kind", "training", "--oneline", "-")
	if strings.Contains(out, "config-location") || strings.Contains(out, "stdin.toml") {
		t.Errorf("a file place is reported for standard input:\n%s", out)
	}
	// the workspace still counts: the misspelled rollout is found, shown as "-"
	if code != exitErrors || !strings.Contains(out, "-:2:11: error: rollouts/multiply-agnet/ does not exist") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// TestFixRefusedIsSaid: a fix that would add an error is not applied, and
// --fix says which and why on standard error; the rest of the file is
// fixed, and the finding stays.
func TestFixRefusedIsSaid(t *testing.T) {
	// renaming [rollout.env] to [env] would expose a name [env] rejects
	src := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\nbranch = \" main \"\n\n[rollout.env]\nlog_level = \"debug\"\n"
	code, out, errs := invoke(t, src, "check", "--fix", "--stdin-filename", "configs/training/x.toml", "-")
	if code != exitErrors || !strings.Contains(out, "branch = \"main\"\n") || !strings.Contains(out, "[rollout.env]\n") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	want := "configs/training/x.toml:8: not fixed: Rename [rollout.env] to [env] [legacy-config]: it would add an error: "
	if !strings.Contains(errs, want) || !strings.Contains(errs, "[env-name]") {
		t.Errorf("stderr lacks %q:\n%s", want, errs)
	}
}

// TestUnsafeFixesAloneWritesNothing: --unsafe-fixes only widens what
// --fix, --diff and the fixable count consider (ruff's contract); alone it
// changes no file. --diff --unsafe-fixes names the flags that apply what it
// showed.
func TestUnsafeFixesAloneWritesNothing(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	cfg := filepath.Join("configs", "training", "multiply-long.toml")
	before, _ := os.ReadFile(cfg)
	code, out, errs := invoke(t, "", "check", "--unsafe-fixes", "--oneline", cfg)
	if now, _ := os.ReadFile(cfg); string(now) != string(before) {
		t.Fatalf("--unsafe-fixes alone changed the file:\n%s", now)
	}
	if code != exitErrors || strings.Contains(out, "fixed") || !strings.Contains(out, "fixable with the `--fix --unsafe-fixes` options") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	// without it, the same fixes are hidden and counted as such
	_, out, _ = invoke(t, "", "check", "--oneline", cfg)
	if !strings.Contains(out, "hidden fix") || !strings.Contains(out, "can be enabled with the `--unsafe-fixes` option") {
		t.Errorf("no hidden fixes counted:\n%s", out)
	}
	_, _, errs = invoke(t, "", "check", "--diff", "--unsafe-fixes", cfg)
	if !strings.Contains(errs, "(run with --fix --unsafe-fixes to apply)") {
		t.Errorf("--diff --unsafe-fixes: %s", errs)
	}
	// with --fix already given, the trailer says what keeps it from writing
	_, _, errs = invoke(t, "", "check", "--fix", "--diff", "--unsafe-fixes", cfg)
	if !strings.Contains(errs, "(run without --diff to apply)") || strings.Contains(errs, "run with --fix") {
		t.Errorf("--fix --diff --unsafe-fixes: %s", errs)
	}
	_, _, errs = invoke(t, "", "check", "--diff", "configs")
	if strings.Contains(errs, "unsafe") {
		t.Errorf("--diff: %s", errs)
	}
	// --fix --unsafe-fixes applies them
	if code, out, errs := invoke(t, "", "check", "--fix", "--unsafe-fixes", cfg); code == exitUsage || !strings.Contains(out, "fixed") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if now, _ := os.ReadFile(cfg); string(now) == string(before) {
		t.Error("--fix --unsafe-fixes changed nothing")
	}
}

// TestFixNeverDropsAValue: a misspelled key whose right name is already
// set keeps its line under --fix --unsafe-fixes: deleting it would lose the
// value, so that fix is display-only.
func TestFixNeverDropsAValue(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	cfg := filepath.Join("configs", "training", "lossy.toml")
	src := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[training]\nlr = 1e-6\nlerning_rate = 1\n"
	if err := os.WriteFile(cfg, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := invoke(t, "", "check", "--fix", "--unsafe-fixes", "--select", "unknown-key", cfg)
	if now, _ := os.ReadFile(cfg); string(now) != src {
		t.Fatalf("the value was dropped:\n%s", now)
	}
	if code != exitErrors || !strings.Contains(out, "lerning_rate") {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
}

// TestTextFitsTheTerminal: in a terminal the text report wraps its lines
// at spaces to the terminal's width; through a pipe it does not.
func TestTextFitsTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	script, err := exec.LookPath("script")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("script (util-linux) is missing")
		}
		t.Skip("script (util-linux) is missing: it gives the command a terminal")
	}
	bin := testBinary(t)
	ws := copyExample(t)
	cmd := exec.Command(script, "-qec", bin+" check --no-color configs", "/dev/null")
	cmd.Dir = ws
	// the pseudo-terminal script opens has no size of its own: $COLUMNS
	cmd.Env = append(os.Environ(), "COLUMNS=60")
	out, _ := cmd.Output()
	text := strings.ReplaceAll(string(out), "\r\n", "\n")
	if !strings.Contains(text, "= help:") {
		t.Fatalf("no help lines:\n%s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if len([]rune(line)) > 60 && strings.Contains(strings.TrimSpace(line), " ") && !strings.Contains(line, " | ") && !strings.HasPrefix(line, "[*]") && !strings.HasPrefix(line, "No fixes") {
			t.Errorf("a line of %d columns: %q", len([]rune(line)), line)
		}
	}
	// through a pipe, each finding's headline stays on its line
	t.Chdir(ws)
	_, piped, _ := invoke(t, "", "check", "configs")
	if !strings.Contains(piped, "error: unknown key `n_sample_per_prompt` in [training] [unknown-key]\n") {
		t.Errorf("piped:\n%s", piped)
	}
}
