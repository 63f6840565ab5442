package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// verify checks a finished dist/: every target's archive, wheel and VS Code
// extension is there and holds that target's binary (the same bytes
// everywhere), checksums.txt lists every release file with its right
// digest, and the host's binary says the release's version and commit.
func verify(dist string, want []target, stdout io.Writer) error {
	meta, err := readMetadata(dist)
	if err != nil {
		return err
	}
	bins, err := readBinaries(dist)
	if err != nil {
		return err
	}
	built := map[string]*builtBinary{}
	for i := range bins {
		built[bins[i].target.key()] = &bins[i]
	}
	pyVersion, err := pep440(meta.Version)
	if err != nil {
		return err
	}
	var errs []error
	fail := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	expected := map[string]bool{universalVSIX: true}
	for _, t := range want {
		b := built[t.key()]
		if b == nil {
			fail("%s/%s: GoReleaser built no binary", t.GOOS, t.GOARCH)
			continue
		}
		bin, err := os.ReadFile(b.path)
		if err != nil {
			fail("%v", err)
			continue
		}
		if err := checkBinary(bin, t); err != nil {
			fail("%s: %v", b.path, err)
		}
		if err := checkStripped(bin); err != nil {
			fail("%s: %v", b.path, err)
		}
		w := wheelSpec{Version: pyVersion, Target: t}.wheelName()
		expected[t.archive()], expected[w], expected[t.vsix()] = true, true, true
		check := func(name string, f func([]byte) ([]byte, error)) {
			data, err := os.ReadFile(filepath.Join(dist, name))
			if err != nil {
				fail("%v", err)
				return
			}
			inner, err := f(data)
			if err != nil {
				fail("%s: %v", name, err)
			} else if !bytes.Equal(inner, bin) {
				fail("%s: its binary differs from GoReleaser's %s", name, b.path)
			} else {
				fmt.Fprintf(stdout, "ok   %s (%s/%s)\n", name, t.GOOS, t.GOARCH)
			}
		}
		check(t.archive(), func(d []byte) ([]byte, error) { return archiveBinary(d, t) })
		check(w, func(d []byte) ([]byte, error) { return wheelBinary(d, t, pyVersion) })
		check(t.vsix(), func(d []byte) ([]byte, error) { return vsixBinary(d, t) })
		if t.GOOS == hostGOOS && t.GOARCH == hostGOARCH {
			if err := checkVersionOutput(b.path, meta); err != nil {
				fail("%v", err)
			} else {
				fmt.Fprintf(stdout, "ok   %s version says %s at %.12s\n", b.path, meta.Version, meta.Commit)
			}
		}
	}
	if data, err := os.ReadFile(filepath.Join(dist, universalVSIX)); err != nil {
		fail("%v", err)
	} else if err := checkUniversalVSIX(data); err != nil {
		fail("%s: %v", universalVSIX, err)
	} else {
		fmt.Fprintf(stdout, "ok   %s (no binary)\n", universalVSIX)
	}
	if err := checkChecksums(dist, expected); err != nil {
		fail("%v", err)
	} else {
		fmt.Fprintf(stdout, "ok   checksums.txt (%d files)\n", len(expected))
	}
	return errors.Join(errs...)
}

func (t target) key() string { return t.GOOS + "/" + t.GOARCH }

// checkChecksums: checksums.txt lists exactly the release files in dist/,
// each with its digest.
func checkChecksums(dist string, expected map[string]bool) error {
	b, err := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	if err != nil {
		return err
	}
	sums, err := parseChecksums(b)
	if err != nil {
		return err
	}
	files, err := releaseFiles(dist)
	if err != nil {
		return err
	}
	present := map[string]bool{}
	for _, f := range files {
		present[f] = true
		if _, ok := sums[f]; !ok {
			return fmt.Errorf("checksums.txt does not list %s", f)
		}
	}
	for name := range expected {
		if !present[name] {
			return fmt.Errorf("dist/ has no %s", name)
		}
	}
	for name, sum := range sums {
		if !present[name] {
			return fmt.Errorf("checksums.txt lists %s, which dist/ does not hold", name)
		}
		got, err := sha256File(filepath.Join(dist, name))
		if err != nil {
			return err
		}
		if got != sum {
			return fmt.Errorf("checksums.txt: %s has sha256 %s, the file %s", name, sum, got)
		}
	}
	return nil
}

// archiveBinary checks a release archive (README.md, LICENSE and the
// binary, nothing else) and returns its binary.
func archiveBinary(data []byte, t target) ([]byte, error) {
	files := map[string][]byte{}
	modes := map[string]int64{}
	if t.GOOS == "windows" {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, err
		}
		for _, f := range zr.File {
			b, err := readZipFile(f)
			if err != nil {
				return nil, err
			}
			files[f.Name] = b
		}
	} else {
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, err
			}
			if h.Typeflag != tar.TypeReg {
				return nil, fmt.Errorf("%s is not a regular file", h.Name)
			}
			b, err := io.ReadAll(io.LimitReader(tr, 512<<20))
			if err != nil {
				return nil, err
			}
			files[h.Name], modes[h.Name] = b, h.Mode
		}
		if modes[t.exe()]&0o111 != 0o111 {
			return nil, fmt.Errorf("%s is not executable (mode %o)", t.exe(), modes[t.exe()])
		}
	}
	for _, name := range []string{"README.md", "LICENSE", t.exe()} {
		if _, ok := files[name]; !ok {
			return nil, fmt.Errorf("no %s in the archive", name)
		}
	}
	if len(files) != 3 {
		return nil, fmt.Errorf("%d files, want README.md, LICENSE and %s", len(files), t.exe())
	}
	bin := files[t.exe()]
	return bin, checkBinary(bin, t)
}

