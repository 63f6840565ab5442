package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// doctorWorkspace is the example workspace with two bad data files.
func doctorWorkspace(t *testing.T) string {
	t.Helper()
	ws := copyExample(t)
	for name, content := range map[string]string{
		"data/a.jsonl": "{\"user_prompt\": \"u\"}\n[1]\n",
		"data/b.jsonl": "not json\n",
	} {
		if err := os.WriteFile(filepath.Join(ws, filepath.FromSlash(name)), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

// TestDoctorTextFindingsUnderTheirFile: each data file's problems are
// printed under that file's own line, as the JSON report pairs them.
func TestDoctorTextFindingsUnderTheirFile(t *testing.T) {
	ws := doctorWorkspace(t)
	t.Chdir(ws)
	_, out, _ := invoke(t, "", "doctor", "--no-color")
	heading := ""
	for _, line := range strings.Split(out, "\n") {
		trimmed := strings.TrimSpace(line)
		indented := strings.HasPrefix(line, "             ")
		switch {
		case !indented && strings.Contains(line, "dataset-file") && strings.Contains(line, "data/"):
			heading = trimmed[strings.Index(trimmed, "data/"):]
			heading = heading[:strings.IndexAny(heading, ": ")]
		case strings.HasPrefix(trimmed, "data/") && strings.Contains(trimmed, "[dataset-file]"):
			file := trimmed[:strings.Index(trimmed, ":")]
			if file != heading {
				t.Errorf("%s is printed under the line of %s:\n%s", file, heading, out)
			}
		case !indented:
			heading = ""
		}
	}
	for _, f := range []string{"data/a.jsonl:", "data/b.jsonl:"} {
		if strings.Count(out, f) < 2 {
			t.Errorf("%s: no line of its own with its problems under it:\n%s", f, out)
		}
	}
}

// TestDoctorFixCountsAFileOnce: a missing agent file that --fix cannot
// copy is one failed check (saying why it was not fixed), not an error
// and a warning.
func TestDoctorFixCountsAFileOnce(t *testing.T) {
	ws := copyExample(t)
	if err := os.Remove(filepath.Join(ws, "CLAUDE.md")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("OSMOSIS_WORKSPACE_TEMPLATE_PATH", "")
	t.Chdir(ws)
	_, out, _ := invoke(t, "", "doctor", "--fix", "--no-color")
	if n := strings.Count(out, "missing-agent-file"); n != 1 {
		t.Errorf("missing-agent-file is reported %d times, want once:\n%s", n, out)
	}
	if !strings.Contains(out, "CLAUDE.md is missing: not fixed: CLAUDE.md comes from the Osmosis workspace template") {
		t.Errorf("the check does not say why it was not fixed:\n%s", out)
	}
	if strings.Contains(out, "1 failed check, 2 warnings") || !strings.Contains(out, "failed check") {
		t.Errorf("the summary counts it twice:\n%s", out)
	}
}

// TestDoctorCapsRepeatedProblems: one check's lines stop at a cap and a
// count of the rest, whatever the number of bad files.
func TestDoctorCapsRepeatedProblems(t *testing.T) {
	ws := copyExample(t)
	for i := 0; i < 60; i++ {
		p := filepath.Join(ws, "data", "bad"+strings.Repeat("x", i%3)+string(rune('a'+i%26))+string(rune('a'+i/26))+".jsonl")
		if err := os.WriteFile(p, []byte("not json\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(ws)
	code, out, _ := invoke(t, "", "doctor", "--no-color")
	if code != exitErrors {
		t.Errorf("exit %d", code)
	}
	lines := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "error    dataset-file") {
			lines++
		}
	}
	if lines > 21 || !strings.Contains(out, "more like the ones above, not listed") {
		t.Errorf("%d dataset-file lines, want at most 20 and a count of the rest:\n%s", lines, out)
	}
	if len(strings.Split(out, "\n")) > 200 {
		t.Errorf("%d lines of output for 60 bad files", len(strings.Split(out, "\n")))
	}
}

// TestDepthLimitIsReported: check and doctor take the same listing, and
// say where its depth bound cut it.
func TestDepthLimitIsReported(t *testing.T) {
	ws := copyExample(t)
	deep := filepath.Join(ws, "configs", "training", strings.Repeat("d"+string(filepath.Separator), 40))
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(deep, "deep.toml"), []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(ws)
	_, out, errs := invoke(t, "", "check", "--oneline")
	if !strings.Contains(errs, "did not enter directories 32 levels deep under configs/") || !strings.Contains(out, "in 5 files") {
		t.Errorf("check: stderr %q\n%s", errs, out)
	}
	_, out, _ = invoke(t, "", "doctor", "--no-color")
	if !strings.Contains(out, "warning  configs            did not enter directories 32 levels deep under configs/") || !strings.Contains(out, "5 configs") {
		t.Errorf("doctor:\n%s", out)
	}
}

// TestDoctorBadSettings: bad settings do not cost the report; they are in
// it, named by file, line and key, and the exit is check's (2).
func TestDoctorBadSettings(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	py, err := os.ReadFile("pyproject.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("pyproject.toml", append(py, "datasets = \"datasets.json\"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	line := strings.Count(string(py), "\n") + 1
	want := "pyproject.toml:" + strconv.Itoa(line) + ":1: [tool.osmosis-lint] datasets = \"datasets.json\": cannot read datasets.json: no such file"
	code, out, errs := invoke(t, "", "doctor", "--no-color")
	if code != exitUsage || errs != "" || !strings.Contains(out, "settings") || !strings.Contains(out, want) || !strings.Contains(out, "[unknown-key]") {
		t.Errorf("doctor: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	code, out, _ = invoke(t, "", "doctor", "--format", "json")
	if code != exitUsage || !strings.Contains(out, `"id": "settings"`) {
		t.Errorf("doctor --format json: exit %d\n%s", code, out)
	}
	// check says the same, once, and exits 2
	code, out, errs = invoke(t, "", "check")
	if code != exitUsage || out != "" || errs != "osmosis-lint: "+want+"\n" {
		t.Errorf("check: exit %d\nstdout: %s\nstderr: %q", code, out, errs)
	}
}
