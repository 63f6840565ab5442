package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitLabRecipe runs the commands of the GitLab CI recipe in
// editors/README.md on the example workspace: each runs, and the artifacts
// it names are the reports GitLab reads.
func TestGitLabRecipe(t *testing.T) {
	doc, err := os.ReadFile("../../editors/README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(doc)
	start := strings.Index(section, "## GitLab CI\n")
	if start < 0 {
		t.Fatal("no GitLab CI section in editors/README.md")
	}
	section = section[start:]
	section = section[:strings.Index(section, "\n## ")]
	ws := copyExample(t)
	t.Chdir(ws)
	ran := 0
	for _, line := range strings.Split(section, "\n") {
		line = strings.TrimSpace(line)
		cmdline, ok := strings.CutPrefix(line, "- osmosis-lint ")
		if !ok {
			continue
		}
		cmdline = strings.TrimSuffix(cmdline, " || true")
		code, _, errs := invoke(t, "", strings.Fields(cmdline)...)
		if code != exitErrors {
			t.Errorf("%s: exit %d (the example has errors): %s", cmdline, code, errs)
		}
		ran++
	}
	if ran != 3 {
		t.Fatalf("%d commands found in the recipe", ran)
	}
	for _, artifact := range []string{"codequality: gl-code-quality-report.json", "junit: osmosis-lint-junit.xml"} {
		if !strings.Contains(section, artifact) {
			t.Errorf("the recipe does not declare %s", artifact)
		}
	}
	var issues []map[string]any
	if data, err := os.ReadFile("gl-code-quality-report.json"); err != nil || json.Unmarshal(data, &issues) != nil || len(issues) == 0 {
		t.Errorf("the Code Quality artifact: %v", err)
	}
	var suites struct {
		XMLName xml.Name `xml:"testsuites"`
	}
	if data, err := os.ReadFile(filepath.Join(ws, "osmosis-lint-junit.xml")); err != nil || xml.Unmarshal(data, &suites) != nil {
		t.Errorf("the JUnit artifact: %v", err)
	}
}
