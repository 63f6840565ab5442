package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// smoke installs the host's wheel from dist/ into a fresh virtual
// environment, offline (pip --no-index), and runs what a new user runs:
// `osmosis-lint version` (the release's version and commit) and `check` on
// a workspace with known mistakes (exit status 1, findings printed).
func smoke(dist, python, workspace string, stdout io.Writer) error {
	meta, err := readMetadata(dist)
	if err != nil {
		return err
	}
	t, err := hostTarget()
	if err != nil {
		return err
	}
	v, err := pep440(meta.Version)
	if err != nil {
		return err
	}
	wheel, err := filepath.Abs(filepath.Join(dist, wheelSpec{Version: v, Target: t}.wheelName()))
	if err != nil {
		return err
	}
	venv, err := os.MkdirTemp("", "osmosis-lint-venv-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(venv)
	bin, err := installWheel(python, venv, wheel)
	if err != nil {
		return err
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		return fmt.Errorf("%s version: %v", bin, err)
	}
	want := fmt.Sprintf("osmosis-lint %s (%.12s ", meta.Version, meta.Commit)
	if !strings.HasPrefix(string(out), want) {
		return fmt.Errorf("the installed osmosis-lint printed %q, want it to start with %q", out, want)
	}
	fmt.Fprintf(stdout, "ok   pip install --no-index %s: %s", filepath.Base(wheel), out)
	return checkExample(bin, workspace, stdout)
}

// installWheel makes a virtual environment and installs the wheel into it
// without an index; it returns the path of the installed executable.
func installWheel(python, venv, wheel string) (string, error) {
	if out, err := exec.Command(python, "-m", "venv", venv).CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s -m venv: %v\n%s", python, err, out)
	}
	scripts := filepath.Join(venv, "bin")
	if hostGOOS == "windows" {
		scripts = filepath.Join(venv, "Scripts")
	}
	pip := exec.Command(filepath.Join(scripts, "python"), "-m", "pip", "install", "--no-index", "--no-deps", "--disable-pip-version-check", "-q", wheel)
	pip.Env = append(os.Environ(), "PIP_NO_INPUT=1", "PIP_FIND_LINKS=")
	if out, err := pip.CombinedOutput(); err != nil {
		return "", fmt.Errorf("pip install --no-index %s: %v\n%s", wheel, err, out)
	}
	t, err := hostTarget()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(scripts, t.exe())
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("the wheel installed no %s: %v", bin, err)
	}
	return bin, nil
}

// checkExample runs `check` on the example workspace: its deliberate
// mistakes must be found (exit status 1).
func checkExample(bin, workspace string, stdout io.Writer) error {
	cmd := exec.Command(bin, "check", "--workspace", workspace, "--oneline", "-q", "--no-color")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !bytes.Contains(out.Bytes(), []byte("[unknown-key]")) {
		return fmt.Errorf("check --workspace %s: %v, want exit status 1 with findings\n%s", workspace, err, out.String())
	}
	fmt.Fprintf(stdout, "ok   check --workspace %s: %d findings, exit status 1\n", workspace, bytes.Count(out.Bytes(), []byte("\n")))
	return nil
}
