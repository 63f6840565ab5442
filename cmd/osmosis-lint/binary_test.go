package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// releasePackage is where a release's linker flags set the version.
const releasePackage = "github.com/osmosis-lint/osmosis-lint/lint/version"

// releaseLDFlags are the linker flags of a release build (.goreleaser.yaml)
// with a version, commit and date of the tests' own.
const releaseLDFlags = "-X " + releasePackage + ".version=v1.2.3 -X " + releasePackage + ".commit=0123456789abcdef0123456789abcdef01234567 -X " + releasePackage + ".date=2026-11-01T09:30:00Z"

// builtBinary builds osmosis-lint once per test run, as a release is built
// (CGO_ENABLED=0: a static binary, which the traced test needs: no dynamic
// loader reading files outside the workspace; the version linked in), for
// the tests that run the real binary: one link for all of them. The
// directory goes when the tests end (TestMain).
var builtBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "osmosis-lint-cmd-")
	if err != nil {
		return "", err
	}
	binaryDir = dir
	bin := filepath.Join(dir, "osmosis-lint")
	if err := goBuild(bin, "-ldflags", releaseLDFlags); err != nil {
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
