package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnknownCommandSuggests(t *testing.T) {
	t.Chdir(t.TempDir())
	code, out, errs := invoke(t, "", "chek")
	if code != exitUsage || out != "" || !strings.Contains(errs, `unknown command "chek"; did you mean "check"?`) {
		t.Errorf("exit %d\nstdout: %q\nstderr: %q", code, out, errs)
	}
	code, _, errs = invoke(t, "", "bogus")
	if code != exitUsage || !strings.Contains(errs, `unknown command "bogus"`) || strings.Contains(errs, "no such file") {
		t.Errorf("bogus: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := invoke(t, "", "help", "doctr"); code != exitUsage || !strings.Contains(errs, `did you mean "doctor"?`) {
		t.Errorf("help doctr: exit %d, stderr %q", code, errs)
	}
}

// TestPathWithoutCommand keeps `osmosis-lint PATH` checking real paths, as
// ruff and actionlint take them.
func TestPathWithoutCommand(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	for _, args := range [][]string{
		{"configs/training/multiply-long.toml"},
		{"configs"},
		{"--oneline", "configs"},
	} {
		code, out, errs := invoke(t, "", args...)
		if code != exitErrors || !strings.Contains(out, "multiply-long.toml:13:1") {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s", args, code, out, errs)
		}
	}
	// a missing path that looks like one is a path error, not a command
	code, _, errs := invoke(t, "", "configs/nope.toml")
	if code != exitUsage || !strings.Contains(errs, "configs/nope.toml") || strings.Contains(errs, "unknown command") {
		t.Errorf("missing path: exit %d, stderr %q", code, errs)
	}
}

// TestHelpOnStdout checks every command's help: on standard output, exit 0,
// long flags spelled with two dashes, every flag listed.
func TestHelpOnStdout(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}} {
			code, out, errs := invoke(t, "", args...)
			if code != exitOK || errs != "" || !strings.HasPrefix(out, "Usage: osmosis-lint "+c.name) {
				t.Errorf("%v: exit %d\nstdout: %q\nstderr: %q", args, code, out, errs)
				continue
			}
			fs := newFlagSet(c)
			c.flags(fs)
			fs.VisitAll(func(f *flag.Flag) {
				listed := false
				for _, sep := range []string{" ", ", "} {
					for _, lead := range []string{"  ", ", "} {
						listed = listed || strings.Contains(out, lead+flagSpelling(f.Name)+sep)
					}
				}
				if !listed {
					t.Errorf("%v: flag %s not listed:\n%s", args, flagSpelling(f.Name), out)
				}
				if len(f.Name) > 1 && strings.Contains(out, " -"+f.Name+" ") {
					t.Errorf("%v: flag %s spelled with one dash:\n%s", args, f.Name, out)
				}
			})
		}
	}
	code, out, _ := invoke(t, "", "--help")
	if code != exitOK || !strings.Contains(out, "Commands:") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
	for _, name := range commandNames() {
		if !strings.Contains(out, "\n  "+name+" ") {
			t.Errorf("--help does not list %s:\n%s", name, out)
		}
	}
}

func TestFlagErrorPrintedOnce(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"check", "--nope"}, "unknown flag --nope"},
		{[]string{"check", "--stirct"}, "unknown flag --stirct; did you mean --strict?"},
		{[]string{"--stirct"}, "unknown flag --stirct; did you mean --strict?"},
		{[]string{"check", "--format"}, "flag --format needs a value"},
		{[]string{"doctor", "--fxi"}, "did you mean --fix?"},
	}
	for _, c := range cases {
		code, out, errs := invoke(t, "", c.args...)
		if code != exitUsage || out != "" || strings.Count(errs, c.want) != 1 || strings.Count(errs, "\n") != 2 {
			t.Errorf("%v: exit %d\nstdout: %q\nstderr: %q", c.args, code, out, errs)
		}
	}
}

func TestVersionSpellings(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-V"}} {
		code, out, _ := invoke(t, "", args...)
		if code != exitOK || !strings.HasPrefix(out, "osmosis-lint ") {
			t.Errorf("%v: exit %d %q", args, code, out)
		}
	}
}

// TestCommandNamedDirectory: a directory named like a command is reached
// with ./NAME, the command wins otherwise.
func TestCommandNamedDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "rules"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if code, out, _ := invoke(t, "", "rules"); code != exitOK || !strings.Contains(out, "unknown-key") {
		t.Errorf("rules: exit %d", code)
	}
}

// TestREADMEListsEveryFlag keeps the command line reference's table of check flags
// true (cmd/osmosis-lint/README.md, beside this code).
func TestREADMEListsEveryFlag(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	c := lookupCommand("check")
	fs := newFlagSet(c)
	c.flags(fs)
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.Contains(string(readme), "`"+flagSpelling(f.Name)) {
			t.Errorf("cmd/osmosis-lint/README.md does not list %s", flagSpelling(f.Name))
		}
	})
}

// TestHelpPlaceholders keeps every flag's value named as the README
// writes it (`--format text|json`, `--select RULES`), never by the flag
// package's type name (`--format string`, `--select value`).
func TestHelpPlaceholders(t *testing.T) {
	typeNames := map[string]bool{"string": true, "value": true, "int": true, "uint": true, "float": true, "duration": true}
	for _, c := range commands {
		fs := newFlagSet(c)
		c.flags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			if name, _ := flag.UnquoteUsage(f); typeNames[name] {
				t.Errorf("%s %s shows the placeholder %q: put the value's name in backquotes in its usage", c.name, flagSpelling(f.Name), name)
			}
		})
	}
	for _, c := range []string{"doctor", "rules"} {
		_, out, _ := invoke(t, "", c, "--help")
		if !strings.Contains(out, "--format text|json ") || strings.Contains(out, " string ") {
			t.Errorf("%s --help:\n%s", c, out)
		}
	}
}

// TestHelpAliases lists two names of one flag together, once.
func TestHelpAliases(t *testing.T) {
	_, out, _ := invoke(t, "", "check", "--help")
	for _, want := range []string{"  -o, --output-file FILE ", "  --format, --output-format FORMAT "} {
		if strings.Count(out, want) != 1 {
			t.Errorf("check --help does not list %q once:\n%s", want, out)
		}
	}
}

// TestHookUnknownAgent names the agent that is not known and the ones
// that are.
func TestHookUnknownAgent(t *testing.T) {
	for _, tc := range []struct{ args, want []string }{
		{[]string{"hook", "cursor"}, []string{`unknown agent "cursor"`, "claude-code and codex"}},
		{[]string{"hook", "codx"}, []string{`unknown agent "codx"`, `did you mean "codex"?`}},
		{[]string{"hook"}, []string{"name the agent: claude-code or codex"}},
	} {
		code, out, errs := invoke(t, "{}", tc.args...)
		if code != exitErrors || out != "" {
			t.Errorf("%v: exit %d, stdout %q", tc.args, code, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr %q lacks %q", tc.args, errs, w)
			}
		}
	}
}
