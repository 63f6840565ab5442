package main

import (
	"bytes"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeExecutable is the smallest file whose header says "executable for
// goos/goarch", as the header readers of debug/elf, debug/macho and
// debug/pe parse it. dynamic adds a program interpreter to an ELF file.
func fakeExecutable(t testing.TB, goos, goarch string, dynamic bool) []byte {
	t.Helper()
	var b bytes.Buffer
	le := binary.LittleEndian
	switch goos {
	case "linux":
		machine := elf.EM_X86_64
		if goarch == "arm64" {
			machine = elf.EM_AARCH64
		}
		phnum := uint16(0)
		if dynamic {
			phnum = 1
		}
		h := elf.Header64{Type: uint16(elf.ET_EXEC), Machine: uint16(machine), Version: 1, Phoff: 64, Ehsize: 64, Phentsize: 56, Phnum: phnum}
		copy(h.Ident[:], elf.ELFMAG)
		h.Ident[elf.EI_CLASS], h.Ident[elf.EI_DATA], h.Ident[elf.EI_VERSION] = byte(elf.ELFCLASS64), byte(elf.ELFDATA2LSB), byte(elf.EV_CURRENT)
		binary.Write(&b, le, h)
		if dynamic {
			binary.Write(&b, le, elf.Prog64{Type: uint32(elf.PT_INTERP), Off: 120, Filesz: 1, Memsz: 1})
			b.WriteByte(0)
		}
	case "darwin":
		cpu := macho.CpuAmd64
		if goarch == "arm64" {
			cpu = macho.CpuArm64
		}
		binary.Write(&b, le, macho.FileHeader{Magic: macho.Magic64, Cpu: cpu, Type: macho.TypeExec})
		b.Write(make([]byte, 4)) // the reserved word of a 64-bit header
	case "windows":
		machine := uint16(pe.IMAGE_FILE_MACHINE_AMD64)
		if goarch == "arm64" {
			machine = pe.IMAGE_FILE_MACHINE_ARM64
		}
		dos := make([]byte, 64)
		dos[0], dos[1] = 'M', 'Z'
		le.PutUint32(dos[0x3c:], 64)
		b.Write(dos)
		b.WriteString("PE\x00\x00")
		binary.Write(&b, le, pe.FileHeader{Machine: machine, Characteristics: pe.IMAGE_FILE_EXECUTABLE_IMAGE})
		b.Write(make([]byte, 64)) // room for the reader's look at a string table
	default:
		t.Fatalf("no fake executable for %s", goos)
	}
	return b.Bytes()
}

func TestBinaryTarget(t *testing.T) {
	for _, tg := range targets {
		b := fakeExecutable(t, tg.GOOS, tg.GOARCH, false)
		if err := checkBinary(b, tg); err != nil {
			t.Errorf("%s/%s: %v", tg.GOOS, tg.GOARCH, err)
		}
		for _, other := range targets {
			if other.key() != tg.key() && checkBinary(b, other) == nil {
				t.Errorf("a %s/%s executable passes as %s/%s", tg.GOOS, tg.GOARCH, other.GOOS, other.GOARCH)
			}
		}
	}
	linux, _ := findTarget("linux", "amd64")
	if err := checkBinary(fakeExecutable(t, "linux", "amd64", true), linux); err == nil || !strings.Contains(err.Error(), "dynamically linked") {
		t.Errorf("a dynamically linked executable: %v, want an error", err)
	}
	if _, _, err := binaryTarget([]byte("#!/bin/sh\necho hi\n")); err == nil {
		t.Errorf("a shell script passes as an executable")
	}
}

func TestTargetsOf(t *testing.T) {
	all, _ := targetsOf("")
	linux, _ := targetsOf("linux")
	two, _ := targetsOf("linux,windows")
	if len(all) != 6 || len(linux) != 2 || len(two) != 4 || linux[0].GOOS != "linux" || two[3].GOOS != "windows" {
		t.Errorf("targetsOf: %d, %d, %d targets", len(all), len(linux), len(two))
	}
	if _, err := targetsOf("plan9"); err == nil {
		t.Errorf("targetsOf(plan9) has no error")
	}
}

// The platform table is complete and unambiguous: six targets, each with
// its wheel tags, extension target and archive.
func TestTargets(t *testing.T) {
	if len(targets) != 6 {
		t.Fatalf("%d targets, want 6", len(targets))
	}
	seen := map[string]bool{}
	for _, tg := range targets {
		for _, s := range append([]string{tg.key(), tg.VSCode, tg.archive(), tg.vsix()}, tg.Wheel...) {
			if seen[s] {
				t.Errorf("%s appears twice", s)
			}
			seen[s] = true
		}
		if len(tg.Wheel) == 0 {
			t.Errorf("%s has no wheel tags", tg.key())
		}
	}
}

// TestStrippedBinary: a release binary is built with -s -w (and
// -trimpath), so the check of dist/ refuses an executable with a symbol
// table or debug information, and takes the same program stripped.
func TestStrippedBinary(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("builds a linux executable")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n\ngo 1.21\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build := func(args ...string) []byte {
		out := filepath.Join(dir, "hello")
		cmd := exec.Command("go", append(append([]string{"build"}, args...), "-o", out, ".")...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %v: %v\n%s", args, err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if err := checkStripped(build()); err == nil || !strings.Contains(err.Error(), "not stripped") {
		t.Errorf("an unstripped build: %v", err)
	}
	if err := checkStripped(build("-trimpath", "-ldflags=-s -w")); err != nil {
		t.Errorf("a stripped build: %v", err)
	}
	cfg, err := os.ReadFile(filepath.Join("..", "..", ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"- -trimpath", "- -s -w"} {
		if !strings.Contains(string(cfg), want) {
			t.Errorf(".goreleaser.yaml lacks %q", want)
		}
	}
}
