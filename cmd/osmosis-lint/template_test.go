package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/doctor"
	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// templateWorkspace builds, from testdata/template-workspace, a workspace
// in the shape of the one the platform creates from its template: the
// managed reference configs (configs/**/default.toml) with placeholders,
// submitted multiply-* configs for three rollouts, agent skills with their
// .claude/skills links, the agent files, .env.example, data/ and
// .osmosis/template.json; committed, with origin's branch at the commit
// (as after a push).
func templateWorkspace(t *testing.T) string {
	t.Helper()
	gittest.Bin(t)
	ws := filepath.Join(t.TempDir(), "ws")
	if err := os.CopyFS(ws, os.DirFS("testdata/template-workspace")); err != nil {
		t.Fatal(err)
	}
	skills, err := os.ReadDir(filepath.Join(ws, ".agents", "skills"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(ws, ".claude", "skills"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range skills {
		if err := os.Symlink("../../.agents/skills/"+s.Name(), filepath.Join(ws, ".claude", "skills", s.Name())); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"},
		{"remote", "add", "origin", "https://github.com/acme/multiply-workspace.git"},
		{"config", "branch.main.remote", "origin"},
		{"config", "branch.main.merge", "refs/heads/main"},
		{"add", "-A"},
		{"commit", "-q", "-m", "workspace from the template"},
		{"update-ref", "refs/remotes/origin/main", "HEAD"},
		{"symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"},
	} {
		gittest.Run(t, ws, args...)
	}
	return ws
}

// checkJSON runs check with args in the JSON format and returns its exit
// code and findings.
func checkJSON(t *testing.T, args ...string) (int, []lint.Finding) {
	t.Helper()
	code, out, errOut := invoke(t, "", append([]string{"check", "--format", "json"}, args...)...)
	var rep struct {
		Findings []lint.Finding `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("check %v: %v\n%s\n%s", args, err, out, errOut)
	}
	return code, rep.Findings
}

// describe writes findings one a line: path:line rule severity.
func describe(fs []lint.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Path+":"+strconv.Itoa(f.Line)+" "+f.Rule+" "+string(f.Severity))
	}
	return out
}

// TestTemplateWorkspaceIsGreen: the workspace the platform creates passes
// check (as CI, the pre-commit hooks and the GitHub Action run it) and
// doctor; its reference configs named on their own get the CLI's verdict.
func TestTemplateWorkspaceIsGreen(t *testing.T) {
	ws := templateWorkspace(t)
	t.Chdir(ws)
	notes := []string{
		"configs/eval/default.toml:5 reference-template info",
		"configs/training/default.toml:5 reference-template info",
	}
	for _, args := range [][]string{
		nil,                 // CI: check without paths
		{"."},               // the GitHub Action: check of the workspace directory
		{"configs"},         // a directory
		{"--force-exclude"}, // the pre-commit hook's flags, here without files
	} {
		code, fs := checkJSON(t, args...)
		if got := describe(fs); code != 0 || !slices.Equal(got, notes) {
			t.Errorf("check %v: exit %d, findings\n  %s\nwant exit 0 and\n  %s", args, code, strings.Join(got, "\n  "), strings.Join(notes, "\n  "))
		}
	}
	// the pre-commit hook names the files of a commit, with --force-exclude
	var all []string
	for _, dir := range []string{"training", "eval", "benchmark"} {
		names, err := filepath.Glob(filepath.Join("configs", dir, "*.toml"))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, names...)
	}
	if len(all) != 9 {
		t.Fatalf("%d configs in the fixture, want the template's 9", len(all))
	}
	if code, fs := checkJSON(t, append([]string{"--force-exclude"}, all...)...); code != 0 || !slices.Equal(describe(fs), notes) {
		t.Errorf("the pre-commit hook on every config: exit %d, findings %v", code, describe(fs))
	}

	// the submitted configs and the benchmark default, named: no finding
	for _, name := range all {
		if strings.HasSuffix(name, filepath.FromSlash("training/default.toml")) || strings.HasSuffix(name, filepath.FromSlash("eval/default.toml")) {
			continue
		}
		if code, fs := checkJSON(t, name); code != 0 || len(fs) > 0 {
			t.Errorf("check %s: exit %d, findings %v; the CLI accepts it", name, code, describe(fs))
		}
	}

	// doctor: no failed check, no error
	code, out, errOut := invoke(t, "", "doctor", "--format", "json")
	var rep doctor.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("doctor: %v\n%s\n%s", err, out, errOut)
	}
	for _, c := range rep.Checks {
		if c.Status == doctor.Fail {
			t.Errorf("doctor: failed check %s: %s", c.ID, c.Message)
		}
	}
	if code != 0 || !rep.Valid {
		t.Errorf("doctor: exit %d, valid %v, findings %v", code, rep.Valid, describe(rep.Findings))
	}
}

// TestTemplateDefaultsNamed: each reference config named on the command
// line gets the CLI's verdict (it refuses each placeholder), and a
// placeholder in a config the template does not manage is an error in
// every run.
func TestTemplateDefaultsNamed(t *testing.T) {
	ws := templateWorkspace(t)
	t.Chdir(ws)
	for name, want := range map[string][]string{
		"configs/training/default.toml": {
			"configs/training/default.toml:5 placeholder error", "configs/training/default.toml:6 placeholder error",
			"configs/training/default.toml:7 placeholder error", "configs/training/default.toml:8 placeholder error",
		},
		"configs/eval/default.toml": {"configs/eval/default.toml:5 placeholder error", "configs/eval/default.toml:8 placeholder error"},
	} {
		code, fs := checkJSON(t, name)
		if got := describe(fs); code != 1 || !slices.Equal(got, want) {
			t.Errorf("check %s: exit %d, findings\n  %s\nwant exit 1 and\n  %s", name, code, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	}

	// a copy whose dataset is still the placeholder
	src, err := os.ReadFile(filepath.Join("configs", "training", "multiply-local-openai.toml"))
	if err != nil {
		t.Fatal(err)
	}
	copied := strings.Replace(string(src), `dataset = "multiply"`, `dataset = "<your-dataset-name>"`, 1)
	if err := os.WriteFile(filepath.Join("configs", "training", "my-run.toml"), []byte(copied), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "configs/training/my-run.toml:6 placeholder error"
	for _, args := range [][]string{nil, {"--force-exclude", "configs/training/my-run.toml"}, {"configs/training/my-run.toml"}} {
		code, fs := checkJSON(t, args...)
		if code != 1 || !slices.Contains(describe(fs), want) {
			t.Errorf("check %v: exit %d, findings %v; want %s", args, code, describe(fs), want)
		}
	}
}
