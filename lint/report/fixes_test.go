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

// TestWrap: wrapped text fits the width, breaks only at spaces (a word
// longer than a line stands alone) and gives the text back when the breaks
// are undone.
func TestWrap(t *testing.T) {
	texts := []string{
		"unknown key `lerning_rate` in [training]; did you mean `lr`?",
		"`OPENAI_API_KEY` in [env] looks like an OpenAI project key (`sk-proj-…`, 40 characters): [env] values sit in the repository and the CLI prints them at submit; store it with `osmosis secret set OPENAI_API_KEY`, list it in [secrets] required and rotate it",
		"rollouts/" + strings.Repeat("r", 120) + "/ does not exist (rollouts: `multiply-agent`)",
		"a",
		"",
	}
	for _, text := range texts {
		for _, width := range []int{0, 20, 40, 80, 100} {
			for _, first := range []int{0, 8, 30} {
				const indent = 8
				got := wrap(text, width, first, indent)
				if strings.HasPrefix(got, "\n") {
					// the first word does not fit after first: it
					// starts the next line
					if width == 0 || first <= indent || first+len([]rune(strings.Fields(text + " x")[0])) <= width {
						t.Errorf("%d/%d: a needless break before %q", width, first, text)
					}
					got = got[1:]
					first = indent
					got = got[indent:]
				}
				lines := strings.Split(got, "\n")
				for i, l := range lines {
					col := first
					if i > 0 {
						if !strings.HasPrefix(l, strings.Repeat(" ", indent)) {
							t.Fatalf("%d/%d: line %d not indented: %q", width, first, i, l)
						}
						l, col = l[indent:], indent
					}
					n := len([]rune(l))
					if width > 0 && col+n > width && strings.Contains(l, " ") {
						t.Errorf("%d/%d: line %d is %d columns: %q", width, first, i, col+n, l)
					}
					lines[i] = l
				}
				if back := strings.Join(lines, " "); back != text {
					t.Errorf("%d/%d: the text changed:\n%q\n%q", width, first, back, text)
				}
				if width == 0 && len(lines) != 1 {
					t.Errorf("width 0 wrapped %q", text)
				}
			}
		}
	}
}

// TestHeadlineLines: the text style puts each message's headline on the
// finding's line and the rest on a help line, and --oneline the whole
// message; machine formats carry the message unchanged.
func TestHeadlineLines(t *testing.T) {
	x := findingWith("unknown-key", lint.Unsafe)
	x.Message = "unknown key `lerning_rate` in [training]; did you mean `lr`?"
	x.Fixes[0].Title = "Rename to `lr`"
	files := []File{{Path: "configs/training/x.toml", Src: []byte("lerning_rate = 1\n"), Findings: []lint.Finding{x}}}
	var b bytes.Buffer
	if err := Write(&b, Text, files, Options{Quiet: true}); err != nil {
		t.Fatal(err)
	}
	want := "configs/training/x.toml:1:1: error: unknown key `lerning_rate` in [training] [unknown-key]\n" +
		"   |\n 1 | lerning_rate = 1\n   | ^\n" +
		"   = help: did you mean `lr`?\n" +
		"   = fix: Rename to `lr` (unsafe: `--fix --unsafe-fixes` applies it)\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, format := range []Format{Concise, JSON, GitHub, SARIF, GitLab, JUnit} {
		b.Reset()
		if err := Write(&b, format, files, Options{Quiet: true, Width: 40}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "in [training]; did you mean") {
			t.Errorf("%s does not carry the whole message:\n%s", format, b.String())
		}
	}
}
