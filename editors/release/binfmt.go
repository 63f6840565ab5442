package main

import (
	"bytes"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"fmt"
	"strings"
)

// binaryTarget reads an executable's header and says which OS and CPU it is
// for, in Go's names. A linux executable must also be static: a program
// interpreter (a dynamic loader) would tie it to one libc, which the wheel
// tags and the archives promise it is not.
func binaryTarget(b []byte) (goos, goarch string, err error) {
	r := bytes.NewReader(b)
	if f, err := elf.NewFile(r); err == nil {
		defer f.Close()
		if f.Type != elf.ET_EXEC {
			return "", "", fmt.Errorf("ELF file of type %v, want an executable", f.Type)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				return "", "", fmt.Errorf("ELF executable is dynamically linked (it has a program interpreter)")
			}
		}
		switch f.Machine {
		case elf.EM_X86_64:
			return "linux", "amd64", nil
		case elf.EM_AARCH64:
			return "linux", "arm64", nil
		}
		return "", "", fmt.Errorf("ELF executable for %v", f.Machine)
	}
	if f, err := macho.NewFile(r); err == nil {
		defer f.Close()
		if f.Type != macho.TypeExec {
			return "", "", fmt.Errorf("Mach-O file of type %v, want an executable", f.Type)
		}
		switch f.Cpu {
		case macho.CpuAmd64:
			return "darwin", "amd64", nil
		case macho.CpuArm64:
			return "darwin", "arm64", nil
		}
		return "", "", fmt.Errorf("Mach-O executable for %v", f.Cpu)
	}
	if f, err := pe.NewFile(r); err == nil {
		defer f.Close()
		if f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 || f.Characteristics&pe.IMAGE_FILE_DLL != 0 {
			return "", "", fmt.Errorf("PE file is not an executable")
		}
		switch f.Machine {
		case pe.IMAGE_FILE_MACHINE_AMD64:
			return "windows", "amd64", nil
		case pe.IMAGE_FILE_MACHINE_ARM64:
			return "windows", "arm64", nil
		}
		return "", "", fmt.Errorf("PE executable for machine %#x", f.Machine)
	}
	return "", "", fmt.Errorf("not an ELF, Mach-O or PE executable")
}

// checkBinary reports an error unless b is an executable for t.
func checkBinary(b []byte, t target) error {
	goos, goarch, err := binaryTarget(b)
	if err != nil {
		return err
	}
	if goos != t.GOOS || goarch != t.GOARCH {
		return fmt.Errorf("executable for %s/%s, want %s/%s", goos, goarch, t.GOOS, t.GOARCH)
	}
	return nil
}

// checkStripped reports an error when an executable carries a symbol table
// or debug information: the release builds with -trimpath -ldflags '-s -w'
// (.goreleaser.yaml), which makes the binary a third smaller.
func checkStripped(b []byte) error {
	const hint = "; the release builds with -ldflags '-s -w'"
	r := bytes.NewReader(b)
	if f, err := elf.NewFile(r); err == nil {
		defer f.Close()
		for _, sec := range f.Sections {
			if sec.Name == ".symtab" || strings.Contains(sec.Name, "debug_") {
				return fmt.Errorf("not stripped: it has %s%s", sec.Name, hint)
			}
		}
		return nil
	}
	if f, err := macho.NewFile(r); err == nil {
		defer f.Close()
		if f.Segment("__DWARF") != nil {
			return fmt.Errorf("not stripped: it has __DWARF%s", hint)
		}
		return nil
	}
	if f, err := pe.NewFile(r); err == nil {
		defer f.Close()
		for _, sec := range f.Sections {
			if strings.Contains(sec.Name, "debug_") {
				return fmt.Errorf("not stripped: it has %s%s", sec.Name, hint)
			}
		}
		return nil
	}
	return fmt.Errorf("not an ELF, Mach-O or PE executable")
}
