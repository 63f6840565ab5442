package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

func findingWith(rule string, as ...lint.Applicability) lint.Finding {
	f := lint.Finding{Path: "configs/training/x.toml", Line: 1, Column: 1, EndLine: 1, EndColumn: 2, Rule: rule, Severity: lint.Error, Stage: lint.StageSubmit, Message: "m", Key: rule}
	for i, a := range as {
		f.Fixes = append(f.Fixes, lint.Fix{Title: rule + " fix " + string(rune('a'+i)), Applicability: a})
	}
	return f
}

// TestFixableLine: the closing line counts what --fix repairs and what
// --unsafe-fixes would add, as ruff says it; display-only fixes and the
// fixes the fixer refused count for neither.
func TestFixableLine(t *testing.T) {
	files := []File{{Path: "configs/training/x.toml", Findings: []lint.Finding{
		findingWith("secret-duplicate", lint.Safe),
		findingWith("legacy-config", lint.Safe, lint.Unsafe),
		findingWith("unknown-key", lint.Unsafe, lint.DisplayOnly),
		findingWith("missing-section", lint.Unsafe),
		findingWith("model-unknown", lint.DisplayOnly),
		findingWith("param-range"),
	}}}
	refused := []File{{Path: files[0].Path, Findings: files[0].Findings, Unfixed: []lint.FixOutcome{{Rule: "secret-duplicate", Key: "secret-duplicate", Title: "secret-duplicate fix a", Reason: "r"}}}}
	for _, c := range []struct {
		name   string
		files  []File
		unsafe bool
		want   string
	}{
		{"safe and hidden", files, false, "[*] 2 fixable with the `--fix` option (2 hidden fixes can be enabled with the `--unsafe-fixes` option)"},
		{"with --unsafe-fixes", files, true, "[*] 4 fixable with the `--fix --unsafe-fixes` options"},
		{"a refused fix", refused, false, "[*] 1 fixable with the `--fix` option (2 hidden fixes can be enabled with the `--unsafe-fixes` option)"},
		{"only hidden", []File{{Findings: []lint.Finding{findingWith("unknown-key", lint.Unsafe)}}}, false, "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option)"},
		{"only safe", []File{{Findings: []lint.Finding{findingWith("secret-duplicate", lint.Safe)}}}, false, "[*] 1 fixable with the `--fix` option"},
		{"only display-only", []File{{Findings: []lint.Finding{findingWith("model-unknown", lint.DisplayOnly)}}}, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := fixableLine(CountFixes(c.files, c.unsafe), c.unsafe); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	// the text summary ends with it; --statistics shows it as the legend
	// of its [*]
	var b bytes.Buffer
	if err := Write(&b, Text, files, Options{OneLine: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(b.String(), "osmosis-lint: 6 errors, 0 warnings in 1 file\n[*] 2 fixable with the `--fix` option (2 hidden fixes can be enabled with the `--unsafe-fixes` option)\n") {
		t.Errorf("text summary:\n%s", b.String())
	}
	for _, unsafe := range []bool{false, true} {
		b.Reset()
		if err := WriteStatistics(&b, Text, files, Options{UnsafeFixes: unsafe}); err != nil {
			t.Fatal(err)
		}
		name := "statistics-fixable.golden"
		if unsafe {
			name = "statistics-unsafe.golden"
		}
		golden(t, name, b.Bytes())
		if strings.Contains(b.String(), "[*]") && !strings.Contains(b.String(), "\n[*] ") {
			t.Errorf("[*] without its legend:\n%s", b.String())
		}
	}
}
