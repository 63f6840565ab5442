package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
)

// TestNoRawControlCharacters: a workspace whose file names, keys and values
// hold terminal escapes, C1 controls and bidirectional overrides prints them
// escaped in check's and doctor's text output and their errors.
func TestNoRawControlCharacters(t *testing.T) {
	ws := copyExample(t)
	name := filepath.Join(ws, "configs", "training", "evil\x1b]0;owned\a\u202e.toml")
	src := "[experiment]\nrollout = \"multiply-agent\x1b[2J\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[training]\nlr\u202e\u2066 = 1\n\"bad\x9b31m\" = 2\n\n[env]\nA = \"\x1b]8;;http://x\x1b\\\\link\"\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--no-color", name},
		{"check", "--oneline", name},
		{"doctor", "--no-color", ws},
		{"check", filepath.Join(ws, "configs", "training", "gone\x1b[2J.toml")},
	} {
		_, out, errs := invoke(t, "", args...)
		for what, text := range map[string]string{"stdout": out, "stderr": errs} {
			for _, r := range text {
				if r != '\n' && escape.Unsafe(r) {
					t.Errorf("%q: %s keeps %U:\n%s", args[0], what, r, text)
					break
				}
			}
		}
		if args[0] == "check" && !strings.Contains(out+errs, `\x1b`) {
			t.Errorf("%v: the escape is not shown:\n%s%s", args, out, errs)
		}
	}
}

// hostileNamesWorkspace names a config and the rollout directory it is near
// with line breaks, workflow commands, ESC, OSC, BEL, C1 and bidirectional
// controls: the config has a safe fix (a duplicate secret name), for
// --diff, and a rollout that is not there, whose finding quotes the
// directory's name.
func hostileNamesWorkspace(t *testing.T) (ws string, configs []string) {
	t.Helper()
	ws = copyExample(t)
	if err := os.Rename(filepath.Join(ws, "rollouts", "multiply-agent"), filepath.Join(ws, "rollouts", "ag\x1b[31ment\u202e")); err != nil {
		t.Fatal(err)
	}
	src := "[experiment]\nrollout = \"agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\", \"OPENAI_API_KEY\"]\n"
	for _, name := range []string{
		"nl\n::error file=evil::INJECTED.toml",
		"esc\x1b[31mred.toml",
		"osc\x1b]8;;https:evil.example\a\x07\u0085\u009b2J\u2066.toml",
		"cr\r::warning::x%0A,.toml",
	} {
		p := filepath.Join(ws, "configs", "training", name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
		configs = append(configs, p)
	}
	return ws, configs
}

// rawIn returns the first character of s that escape.String escapes but
// a newline, or 0.
func rawIn(s string) rune {
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\ufffd") || r != '\n' && escape.Unsafe(r) {
			return r
		}
	}
	return 0
}

// TestDiffHeadersEscaped: check --diff shows a file name escaped in its
// ---/+++ headers: a newline in the name cannot start a workflow command
// in a GitHub Actions log, nor ESC or OSC act on a terminal.
func TestDiffHeadersEscaped(t *testing.T) {
	_, configs := hostileNamesWorkspace(t)
	for _, cfg := range configs {
		code, out, errs := invoke(t, "", "check", "--diff", cfg)
		if code != exitErrors || !strings.Contains(out, "--- a/") {
			t.Fatalf("%q: exit %d, want 1 and a diff:\n%s%s", cfg, code, out, errs)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "::") {
				t.Errorf("%q: the diff starts a workflow command: %q", cfg, l)
			}
		}
		if r := rawIn(out + errs); r != 0 {
			t.Errorf("%q: the diff keeps %U:\n%q", cfg, r, out)
		}
	}
	_, out, _ := invoke(t, "", "check", "--diff", configs[0])
	if want := `nl\n::error file=evil::INJECTED.toml` + "\n"; !strings.Contains(out, want) {
		t.Errorf("the header does not show the name escaped:\n%s", out)
	}
}

// TestEveryFormatEscapesNames: under GitHub Actions (github by default)
// and in every --format, with --statistics, --show-fixes and doctor, no
// output keeps a control or bidirectional character of a file or
// directory name, and the github format's lines are workflow commands,
// one a finding.
func TestEveryFormatEscapesNames(t *testing.T) {
	ws, configs := hostileNamesWorkspace(t)
	t.Setenv("GITHUB_ACTIONS", "true")
	runs := [][]string{{"check"}, {"check", "--statistics", "--format", "text"}, {"doctor", ws}, {"doctor", "--format", "json", ws}}
	for _, f := range report.Formats() {
		runs = append(runs, []string{"check", "--format", string(f)}, []string{"check", "--format", string(f), "--color", "always"})
	}
	// last: it fixes the configs
	runs = append(runs, []string{"check", "--fix", "--show-fixes", "--unsafe-fixes", "--format", "text"})
	for _, args := range runs {
		if args[0] == "check" {
			args = append(args, configs...)
		}
		code, out, errs := invoke(t, "", args...)
		if code != exitOK && code != exitErrors {
			t.Fatalf("%v: exit %d:\n%s", args[:len(args)-len(configs)], code, errs)
		}
		if r := rawIn(colorCode.ReplaceAllString(out+errs, "")); r != 0 {
			t.Errorf("%v: keeps %U:\n%q\n%q", args, r, out, errs)
		}
		if len(args) == 1+len(configs) {
			// GITHUB_ACTIONS=true: the github format
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if !strings.HasPrefix(l, "::error ") && !strings.HasPrefix(l, "::warning ") && !strings.HasPrefix(l, "::notice ") {
					t.Errorf("not a workflow command: %q", l)
				}
			}
			if !strings.Contains(out, `esc\x1b[31mred.toml,`) || !strings.Contains(out, `nl\n%3A%3Aerror file=evil%3A%3AINJECTED.toml,`) {
				t.Errorf("the github format does not show the names escaped:\n%s", out)
			}
		}
	}
}

var colorCode = regexp.MustCompile(`\x1b\[[0-9;]*m`)
