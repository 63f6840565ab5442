package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// rulesIn lists the distinct rule ids of a --oneline report.
func rulesIn(out string) []string {
	var ids []string
	for _, m := range regexp.MustCompile(`(?m)\[([a-z0-9-]+)\]$`).FindAllStringSubmatch(out, -1) {
		if !slices.Contains(ids, m[1]) {
			ids = append(ids, m[1])
		}
	}
	slices.Sort(ids)
	return ids
}

func TestSelectFlags(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	_, all, _ := invoke(t, "", "check", "--oneline", "-q")
	if !slices.Contains(rulesIn(all), "unknown-key") || len(rulesIn(all)) < 4 {
		t.Fatalf("the example changed: %v", rulesIn(all))
	}
	without := slices.DeleteFunc(rulesIn(all), func(id string) bool { return id == "unknown-key" })
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--select", "unknown-key"}, []string{"unknown-key"}},
		{[]string{"--ignore", "unknown-key"}, without},
		{[]string{"--extend-ignore", "unknown-key"}, without},
		{[]string{"--select", "unknown-key, param-range"}, []string{"param-range", "unknown-key"}},
		{[]string{"--select", "unknown-key", "--select", "param-range"}, []string{"param-range", "unknown-key"}},
		{[]string{"--select", "unknown-key", "--extend-select", "param-range"}, []string{"param-range", "unknown-key"}},
		{[]string{"--select", "submit", "--ignore", "unknown-key"}, nil}, // filled below
		{[]string{"--select", ""}, nil},
	}
	for _, c := range cases {
		code, out, errs := invoke(t, "", append([]string{"check", "--oneline", "-q"}, c.args...)...)
		got := rulesIn(out)
		if c.args[1] == "submit" {
			for _, id := range got {
				if id == "unknown-key" || !strings.Contains(all, "["+id+"]") {
					t.Errorf("%v: %s reported", c.args, id)
				}
			}
			if len(got) == 0 {
				t.Errorf("%v: nothing reported", c.args)
			}
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: exit %d, rules %v, want %v; stderr %s", c.args, code, got, c.want, errs)
		}
	}
	code, _, errs := invoke(t, "", "check", "--select", "unknwn-key")
	if code != exitUsage || !strings.Contains(errs, "--select: unknown rule or group `unknwn-key`; did you mean `unknown-key`?") {
		t.Errorf("bad selector: exit %d, stderr %q", code, errs)
	}
}

// TestSelectOverSettings layers the command line over [tool.osmosis-lint],
// with --config FILE and --isolated choosing which settings count.
func TestSelectOverSettings(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	settings := "[tool.osmosis-lint]\nignore = [\"unknown-key\"]\nmodels = [\"Qwen/Qwen3-8B\"]\n"
	if err := os.WriteFile("pyproject.toml", []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "lint.toml")
	if err := os.WriteFile(other, []byte("[tool.osmosis-lint]\nselect = [\"param-range\"]\nextend-select = [\"dataset-is-path\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		has  []string
		not  []string
	}{
		{nil, []string{"param-range"}, []string{"unknown-key"}},
		{[]string{"--select", "unknown-key"}, []string{"unknown-key"}, []string{"param-range"}},
		{[]string{"--extend-select", "advice"}, []string{"param-range"}, []string{"unknown-key"}},
		{[]string{"--isolated"}, []string{"unknown-key", "param-range"}, nil},
		{[]string{"--config", other}, []string{"param-range", "dataset-is-path"}, []string{"unknown-key", "secret-in-env"}},
		{[]string{"--config", other, "--extend-select", "unknown-key"}, []string{"param-range", "unknown-key"}, []string{"secret-in-env"}},
	} {
		_, out, errs := invoke(t, "", append([]string{"check", "--oneline", "-q"}, c.args...)...)
		got := rulesIn(out)
		for _, id := range c.has {
			if !slices.Contains(got, id) {
				t.Errorf("%v: %s missing from %v; stderr %s", c.args, id, got, errs)
			}
		}
		for _, id := range c.not {
			if slices.Contains(got, id) {
				t.Errorf("%v: %s reported", c.args, id)
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", "nope.toml"}, "--config: open nope.toml"},
		{[]string{"--config", "configs/training/multiply-long.toml"}, "no [tool.osmosis-lint] table"},
		{[]string{"--config", other, "--isolated"}, "--config and --isolated exclude each other"},
	} {
		if code, _, errs := invoke(t, "", append([]string{"check"}, c.args...)...); code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errs)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(bad, []byte("[tool.osmosis-lint]\nselect = [\"submt\"]\n"), 0o644)
	if code, _, errs := invoke(t, "", "check", "--config", bad); code != exitUsage || !strings.Contains(errs, "select: unknown rule `submt`; did you mean `submit`?") {
		t.Errorf("bad settings file: exit %d, stderr %q", code, errs)
	}
}

// TestSelectDoctorInCheck: doctor's checks never run under check, so asking
// for them there is a usage error that says where they run, not "no
// problems".
func TestSelectDoctorInCheck(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	for _, args := range [][]string{
		{"check", "--select", "doctor"},
		{"check", "--select", "missing-scaffold"},
		{"check", "--extend-select", "doctor"},
		{"check", "--select", "unknown-key,doctor"},
	} {
		code, out, errs := invoke(t, "", args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, "run under `osmosis-lint doctor`") {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s", args, code, out, errs)
		}
	}
	// ignoring them, or ALL, stays fine
	for _, args := range [][]string{{"check", "--ignore", "doctor", "-q"}, {"check", "--select", "ALL", "-q"}} {
		if code, _, errs := invoke(t, "", args...); code != exitErrors {
			t.Errorf("%v: exit %d, stderr %s", args, code, errs)
		}
	}
}
