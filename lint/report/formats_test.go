package report

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

func TestGoldenNewFormats(t *testing.T) {
	files := sampleFiles(t)
	for _, c := range []struct {
		name   string
		format Format
		opts   Options
	}{
		{"concise.golden", Concise, Options{}},
		{"grouped.golden", Grouped, Options{}},
		{"grouped-color.golden", Grouped, Options{Color: true}},
		{"gitlab.golden", GitLab, Options{}},
		{"junit.golden", JUnit, Options{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			golden(t, c.name, render(t, c.format, files, c.opts))
		})
	}
	if !bytes.Equal(render(t, Concise, files, Options{}), render(t, Text, files, Options{OneLine: true})) {
		t.Error("concise differs from text --oneline")
	}
	if !bytes.Equal(render(t, Full, files, Options{}), render(t, Text, files, Options{})) {
		t.Error("full differs from text")
	}
}

type gitlabReport []struct {
	Description string `json:"description"`
	CheckName   string `json:"check_name"`
	Fingerprint string `json:"fingerprint"`
	Severity    string `json:"severity"`
	Location    struct {
		Path  string `json:"path"`
		Lines struct {
			Begin int `json:"begin"`
		} `json:"lines"`
	} `json:"location"`
}

// TestGitLabSchema validates every issue against GitLab's published schema
// and the fields its documentation requires.
func TestGitLabSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(filepath.Join("testdata", "gitlab-codeclimate.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	files := sampleFiles(t)
	out := render(t, GitLab, files, Options{})
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	items, ok := doc.([]any)
	if !ok || len(items) == 0 {
		t.Fatalf("not a non-empty array:\n%s", out)
	}
	for i, item := range items {
		if err := sch.Validate(item); err != nil {
			t.Errorf("issue %d: %v", i, err)
		}
	}
	var rep gitlabReport
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	n := 0
	for _, f := range files {
		n += len(f.Findings)
	}
	if len(rep) != n {
		t.Errorf("%d issues for %d findings", len(rep), n)
	}
	for _, x := range rep {
		if x.Description == "" || x.CheckName == "" || len(x.Fingerprint) != 32 || x.Location.Lines.Begin < 1 ||
			!slices.Contains([]string{"info", "minor", "major", "critical", "blocker"}, x.Severity) ||
			x.Location.Path == "" || strings.HasPrefix(x.Location.Path, "./") || strings.HasPrefix(x.Location.Path, "/") {
			t.Errorf("bad issue: %+v", x)
		}
		if seen[x.Fingerprint] {
			t.Errorf("fingerprint %s twice", x.Fingerprint)
		}
		seen[x.Fingerprint] = true
	}
}

// TestGitLabFingerprintsStable: a finding keeps its fingerprint across runs
// and when lines are added above it; identical findings get distinct ones.
func TestGitLabFingerprintsStable(t *testing.T) {
	src := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[secrets]\nrequired = [\"A\", \"A\", \"A\"]\n\n[training]\nlerning_rate = 1\n"
	prints := func(src string) map[string]string {
		fs := lint.Check([]byte(src), lint.Input{Path: "configs/training/x.toml", Kind: "training"})
		var rep gitlabReport
		if err := json.Unmarshal(render(t, GitLab, []File{{Path: "configs/training/x.toml", Src: []byte(src), Findings: fs}}, Options{}), &rep); err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, x := range rep {
			if _, dup := out[x.Fingerprint]; dup {
				t.Fatalf("fingerprint %s twice", x.Fingerprint)
			}
			out[x.Fingerprint] = x.CheckName
		}
		return out
	}
	first := prints(src)
	if len(first) < 3 {
		t.Fatalf("too few findings: %v", first)
	}
	if again := prints(src); !mapsEqual(first, again) {
		t.Errorf("a second run changed fingerprints:\n%v\n%v", first, again)
	}
	moved := prints("# a comment added on top\n\n" + src)
	if !mapsEqual(first, moved) {
		t.Errorf("lines added above changed fingerprints:\n%v\n%v", first, moved)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// python3WithJUnitParser finds a Python with the junitparser package
// (Debian's python3-junitparser); under CI a missing one fails the test.
func python3WithJUnitParser(t *testing.T) string {
	t.Helper()
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if p, err := exec.LookPath(py); err == nil && exec.Command(p, "-c", "import junitparser").Run() == nil {
			return p
		}
	}
	msg := "no python3 with junitparser (apt-get install python3-junitparser)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// TestJUnitReader reads the JUnit report with junitparser, a JUnit reader
// CI tools use: one suite per file, one case per rule, failures with the
// message and the line.
func TestJUnitReader(t *testing.T) {
	py := python3WithJUnitParser(t)
	files := sampleFiles(t)
	path := filepath.Join(t.TempDir(), "report.xml")
	if err := os.WriteFile(path, render(t, JUnit, files, Options{}), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `
import json, sys
from junitparser import JUnitXml, Failure
xml = JUnitXml.fromfile(sys.argv[1])
out = []
for suite in xml:
    cases = []
    for case in suite:
        fails = [r for r in case.result if isinstance(r, Failure)]
        cases.append({"name": case.name, "failed": bool(fails),
                      "message": fails[0].message if fails else "",
                      "text": fails[0].text if fails else "",
                      "line": case._elem.get("line")})
    out.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "cases": cases})
print(json.dumps(out))
`
	res, err := exec.Command(py, "-c", script, path).CombinedOutput()
	if err != nil {
		t.Fatalf("junitparser: %v\n%s", err, res)
	}
	var suites []struct {
		Name            string
		Tests, Failures int
		Cases           []struct {
			Name, Message, Text string
			Failed              bool
			Line                *string
		}
	}
	if err := json.Unmarshal(res, &suites); err != nil {
		t.Fatalf("%v\n%s", err, res)
	}
	if len(suites) != len(files) {
		t.Fatalf("%d suites for %d files", len(suites), len(files))
	}
	for i, f := range files {
		s := suites[i]
		rules := map[string]lint.Finding{}
		for _, x := range f.Findings {
			if _, ok := rules[x.Rule]; !ok {
				rules[x.Rule] = x
			}
		}
		if s.Name != f.Path || s.Failures != len(rules) {
			t.Errorf("suite %q: %d failures, want %d for %s", s.Name, s.Failures, len(rules), f.Path)
		}
		for _, c := range s.Cases {
			x, ok := rules[c.Name]
			switch {
			case len(rules) == 0:
				if c.Failed || c.Name != passName {
					t.Errorf("%s: a clean file has case %+v", f.Path, c)
				}
			case !ok || !c.Failed || c.Message != x.Message || c.Line == nil || *c.Line != itoa(x.Line):
				t.Errorf("%s: case %+v does not match %+v", f.Path, c, x)
			case !strings.Contains(c.Text, f.Path+":"+itoa(x.Line)+":"):
				t.Errorf("%s: the failure text does not name the line: %q", f.Path, c.Text)
			}
		}
	}
}

func TestStatistics(t *testing.T) {
	files := sampleFiles(t)
	stats := Statistics(files)
	total := 0
	for i, s := range stats {
		total += s.Count
		if i > 0 && (stats[i-1].Count < s.Count || stats[i-1].Count == s.Count && stats[i-1].Rule > s.Rule) {
			t.Errorf("not sorted at %d: %+v after %+v", i, s, stats[i-1])
		}
		r, ok := lint.Lookup(s.Rule)
		if !ok || s.Stage != r.Stage {
			t.Errorf("%+v: stage of the rule is %v", s, r)
		}
	}
	if n := Summarize(files); total != n.Errors+n.Warnings+n.Infos {
		t.Errorf("counts %d findings of %d", total, n.Errors+n.Warnings+n.Infos)
	}
	var b bytes.Buffer
	if err := WriteStatistics(&b, Text, files, Options{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "statistics.golden", b.Bytes())
	b.Reset()
	if err := WriteStatistics(&b, JSON, files, Options{}); err != nil {
		t.Fatal(err)
	}
	var back []Statistic
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || !slices.Equal(back, stats) {
		t.Errorf("JSON statistics do not round-trip: %v\n%s", err, b.Bytes())
	}
}

func TestUseColor(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		mode             string
		terminal, toFile bool
		env              func(string) string
		want             bool
	}{
		{"auto", true, false, env(), true},
		{"auto", false, false, env(), false},
		{"auto", true, false, env("NO_COLOR", "1"), false},
		{"auto", true, false, env("TERM", "dumb"), false},
		{"auto", false, false, env("FORCE_COLOR", "1"), true},
		{"auto", false, false, env("FORCE_COLOR", "1", "NO_COLOR", "1"), true},
		{"auto", false, false, env("FORCE_COLOR", "0"), false},
		{"auto", true, false, env("FORCE_COLOR", "false"), true},
		{"auto", true, true, env("FORCE_COLOR", "1"), false},
		{"always", false, true, env("NO_COLOR", "1"), true},
		{"never", true, false, env("FORCE_COLOR", "1"), false},
	} {
		if got, err := UseColor(c.mode, c.terminal, c.toFile, c.env); err != nil || got != c.want {
			t.Errorf("%+v: %v %v", c, got, err)
		}
	}
	if _, err := UseColor("sometimes", true, false, env()); err == nil {
		t.Error("a bad mode is accepted")
	}
}