func readZipFile(f *zip.File) ([]byte, error) {
	if !clean(f.Name) {
		return nil, fmt.Errorf("entry %q leaves the archive", f.Name)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(io.LimitReader(rc, 512<<20))
}

// wheelBinary checks a wheel against the spec (its name's tags, WHEEL,
// METADATA's version, RECORD's hashes and sizes for every entry) and
// returns the binary it installs as a script.
func wheelBinary(data []byte, t target, version string) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	info := fmt.Sprintf("%s-%s.dist-info/", distName, version)
	files := map[string][]byte{}
	var script *zip.File
	for _, f := range zr.File {
		b, err := readZipFile(f)
		if err != nil {
			return nil, err
		}
		files[f.Name] = b
		if f.Name == fmt.Sprintf("%s-%s.data/scripts/%s", distName, version, t.exe()) {
			script = f
		}
	}
	if script == nil {
		return nil, fmt.Errorf("no script %s in the wheel", t.exe())
	}
	if t.GOOS != "windows" && script.Mode().Perm()&0o111 != 0o111 {
		return nil, fmt.Errorf("the script is not executable (mode %v)", script.Mode())
	}
	if err := checkRecord(files, info+"RECORD"); err != nil {
		return nil, err
	}
	if w := wheelMeta(t); string(files[info+"WHEEL"]) != w {
		return nil, fmt.Errorf("WHEEL is %q, want %q", files[info+"WHEEL"], w)
	}
	if !bytes.Contains(files[info+"METADATA"], []byte("\nVersion: "+version+"\n")) {
		return nil, fmt.Errorf("METADATA does not say Version: %s", version)
	}
	return files[script.Name], checkBinary(files[script.Name], t)
}

// checkRecord: RECORD lists every other entry once, with its sha256 and
// size, and itself without a hash.
func checkRecord(files map[string][]byte, record string) error {
	rec, ok := files[record]
	if !ok {
		return fmt.Errorf("no %s", record)
	}
	listed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(rec))
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ",")
		if len(parts) != 3 {
			return fmt.Errorf("RECORD line %q", sc.Text())
		}
		name := parts[0]
		if listed[name] {
			return fmt.Errorf("RECORD lists %s twice", name)
		}
		listed[name] = true
		if name == record {
			if parts[1] != "" || parts[2] != "" {
				return fmt.Errorf("RECORD hashes itself")
			}
			continue
		}
		b, ok := files[name]
		if !ok {
			return fmt.Errorf("RECORD lists %s, which the wheel does not hold", name)
		}
		if want := fmt.Sprintf("%s,%d", recordHash(b), len(b)); parts[1]+","+parts[2] != want {
			return fmt.Errorf("RECORD says %s,%s for %s, the entry is %s", parts[1], parts[2], name, want)
		}
	}
	for name := range files {
		if !listed[name] {
			return fmt.Errorf("RECORD does not list %s", name)
		}
	}
	return sc.Err()
}

// vsixBinary checks a platform VS Code extension: its manifest names the
// target, and extension/bin holds that target's executable.
func vsixBinary(data []byte, t target) ([]byte, error) {
	files, modes, err := vsixFiles(data)
	if err != nil {
		return nil, err
	}
	if !bytes.Contains(files["extension.vsixmanifest"], []byte(`TargetPlatform="`+t.VSCode+`"`)) {
		return nil, fmt.Errorf("extension.vsixmanifest does not name the target %s", t.VSCode)
	}
	name := "extension/bin/" + t.exe()
	bin, ok := files[name]
	if !ok {
		return nil, fmt.Errorf("no %s", name)
	}
	for n := range files {
		if strings.HasPrefix(n, "extension/bin/") && n != name {
			return nil, fmt.Errorf("a second binary %s", n)
		}
	}
	if t.GOOS != "windows" && modes[name]&0o111 != 0o111 {
		return nil, fmt.Errorf("%s is not executable (mode %o)", name, modes[name])
	}
	return bin, checkBinary(bin, t)
}

func checkUniversalVSIX(data []byte) error {
	files, _, err := vsixFiles(data)
	if err != nil {
		return err
	}
	if bytes.Contains(files["extension.vsixmanifest"], []byte("TargetPlatform=")) {
		return fmt.Errorf("the universal extension names a target platform")
	}
	for n := range files {
		if strings.HasPrefix(n, "extension/bin/") {
			return fmt.Errorf("the universal extension holds a binary, %s", n)
		}
	}
	return nil
}

func vsixFiles(data []byte) (map[string][]byte, map[string]os.FileMode, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, nil, err
	}
	files := map[string][]byte{}
	modes := map[string]os.FileMode{}
	for _, f := range zr.File {
		b, err := readZipFile(f)
		if err != nil {
			return nil, nil, err
		}
		files[f.Name], modes[f.Name] = b, f.Mode().Perm()
	}
	for _, need := range []string{"extension.vsixmanifest", "extension/package.json"} {
		if _, ok := files[need]; !ok {
			return nil, nil, fmt.Errorf("no %s", need)
		}
	}
	for n := range files {
		if strings.HasPrefix(n, "extension/node_modules/") || strings.HasPrefix(n, "extension/src/") {
			return nil, nil, fmt.Errorf("%s: the bundled extension ships sources or node_modules", n)
		}
	}
	return files, modes, nil
}

// checkVersionOutput runs the binary's version command: it must name the
// release's version and commit.
func checkVersionOutput(bin string, meta releaseMeta) error {
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		return fmt.Errorf("%s version: %v", bin, err)
	}
	want := fmt.Sprintf("osmosis-lint %s (%.12s ", meta.Version, meta.Commit)
	if !strings.HasPrefix(string(out), want) {
		return fmt.Errorf("%s version printed %q, want it to start with %q", bin, out, want)
	}
	return nil
}
