package main

import (
	"fmt"
	"strings"
)

// target is one platform a release ships for: the Go target, the wheel
// platform tags pip and uv match against the running interpreter, and the
// VS Code extension target. This table is the one place that maps them.
type target struct {
	GOOS   string `json:"goos"`
	GOARCH string `json:"goarch"`
	// Wheel is the compressed tag set of the wheel's platform. The
	// binaries are static (CGO_ENABLED=0), so one linux wheel serves glibc
	// (manylinux) and musl (musllinux) systems alike; Go 1.26 needs macOS 12
	// and Windows 10.
	Wheel []string `json:"wheel"`
	// VSCode is the `vsce package --target` of the platform extension.
	VSCode string `json:"vscode"`
}

var targets = []target{
	{"linux", "amd64", []string{"manylinux_2_17_x86_64", "manylinux2014_x86_64", "musllinux_1_1_x86_64"}, "linux-x64"},
	{"linux", "arm64", []string{"manylinux_2_17_aarch64", "manylinux2014_aarch64", "musllinux_1_1_aarch64"}, "linux-arm64"},
	{"darwin", "amd64", []string{"macosx_12_0_x86_64"}, "darwin-x64"},
	{"darwin", "arm64", []string{"macosx_12_0_arm64"}, "darwin-arm64"},
	{"windows", "amd64", []string{"win_amd64"}, "win32-x64"},
	{"windows", "arm64", []string{"win_arm64"}, "win32-arm64"},
}

func findTarget(goos, goarch string) (target, error) {
	for _, t := range targets {
		if t.GOOS == goos && t.GOARCH == goarch {
			return t, nil
		}
	}
	return target{}, fmt.Errorf("no release target %s/%s", goos, goarch)
}

// exe is the binary's file name on the target.
func (t target) exe() string {
	if t.GOOS == "windows" {
		return "osmosis-lint.exe"
	}
	return "osmosis-lint"
}

// archive is the name GoReleaser gives the target's archive
// (.goreleaser.yaml, archives.name_template and format_overrides).
func (t target) archive() string {
	if t.GOOS == "windows" {
		return "osmosis-lint_" + t.GOOS + "_" + t.GOARCH + ".zip"
	}
	return "osmosis-lint_" + t.GOOS + "_" + t.GOARCH + ".tar.gz"
}

// vsix is the file name of the target's VS Code extension.
func (t target) vsix() string { return "osmosis-lint-vscode-" + t.VSCode + ".vsix" }

// universalVSIX is the extension without a binary, which looks for one.
const universalVSIX = "osmosis-lint-vscode.vsix"

// targetsOf is the targets of a comma-separated GOOS list ("" is all).
func targetsOf(goosList string) ([]target, error) {
	if goosList == "" {
		return targets, nil
	}
	var out []target
	for _, goos := range strings.Split(goosList, ",") {
		n := len(out)
		for _, t := range targets {
			if t.GOOS == goos {
				out = append(out, t)
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("no release targets for GOOS %q", goos)
		}
	}
	return out, nil
}
