package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needPython finds python3 with venv and pip. Without it the test is
// skipped on a developer's machine and fails under CI, as the other
// end-to-end tests of editors/ do (.ci/run has python3).
func needPython(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err == nil {
		err = exec.Command(p, "-c", "import venv, ensurepip").Run()
	}
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("python3 with venv and ensurepip is needed (%v), and CI is set", err)
		}
		t.Skipf("python3 with venv and ensurepip is needed (%v): skipped (with CI set it fails instead)", err)
	}
	return p
}

// The host's wheel, built from a real osmosis-lint binary, passes
// `python -m zipfile -t`, installs with pip from the file alone (no index)
// into a fresh virtual environment, and the installed command runs: its
// version names the release, `python -m osmosis_lint` reaches the same
// binary, and `check` finds the example workspace's mistakes.
func TestWheelInstallsOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds osmosis-lint and a virtual environment")
	}
	python := needPython(t)
	host, err := hostTarget()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, host.exe())
	commit := strings.Repeat("0123456789", 4)
	pkg := "github.com/osmosis-lint/osmosis-lint/lint/version"
	ldflags := fmt.Sprintf("-X %s.version=0.1.1-dev+g0123456 -X %s.commit=%s -X %s.date=2026-11-01T09:30:00Z", pkg, pkg, commit, pkg)
	build := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, "../../cmd/osmosis-lint")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	wheel, err := buildWheel(bin, host, "0.1.1-dev+g0123456", "../../LICENSE", dir)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(python, "-m", "zipfile", "-t", wheel).CombinedOutput(); err != nil {
		t.Fatalf("python -m zipfile -t: %v\n%s", err, out)
	}
	installed, err := installWheel(python, filepath.Join(dir, "venv"), wheel)
	if err != nil {
		t.Fatal(err)
	}
	want := "osmosis-lint 0.1.1-dev+g0123456 (012345678901 2026-11-01)\n"
	for _, cmd := range [][]string{{installed, "version"}, {filepath.Join(filepath.Dir(installed), "python"), "-m", "osmosis_lint", "version"}} {
		out, err := exec.Command(cmd[0], cmd[1:]...).Output()
		if err != nil || string(out) != want {
			t.Errorf("%s: %q, %v; want %q", strings.Join(cmd[1:], " "), out, err, want)
		}
	}
	show, err := exec.Command(filepath.Join(filepath.Dir(installed), "python"), "-m", "pip", "show", "osmosis-lint").Output()
	if err != nil || !bytes.Contains(show, []byte("Version: 0.1.1.dev0+g0123456\n")) {
		t.Errorf("pip show: %v\n%s", err, show)
	}
	var out strings.Builder
	if err := checkExample(installed, filepath.Join("..", "..", "workspace", "example"), &out); err != nil {
		t.Fatal(err)
	}
}
