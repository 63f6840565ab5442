package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// shell finds a shell for a completion test: outside CI a missing one
// skips the test, under CI it fails it (.ci/run installs them).
func shell(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing (apt-get install %s)", name, name)
		}
		t.Skipf("%s is missing (apt-get install %s)", name, name)
	}
	return p
}

// script writes `osmosis-lint completion SHELL` to a file in dir.
func script(t *testing.T, dir, sh string) string {
	t.Helper()
	code, out, errs := invoke(t, "", "completion", sh)
	if code != exitOK || out == "" {
		t.Fatalf("completion %s: exit %d %s", sh, code, errs)
	}
	path := filepath.Join(dir, "osmosis-lint."+sh)
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBashCompletion sources the bash script in bash and completes command
// lines as bash would, through COMP_WORDS.
func TestBashCompletion(t *testing.T) {
	bash := shell(t, "bash")
	dir := t.TempDir()
	file := script(t, dir, "bash")
	if err := os.Mkdir(filepath.Join(dir, "wsdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "run.toml"), nil, 0o644)
	complete := func(line string) []string {
		t.Helper()
		words := strings.Fields(line)
		if strings.HasSuffix(line, " ") {
			words = append(words, "")
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+w+"'")
		}
		prog := "source " + file + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) + "\n_osmosis_lint\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", prog)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", line, err, out)
		}
		return strings.Fields(string(out))
	}
	for _, c := range []struct {
		line    string
		want    []string
		not     []string
		exactly bool
	}{
		{"osmosis-lint ch", []string{"check"}, nil, true},
		{"osmosis-lint ", []string{"check", "doctor", "completion", "run.toml", "wsdir"}, nil, false},
		{"osmosis-lint check --form", []string{"--format"}, nil, true},
		{"osmosis-lint check --format j", []string{"json", "junit"}, nil, true},
		{"osmosis-lint --output-format g", []string{"github", "gitlab", "grouped"}, nil, true},
		{"osmosis-lint --sel", []string{"--select"}, nil, true},
		{"osmosis-lint check --select unknown-key,param-l", []string{"unknown-key,param-limit"}, nil, true},
		{"osmosis-lint check --ignore sub", []string{"submit"}, nil, true},
		{"osmosis-lint check --color ", []string{"auto", "always", "never"}, nil, true},
		{"osmosis-lint check --workspace ", []string{"wsdir"}, []string{"run.toml"}, true},
		{"osmosis-lint check -o ", []string{"run.toml", "wsdir"}, nil, false},
		{"osmosis-lint check ", []string{"run.toml", "wsdir"}, []string{"check"}, false},
		{"osmosis-lint doctor --format ", []string{"text", "json"}, nil, true},
		{"osmosis-lint explain unknown-k", []string{"unknown-key"}, nil, true},
		{"osmosis-lint schema ", []string{"training", "eval", "benchmark"}, nil, true},
		{"osmosis-lint completion ", []string{"bash", "zsh", "fish", "powershell"}, nil, true},
		{"osmosis-lint help doc", []string{"doctor"}, nil, true},
	} {
		got := complete(c.line)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %q missing from %q", c.line, w, got)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("%q: %q offered: %q", c.line, w, got)
			}
		}
		if c.exactly && len(got) != len(c.want) {
			t.Errorf("%q: got %q, want %q", c.line, got, c.want)
		}
	}
	// every flag of every command completes
	for _, c := range completionData() {
		got := complete("osmosis-lint " + c.name + " -")
		for _, f := range c.flags {
			if !slices.Contains(got, f.spelling) {
				t.Errorf("%s: %s does not complete", c.name, f.spelling)
			}
		}
	}
}

// TestFishCompletion loads the fish script in fish and asks fish itself
// for completions (complete -C).
func TestFishCompletion(t *testing.T) {
	fish := shell(t, "fish")
	file := script(t, t.TempDir(), "fish")
	for _, c := range []struct{ line, want string }{
		{"osmosis-lint chec", "check"},
		{"osmosis-lint check --form", "--format"},
		{"osmosis-lint check --format jun", "junit"},
		{"osmosis-lint --stat", "--statistics"},
		{"osmosis-lint doctor --fi", "--fix"},
		{"osmosis-lint explain unknown-k", "unknown-key"},
		{"osmosis-lint completion po", "powershell"},
	} {
		cmd := exec.Command(fish, "--no-config", "-c", "source "+file+"; complete -C '"+c.line+"'")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", c.line, err, out)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			word, _, _ := strings.Cut(l, "\t")
			got = append(got, word)
		}
		if !slices.Contains(got, c.want) {
			t.Errorf("%q: %q missing from %q", c.line, c.want, got)
		}
	}
}

// TestZshCompletion checks the zsh script's syntax and that it registers
// its function with compinit.
func TestZshCompletion(t *testing.T) {
	zsh := shell(t, "zsh")
	dir := t.TempDir()
	file := script(t, dir, "zsh")
	if out, err := exec.Command(zsh, "-n", file).CombinedOutput(); err != nil {
		t.Fatalf("zsh -n: %v\n%s", err, out)
	}
	cmd := exec.Command(zsh, "-f", "-c", "autoload -U compinit; compinit -u -d "+filepath.Join(dir, "zcompdump")+"; source "+file+"; print -r -- $_comps[osmosis-lint]")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "_osmosis_lint" {
		t.Errorf("zsh registration: %v\n%s", err, out)
	}
}

// TestPowerShellCompletion: no PowerShell here, so check that the script
// names every command and flag and registers a native completer.
func TestPowerShellCompletion(t *testing.T) {
	_, out, _ := invoke(t, "", "completion", "powershell")
	if !strings.Contains(out, "Register-ArgumentCompleter -Native -CommandName osmosis-lint") {
		t.Error("no completer registered")
	}
	for _, c := range completionData() {
		if !strings.Contains(out, "'"+c.name+"' = ") {
			t.Errorf("%s missing", c.name)
		}
		for _, f := range c.flags {
			if !strings.Contains(out, "'"+f.spelling+"'") {
				t.Errorf("%s %s missing", c.name, f.spelling)
			}
		}
	}
	if code, _, errs := invoke(t, "", "completion", "tcsh"); code != exitUsage || !strings.Contains(errs, "unknown shell") {
		t.Errorf("tcsh: exit %d %s", code, errs)
	}
}
