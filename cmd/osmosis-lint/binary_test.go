package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// builtBinary builds osmosis-lint once per test run, as a release is built
// (CGO_ENABLED=0: a static binary, which the traced test needs: no dynamic
// loader reading files outside the workspace), for the tests that run the
// real binary. The directory goes when the tests end (TestMain).
var builtBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "osmosis-lint-cmd-")
	if err != nil {
		return "", err
	}
	binaryDir = dir
	bin := filepath.Join(dir, "osmosis-lint")
	if err := goBuild(bin); err != nil {
		return "", err
	}
	return bin, nil
})

// binaryDir is builtBinary's directory, removed by TestMain.
var binaryDir string

// goBuild builds this command into bin, statically, with extra go build
// arguments (linker flags) before the package.
func goBuild(bin string, args ...string) error {
	build := exec.Command("go", append(append([]string{"build", "-o", bin}, args...), ".")...)
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	return nil
}

// testBinary is the built osmosis-lint, or the test's failure.
func testBinary(t *testing.T) string {
	t.Helper()
	bin, err := builtBinary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}
