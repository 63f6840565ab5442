package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets a test run this binary as osmosis-lint itself, for the
// tests that need a process of their own (signals).
func TestMain(m *testing.M) {
	if os.Getenv("OSMOSIS_LINT_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	code := m.Run()
	if binaryDir != "" {
		os.RemoveAll(binaryDir)
	}
	os.Exit(code)
}

// lineReader reads lines from a process's output, failing the test when
// none comes (a guard against a hang, not a measure of time).
type lineReader struct {
	t     *testing.T
	lines chan string
}

func newLineReader(t *testing.T, r io.Reader) *lineReader {
	lr := &lineReader{t: t, lines: make(chan string, 1000)}
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			lr.lines <- sc.Text()
		}
		close(lr.lines)
	}()
	return lr
}

func (lr *lineReader) waitFor(what string) []string {
	lr.t.Helper()
	var seen []string
	deadline := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-lr.lines:
			if !ok {
				lr.t.Fatalf("output ended before %q:\n%s", what, strings.Join(seen, "\n"))
			}
			seen = append(seen, l)
			if strings.Contains(l, what) {
				return seen
			}
		case <-deadline:
			lr.t.Fatalf("no %q:\n%s", what, strings.Join(seen, "\n"))
		}
	}
}

// startWatch starts `check --watch` with args in ws as a process, killed
// at the end of the test; its standard error is read by lines.
func startWatch(t *testing.T, ws string, stdout io.Writer, args ...string) (*exec.Cmd, *lineReader) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"check", "--watch"}, args...)...)
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "OSMOSIS_LINT_AS_MAIN=1")
	cmd.Stdout = stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, newLineReader(t, stderr)
}

// TestWatch runs `check --watch` as a process: it reports, reports again
// after a config changes and when a new directory gets a config, ignores
// the report it writes itself, and exits 0 on Ctrl-C. (The debounce of a
// burst of writes is tested with a clock of its own in workspace/watch.)
func TestWatch(t *testing.T) {
	ws := copyExample(t)
	cmd, errs := startWatch(t, ws, nil, "--oneline", "-o", "report.txt")
	errs.waitFor("watching " + ws)
	report, _ := os.ReadFile(filepath.Join(ws, "report.txt"))
	if !strings.Contains(string(report), "n_sample_per_prompt") {
		t.Fatalf("first report:\n%s", report)
	}
	cfg := filepath.Join(ws, "configs", "training", "multiply-long.toml")
	src, _ := os.ReadFile(cfg)
	fixed := strings.Replace(string(src), "n_sample_per_prompt", "n_samples_per_prompt", 1)
	for i := 0; i < 5; i++ { // an editor's save: several writes in a row
		if err := os.WriteFile(cfg, []byte(fixed), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	seen := errs.waitFor("multiply-long.toml changed, checking again")
	// a second change; a run started by the report it wrote would show up
	// in between, naming report.txt
	os.MkdirAll(filepath.Join(ws, "configs", "eval", "more"), 0o755)
	os.WriteFile(filepath.Join(ws, "configs", "eval", "more", "x.toml"), []byte("[experiment]\n"), 0o644)
	seen = append(seen, errs.waitFor("changed, checking again")...)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	for l := range errs.lines {
		seen = append(seen, l)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("Ctrl-C: %v (want exit 0)\n%s", err, strings.Join(seen, "\n"))
	}
	for _, l := range seen {
		if strings.Contains(l, "report.txt") {
			t.Errorf("the report it writes started a run: %s", l)
		}
	}
	report, _ = os.ReadFile(filepath.Join(ws, "report.txt"))
	if strings.Contains(string(report), "n_sample_per_prompt") || !strings.Contains(string(report), "error") {
		t.Errorf("second report:\n%s", report)
	}
}

func TestWatchRefusesStdin(t *testing.T) {
	if code, _, errs := invoke(t, "", "check", "--watch", "--kind", "training", "-"); code != exitUsage || !strings.Contains(errs, "--watch cannot read standard input") {
		t.Errorf("exit %d %s", code, errs)
	}
}
