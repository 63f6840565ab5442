// Package pythontest finds the Python interpreters the tests that use
// CPython as their oracle run: one place that looks for them (a test skips
// without them, and fails under CI, where they are installed).
package pythontest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Versions are the Python versions the reader answers for.
var Versions = []string{"3.12", "3.13"}

// Find returns the path of pythonX.Y: one on PATH that is not a pyenv
// shim (which runs only the selected version), else the one pyenv has
// installed (asking pyenv, which keeps the file system behind it); ""
// when absent.
func Find(version string) string {
	if p, err := exec.LookPath("python" + version); err == nil && !strings.Contains(p, "/shims/") {
		return p
	}
	latest, err := exec.Command("pyenv", "latest", version).Output()
	if err != nil {
		return ""
	}
	prefix, err := exec.Command("pyenv", "prefix", strings.TrimSpace(string(latest))).Output()
	if err != nil {
		return ""
	}
	p, err := exec.LookPath(filepath.Join(strings.TrimSpace(string(prefix)), "bin", "python"+version))
	if err != nil {
		return ""
	}
	return p
}

// All returns every interpreter of Versions. Without one the test is
// skipped, or fails when CI is set.
func All(t testing.TB) []string {
	t.Helper()
	var found []string
	for _, v := range Versions {
		p := Find(v)
		if p == "" {
			if os.Getenv("CI") != "" {
				t.Fatalf("python%s is not installed, and CI is set: the test's oracle is CPython and must run", v)
			}
			t.Skipf("python%s is not installed: the test's oracle is CPython (it must run under CI)", v)
		}
		found = append(found, p)
	}
	return found
}
