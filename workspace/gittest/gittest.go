// Package gittest runs the git command for the tests that build
// repositories: one place that finds git (a test skips without it, and
// fails under CI=true, where it is installed) and runs it apart from the
// machine's own configuration, with a fixed identity.
package gittest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Bin returns the path of the git command. Without git the test is
// skipped, or fails when CI is "true".
func Bin(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("git")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is not installed: the test builds a repository with it")
		}
		t.Skip("git is not installed: the test builds a repository with it")
	}
	return p
}

// Env is the environment git runs with in dir: no system or global
// configuration (HOME is dir), and a fixed author and committer.
func Env(dir string) []string {
	return append(os.Environ(),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+dir,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
}

// Run runs git with args in dir and returns what it printed (standard
// output and error); a failure fails the test.
func Run(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return RunInput(t, dir, "", args...)
}

// RunInput is Run with stdin as git's standard input.
func RunInput(t testing.TB, dir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(Bin(t), args...)
	cmd.Dir = dir
	cmd.Env = Env(dir)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}
