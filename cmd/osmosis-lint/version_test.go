package main

import (
	"os/exec"
	"strings"
	"testing"

	buildversion "github.com/osmosis-lint/osmosis-lint/lint/version"
)

func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		var out, errOut strings.Builder
		if code := run(args, strings.NewReader(""), &out, &errOut); code != exitOK {
			t.Fatalf("%v: exit %d, stderr %s", args, code, errOut.String())
		}
		if want := "osmosis-lint " + buildversion.String() + "\n"; out.String() != want {
			t.Errorf("%v printed %q, want %q", args, out.String(), want)
		}
	}
}

// The linker flags of a release build (.goreleaser.yaml) reach the version
// command: the semver, the commit and the date.
func TestVersionFromLinkerFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	// builtBinary is linked with releaseLDFlags, as a release is
	bin := testBinary(t)
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(out), "osmosis-lint 1.2.3 (0123456789ab 2026-11-01)\n"; got != want {
		t.Errorf("version printed %q, want %q", got, want)
	}
}
