package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPEP440(t *testing.T) {
	for in, want := range map[string]string{
		"0.1.0":                   "0.1.0",
		"v1.2.3":                  "1.2.3",
		"0.2.0-rc.1":              "0.2.0rc1",
		"0.2.0-rc1":               "0.2.0rc1",
		"1.0.0-alpha.2":           "1.0.0a2",
		"1.0.0-beta":              "1.0.0b0",
		"0.1.1-dev+g1a2b3c4":      "0.1.1.dev0+g1a2b3c4",
		"0.0.0-dev+g0123456":      "0.0.0.dev0+g0123456",
		"0.0.0-devel":             "0.0.0.dev0",
		"0.1.0+build-7.x":         "0.1.0+build.7.x",
		"0.3.0-dev.4+abcdef12345": "0.3.0.dev4+abcdef12345",
	} {
		got, err := pep440(in)
		if err != nil || got != want {
			t.Errorf("pep440(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "1.2", "01.2.3", "0.1.0-SNAPSHOT-abc", "0.1.0-20261101093000-1a2b3c4d5e6f", "latest", "0.0.0-dev+0123456"} {
		if got, err := pep440(bad); err == nil {
			t.Errorf("pep440(%q) = %q, want an error", bad, got)
		}
	}
}

// fakeDist writes what GoReleaser and the VS Code packaging leave in
// dist/, with fake executables, for every target.
func fakeDist(t *testing.T) (dist string, meta releaseMeta) {
	t.Helper()
	root := t.TempDir()
	dist = filepath.Join(root, "dist")
	if err := os.Mkdir(dist, 0o755); err != nil {
		t.Fatal(err)
	}
	meta = releaseMeta{ProjectName: "osmosis-lint", Tag: "v0.1.0", Version: "0.1.0", Commit: strings.Repeat("ab", 20)}
	writeJSON(t, filepath.Join(dist, "metadata.json"), meta)
	var arts []map[string]string
	for _, tg := range targets {
		bin := fakeExecutable(t, tg.GOOS, tg.GOARCH, false)
		rel := fmt.Sprintf("dist/osmosis-lint_%s_%s/%s", tg.GOOS, tg.GOARCH, tg.exe())
		writeFile(t, filepath.Join(root, rel), bin, 0o755)
		arts = append(arts, map[string]string{"path": rel, "goos": tg.GOOS, "goarch": tg.GOARCH, "type": "Binary"})
		writeFile(t, filepath.Join(dist, tg.archive()), archive(t, tg, bin), 0o644)
		writeFile(t, filepath.Join(dist, tg.vsix()), vsix(t, tg.VSCode, tg.exe(), bin), 0o644)
	}
	arts = append(arts, map[string]string{"path": "dist/metadata.json", "type": "Metadata"})
	writeJSON(t, filepath.Join(dist, "artifacts.json"), arts)
	writeFile(t, filepath.Join(dist, universalVSIX), vsix(t, "", "", nil), 0o644)
	license := filepath.Join(root, "LICENSE")
	writeFile(t, license, []byte("MIT License\n"), 0o644)
	if err := buildWheels(dist, license, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := writeChecksums(dist); err != nil {
		t.Fatal(err)
	}
	return dist, meta
}

func writeFile(t *testing.T, p string, b []byte, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, mode); err != nil {
		t.Fatal(err)
	}
}

func writeJSON(t *testing.T, p string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, p, b, 0o644)
}

// archive is a release archive as GoReleaser writes it.
func archive(t *testing.T, tg target, bin []byte) []byte {
	t.Helper()
	files := []struct {
		name string
		data []byte
		mode int64
	}{{"LICENSE", []byte("MIT License\n"), 0o644}, {"README.md", []byte("# osmosis-lint\n"), 0o644}, {tg.exe(), bin, 0o755}}
	var buf bytes.Buffer
	if tg.GOOS == "windows" {
		zw := zip.NewWriter(&buf)
		for _, f := range files {
			w, _ := zw.Create(f.name)
			w.Write(f.data)
		}
		zw.Close()
		return buf.Bytes()
	}
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.data)), Typeflag: tar.TypeReg})
		tw.Write(f.data)
	}
	tw.Close()
	gz.Close()
	return buf.Bytes()
}

