package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

func TestGoldenAgent(t *testing.T) {
	var b bytes.Buffer
	if err := WriteAgent(&b, sampleFiles(t)); err != nil {
		t.Fatal(err)
	}
	golden(t, "agent.golden", b.Bytes())
}

// A clean file gives no text at all: the hook stays silent on it.
func TestAgentQuietWhenClean(t *testing.T) {
	var b bytes.Buffer
	files := []File{{Path: "configs/training/clean.toml", Src: []byte("[experiment]\n")}}
	if err := WriteAgent(&b, files); err != nil {
		t.Fatal(err)
	}
	if b.Len() != 0 {
		t.Fatalf("want no text for a file without findings, got %q", b.String())
	}
}

// Text taken from the file (the quoted line, a message or fix title that
// repeats a value) cannot carry control characters into the agent's
// context, nor start a line of its own.
func TestAgentCleansFileText(t *testing.T) {
	src := "[experiment]\nrollout = \"a\\u001b[2Jb\"\n\x1b[31mbad = 1\n"
	f := File{Path: "configs/training/x\x1b.toml", Src: []byte(src), Findings: []lint.Finding{{
		Line: 3, Column: 1, Rule: "unknown-key", Severity: lint.Error, Stage: lint.StageSubmit,
		Message: "unknown key `\x1b[31mbad`\nforged line",
		Fixes:   []lint.Fix{{Title: "Remove \x07it", Applicability: lint.Safe}},
	}}}
	var b bytes.Buffer
	if err := WriteAgent(&b, []File{f}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.ContainsFunc(out, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f }) {
		t.Fatalf("control characters reached the agent text:\n%q", out)
	}
	if strings.Contains(out, "\nforged line") {
		t.Fatalf("a message started a line of its own:\n%s", out)
	}
	if !strings.Contains(out, `osmosis-lint check --fix 'configs/training/x\x1b.toml'`) {
		t.Fatalf("want the odd path quoted in the fix command:\n%s", out)
	}
}

// doctor's findings (here a dataset file the upload refuses) are no
// config's: no stage of a submit, in line order, re-checked by doctor.
func TestAgentDoctorFindings(t *testing.T) {
	f := File{Path: "data/x.jsonl", Findings: []lint.Finding{
		{Line: 2, Column: 1, Rule: lint.RuleDatasetFile, Severity: lint.Error, Stage: lint.StagePlatform, Message: "keys differ"},
		{Line: 1, Column: 1, Rule: lint.RuleDatasetFile, Severity: lint.Error, Stage: lint.StagePlatform, Message: "too few rows"},
	}}
	var b bytes.Buffer
	if err := WriteAgent(&b, []File{f}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "stage:") || strings.Contains(out, "submitting") || strings.Contains(out, "osmosis-lint check") {
		t.Fatalf("a data file's findings are worded as a config's:\n%s", out)
	}
	if !strings.Contains(out, "Re-check after editing with: osmosis-lint doctor\n") {
		t.Fatalf("want doctor as the re-check:\n%s", out)
	}
	if strings.Index(out, "too few rows") > strings.Index(out, "keys differ") {
		t.Fatalf("want the findings in line order:\n%s", out)
	}
}
