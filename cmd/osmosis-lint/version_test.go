package main

import (
	"os/exec"
	"path/filepath"
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
	bin := filepath.Join(t.TempDir(), "osmosis-lint")
	pkg := "github.com/osmosis-lint/osmosis-lint/lint/version"
	ldflags := "-X " + pkg + ".version=v1.2.3 -X " + pkg + ".commit=0123456789abcdef0123456789abcdef01234567 -X " + pkg + ".date=2026-11-01T09:30:00Z"
	// its own link (the flags), the compiled packages of builtBinary's
	if err := goBuild(bin, "-ldflags", ldflags); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(out), "osmosis-lint 1.2.3 (0123456789ab 2026-11-01)\n"; got != want {
		t.Errorf("version printed %q, want %q", got, want)
	}
}