// vsix is an extension package in the layout vsce writes; an empty target
// is the universal one, without a binary.
func vsix(t *testing.T, target, exe string, bin []byte) []byte {
	t.Helper()
	manifest := `<Identity Id="osmosis-lint" Version="0.1.0" Publisher="osmosis-lint"/>`
	if target != "" {
		manifest = `<Identity Id="osmosis-lint" Version="0.1.0" Publisher="osmosis-lint" TargetPlatform="` + target + `"/>`
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name string, data []byte, mode os.FileMode) {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		h.SetMode(mode)
		w, _ := zw.CreateHeader(h)
		w.Write(data)
	}
	add("extension.vsixmanifest", []byte(manifest), 0o644)
	add("extension/package.json", []byte(`{"name":"osmosis-lint"}`), 0o644)
	add("extension/dist/extension.js", []byte("'use strict';"), 0o644)
	if bin != nil {
		add("extension/bin/"+exe, bin, 0o755)
	}
	zw.Close()
	return buf.Bytes()
}

func TestVerifyAcceptsACompleteDist(t *testing.T) {
	saved := hostGOOS
	hostGOOS = "plan9" // no host binary to run: the fakes do not execute
	defer func() { hostGOOS = saved }()
	dist, _ := fakeDist(t)
	var out strings.Builder
	if err := verify(dist, targets, &out); err != nil {
		t.Fatalf("verify: %v\n%s", err, out.String())
	}
	if n := strings.Count(out.String(), "ok   "); n != 3*len(targets)+2 {
		t.Errorf("%d checks passed, want %d:\n%s", n, 3*len(targets)+2, out.String())
	}
}

