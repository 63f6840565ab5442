// Command release packages and checks a release of osmosis-lint after
// GoReleaser has built its binaries and archives (.goreleaser.yaml): it
// builds the Python wheels, writes checksums.txt over every release file,
// and verifies the whole dist/ directory. .ci/release runs it; it is not
// part of the product.
//
//	go run ./editors/release targets                 the platform table, as JSON
//	go run ./editors/release wheels [-dist dist]     one wheel per binary GoReleaser built
//	go run ./editors/release wheel -binary FILE -goos OS -goarch ARCH -version V [-out DIR]
//	go run ./editors/release version [-dist dist]    the release's semantic version
//	go run ./editors/release vscode-targets [-dist dist]  TARGET=BINARY lines for editors/vscode/scripts/package.mjs
//	go run ./editors/release checksums [-dist dist]  (re)write checksums.txt
//	go run ./editors/release verify [-dist dist] [-goos linux,darwin,windows]
//	go run ./editors/release smoke [-dist dist] [-python python3] [-workspace workspace/example]
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: release targets|wheels|wheel|version|vscode-targets|checksums|verify|smoke [flags]")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	dist := fs.String("dist", "dist", "the GoReleaser dist `DIR`")
	switch args[0] {
	case "targets":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(targets)
	case "wheels":
		license := fs.String("license", "LICENSE", "license `FILE` to ship")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return buildWheels(*dist, *license, stdout)
	case "wheel":
		bin := fs.String("binary", "", "the osmosis-lint executable")
		goos := fs.String("goos", "", "its GOOS")
		goarch := fs.String("goarch", "", "its GOARCH")
		version := fs.String("version", "", "the semantic version")
		out := fs.String("out", ".", "output `DIR`")
		license := fs.String("license", "LICENSE", "license `FILE` to ship")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		t, err := findTarget(*goos, *goarch)
		if err != nil {
			return err
		}
		p, err := buildWheel(*bin, t, *version, *license, *out)
		if err == nil {
			fmt.Fprintln(stdout, p)
		}
		return err
	case "version":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		meta, err := readMetadata(*dist)
		if err == nil {
			fmt.Fprintln(stdout, meta.Version)
		}
		return err
	case "vscode-targets":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		bins, err := readBinaries(*dist)
		if err != nil {
			return err
		}
		for _, b := range bins {
			abs, err := filepath.Abs(b.path)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s=%s\n", b.target.VSCode, abs)
		}
		return nil
	case "smoke":
		python := fs.String("python", "python3", "the Python `interpreter` to make the venv with")
		ws := fs.String("workspace", filepath.Join("workspace", "example"), "an Osmosis workspace to check")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return smoke(*dist, *python, *ws, stdout)
	case "checksums":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return writeChecksums(*dist)
	case "verify":
		goos := fs.String("goos", "", "comma-separated `GOOS list` of a partial release (.ci/release --goos); empty: all six targets")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		want, err := targetsOf(*goos)
		if err != nil {
			return err
		}
		return verify(*dist, want, stdout)
	}
	return fmt.Errorf("unknown command %q", args[0])
}

// sourceDate is the time of the commit released (SOURCE_DATE_EPOCH, as
// reproducible builds define it), else the zip epoch.
func sourceDate() (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		return time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC), nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: %v", s, err)
	}
	return time.Unix(n, 0).UTC(), nil
}

func buildWheel(bin string, t target, semver, licenseFile, out string) (string, error) {
	v, err := pep440(semver)
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(bin)
	if err != nil {
		return "", err
	}
	if err := checkBinary(b, t); err != nil {
		return "", fmt.Errorf("%s: %v", bin, err)
	}
	license, err := os.ReadFile(licenseFile)
	if err != nil {
		return "", err
	}
	mtime, err := sourceDate()
	if err != nil {
		return "", err
	}
	return wheelSpec{Version: v, Target: t, Binary: b, License: license, Mtime: mtime}.write(out)
}

// buildWheels builds a wheel for each binary GoReleaser built.
func buildWheels(dist, licenseFile string, stdout io.Writer) error {
	meta, err := readMetadata(dist)
	if err != nil {
		return err
	}
	bins, err := readBinaries(dist)
	if err != nil {
		return err
	}
	for _, b := range bins {
		p, err := buildWheel(b.path, b.target, meta.Version, licenseFile, dist)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, p)
	}
	return nil
}

// hostTarget is the release target of the machine running this.
func hostTarget() (target, error) { return findTarget(hostGOOS, hostGOARCH) }

// filepathFromArtifact resolves an artifacts.json path, which GoReleaser
// writes relative to the directory holding dist/.
func filepathFromArtifact(dist, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(filepath.Dir(filepath.Clean(dist)), filepath.FromSlash(p))
}
