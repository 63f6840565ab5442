package main

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
)

// TestGitLabAndJUnitNameFileAndLine checks the reports of a workspace with
// a typo: both parse and point at the file and line.
func TestGitLabAndJUnitNameFileAndLine(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	const path, line = "configs/training/multiply-long.toml", 13
	code, out, errs := invoke(t, "", "check", "--format", "gitlab")
	if code != exitErrors {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var issues []struct {
		CheckName string `json:"check_name"`
		Location  struct {
			Path  string
			Lines struct{ Begin int }
		}
	}
	if err := json.Unmarshal([]byte(out), &issues); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	found := false
	for _, x := range issues {
		found = found || x.CheckName == "unknown-key" && x.Location.Path == path && x.Location.Lines.Begin == line
	}
	if !found {
		t.Errorf("no unknown-key issue at %s:%d:\n%s", path, line, out)
	}
	code, out, _ = invoke(t, "", "check", "--output-format", "junit")
	var suites struct {
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Line    int    `xml:"line,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(out), &suites); err != nil || code != exitErrors {
		t.Fatalf("exit %d, not XML: %v\n%s", code, err, out)
	}
	found = false
	for _, s := range suites.Suites {
		for _, c := range s.Cases {
			found = found || s.Name == path && c.Name == "unknown-key" && c.Line == line && c.Failure != nil && strings.Contains(c.Failure.Message, "n_sample_per_prompt")
		}
	}
	if !found {
		t.Errorf("no unknown-key case at %s:%d:\n%s", path, line, out)
	}
}

func TestStatisticsFlag(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	code, out, _ := invoke(t, "", "check", "--statistics", "--select", "unknown-key")
	first, _, _ := strings.Cut(out, "\n")
	if code != exitErrors || strings.Join(strings.Fields(first), " ") != "1 unknown-key error submit" || !strings.Contains(out, "1 finding in 5 files") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = invoke(t, "", "check", "--statistics", "--format", "json")
	var stats []struct {
		Rule  string
		Count int
	}
	if err := json.Unmarshal([]byte(out), &stats); err != nil || len(stats) < 4 || code != exitErrors {
		t.Errorf("exit %d, %v:\n%s", code, err, out)
	}
	if code, _, errs := invoke(t, "", "check", "--statistics", "--format", "sarif"); code != exitUsage || !strings.Contains(errs, "--statistics") {
		t.Errorf("statistics as SARIF: exit %d %s", code, errs)
	}
}

func TestColorFlag(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	t.Setenv("NO_COLOR", "")
	t.Setenv("FORCE_COLOR", "")
	for _, c := range []struct {
		args  []string
		env   map[string]string
		color bool
	}{
		{[]string{"--color", "always"}, nil, true},
		{[]string{"--color", "always", "--format", "json"}, nil, false},
		{[]string{"--color", "never"}, map[string]string{"FORCE_COLOR": "1"}, false},
		{nil, map[string]string{"FORCE_COLOR": "1"}, true},
		{[]string{"--no-color"}, map[string]string{"FORCE_COLOR": "1"}, false},
		{nil, nil, false}, // not a terminal
		{[]string{"--output-format", "grouped", "--color", "always"}, nil, true},
	} {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		_, out, errs := invoke(t, "", append([]string{"check"}, c.args...)...)
		if got := strings.Contains(out, "\x1b["); got != c.color {
			t.Errorf("%v %v: color %v; stderr %s", c.args, c.env, got, errs)
		}
		for k := range c.env {
			t.Setenv(k, "")
		}
	}
	if code, _, errs := invoke(t, "", "check", "--color", "sometimes"); code != exitUsage || !strings.Contains(errs, "auto, always or never") {
		t.Errorf("bad --color: exit %d %s", code, errs)
	}
	_, out, _ := invoke(t, "", "doctor", "--color", "always")
	if !strings.Contains(out, "\x1b[") {
		t.Errorf("doctor --color always is plain:\n%s", out)
	}
}