// Each way a release can be broken is caught, with a message that names it.
func TestVerifyRejects(t *testing.T) {
	saved := hostGOOS
	hostGOOS = "plan9"
	defer func() { hostGOOS = saved }()
	linuxArm, _ := findTarget("linux", "arm64")
	for _, tc := range []struct {
		name  string
		spoil func(t *testing.T, dist string)
		want  string
	}{
		{"a file changed after checksums.txt", func(t *testing.T, dist string) {
			appendTo(t, filepath.Join(dist, "osmosis-lint_linux_amd64.tar.gz"), []byte{0})
		}, "osmosis-lint_linux_amd64.tar.gz has sha256"},
		{"a release file checksums.txt does not list", func(t *testing.T, dist string) {
			writeFile(t, filepath.Join(dist, "extra.zip"), []byte("x"), 0o644)
		}, "checksums.txt does not list extra.zip"},
		{"a missing wheel", func(t *testing.T, dist string) {
			matches, _ := filepath.Glob(filepath.Join(dist, "*win_arm64.whl"))
			os.Remove(matches[0])
		}, "win_arm64.whl"},
		{"an archive with another target's binary", func(t *testing.T, dist string) {
			amd, _ := findTarget("linux", "amd64")
			writeFile(t, filepath.Join(dist, amd.archive()), archive(t, amd, fakeExecutable(t, "linux", "arm64", false)), 0o644)
			writeChecksums(dist)
		}, "executable for linux/arm64, want linux/amd64"},
		{"a VS Code extension for the wrong target", func(t *testing.T, dist string) {
			writeFile(t, filepath.Join(dist, linuxArm.vsix()), vsix(t, "linux-x64", "osmosis-lint", fakeExecutable(t, "linux", "arm64", false)), 0o644)
			writeChecksums(dist)
		}, "does not name the target linux-arm64"},
		{"a binary in the universal extension", func(t *testing.T, dist string) {
			writeFile(t, filepath.Join(dist, universalVSIX), vsix(t, "", "osmosis-lint", []byte("x")), 0o644)
			writeChecksums(dist)
		}, "the universal extension holds a binary"},
		{"a wheel whose RECORD is wrong", func(t *testing.T, dist string) {
			matches, _ := filepath.Glob(filepath.Join(dist, "*manylinux_2_17_x86_64*.whl"))
			rewriteZip(t, matches[0], func(name string, b []byte) []byte {
				if strings.HasSuffix(name, ".py") {
					return append(b, '#')
				}
				return b
			})
			writeChecksums(dist)
		}, "RECORD says"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dist, _ := fakeDist(t)
			tc.spoil(t, dist)
			err := verify(dist, targets, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("verify: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

func appendTo(t *testing.T, p string, b []byte) {
	t.Helper()
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(b)
	f.Close()
}

func rewriteZip(t *testing.T, p string, edit func(string, []byte) []byte) {
	t.Helper()
	zr, err := zip.OpenReader(p)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		b, err := readZipFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h := f.FileHeader
		w, _ := zw.CreateHeader(&h)
		w.Write(edit(f.Name, b))
	}
	zr.Close()
	zw.Close()
	writeFile(t, p, buf.Bytes(), 0o644)
}

// A wheel follows the spec: its name carries the target's tags, RECORD
// holds every entry's hash and size, the binary is an executable script, and
// the same inputs give the same bytes.
func TestWheel(t *testing.T) {
	tg, _ := findTarget("linux", "arm64")
	spec := wheelSpec{Version: "0.1.0", Target: tg, Binary: fakeExecutable(t, "linux", "arm64", false), License: []byte("MIT\n"),
		Mtime: time.Date(2026, 11, 1, 9, 30, 0, 0, time.UTC)}
	if got, want := spec.wheelName(), "osmosis_lint-0.1.0-py3-none-manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64.whl"; got != want {
		t.Errorf("name %s, want %s", got, want)
	}
	a, err := spec.build()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := spec.build()
	if !bytes.Equal(a, b) {
		t.Errorf("two builds of the same wheel differ")
	}
	bin, err := wheelBinary(a, tg, "0.1.0")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bin, spec.Binary) {
		t.Errorf("the script is not the binary")
	}
	zr, _ := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if !f.Modified.Equal(spec.Mtime) {
			t.Errorf("%s: time %v, want %v", f.Name, f.Modified, spec.Mtime)
		}
	}
	want := []string{
		"osmosis_lint/__init__.py", "osmosis_lint/__main__.py",
		"osmosis_lint-0.1.0.data/scripts/osmosis-lint",
		"osmosis_lint-0.1.0.dist-info/METADATA", "osmosis_lint-0.1.0.dist-info/WHEEL",
		"osmosis_lint-0.1.0.dist-info/LICENSE", "osmosis_lint-0.1.0.dist-info/RECORD",
	}
	if strings.Join(names, "\n") != strings.Join(want, "\n") {
		t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(names, "\n"), strings.Join(want, "\n"))
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		files[f.Name], _ = readZipFile(f)
	}
	wheelFile := string(files["osmosis_lint-0.1.0.dist-info/WHEEL"])
	for _, line := range []string{"Wheel-Version: 1.0", "Root-Is-Purelib: false", "Tag: py3-none-manylinux_2_17_aarch64", "Tag: py3-none-musllinux_1_1_aarch64"} {
		if !strings.Contains(wheelFile, line+"\n") {
			t.Errorf("WHEEL lacks %q:\n%s", line, wheelFile)
		}
	}
	meta := string(files["osmosis_lint-0.1.0.dist-info/METADATA"])
	for _, line := range []string{"Metadata-Version: 2.1", "Name: osmosis-lint", "Version: 0.1.0", "License: MIT"} {
		if !strings.Contains(meta, line+"\n") {
			t.Errorf("METADATA lacks %q", line)
		}
	}
	win, _ := findTarget("windows", "amd64")
	if n := (wheelSpec{Version: "0.1.0", Target: win}).wheelName(); n != "osmosis_lint-0.1.0-py3-none-win_amd64.whl" {
		t.Errorf("windows wheel %s", n)
	}
}
