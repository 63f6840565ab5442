package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// hostileFiles are configs no one should write; the CLI must still give
// findings (exit 0 or 1), never crash (exit 2 or a signal).
var hostileFiles = map[string]string{
	"random.toml":   string(bytes.Repeat([]byte{0x00, 0xff, '[', '=', '"', '\n', 0xc3, '{', 0x80, '#'}, 20000)),
	"bom.toml":      "\xef\xbb\xbf[experiment]\nrollout = \"a\"\n",
	"nul.toml":      "[env]\nA\x00 = \"\x00\"\n",
	"deep.toml":     "[advanced]\nx = " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\ny = " + strings.Repeat("{a = ", 10000) + "1" + strings.Repeat("}", 10000) + "\n",
	"dotted.toml":   "[advanced]\n" + strings.Repeat("a.", 10000) + "a = 1\n[" + strings.Repeat("b.", 10000) + "b]\n",
	"long.toml":     "[env]\nLONG = \"" + strings.Repeat("x", 10<<20) + "\"\n",
	"headers.toml":  strings.Repeat("[[agents]]\n[t]\n", 10000),
	"keys.toml":     "[training]\n" + strings.Repeat("lr = 1\nlerning_rate = 2\n", 50000),
	"unclosed.toml": "[experiment]\nrollout = \"" + strings.Repeat("a", 1000) + "\n" + strings.Repeat("x = [\n", 1000),
}

// hostileWorkspace writes the hostile files as training configs of a new
// workspace and returns its root.
func hostileWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "configs", "training")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range hostileFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestHostileFiles checks the hostile configs in every output format: exit
// 0 or 1, a report, no internal error.
func TestHostileFiles(t *testing.T) {
	t.Parallel()
	root := hostileWorkspace(t)
	for _, format := range []string{"text", "json", "sarif", "github"} {
		for name := range hostileFiles {
			t.Run(format+"/"+name, func(t *testing.T) {
				t.Parallel()
				code, out, errs := invoke(t, "", "check", "--format", format, "--no-color", filepath.Join(root, "configs", "training", name))
				if code != exitOK && code != exitErrors {
					t.Fatalf("exit %d; stderr: %.2000s", code, errs)
				}
				if strings.Contains(errs, "internal error") || out == "" {
					t.Fatalf("no report, or an internal error; stderr: %.2000s", errs)
				}
			})
		}
	}
}

// TestHostileFilesBinary runs the built binary on the hostile workspace:
// what a recover cannot catch (a stack overflow, running out of memory)
// shows here as a signal or exit 2.
func TestHostileFilesBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := testBinary(t)
	root := hostileWorkspace(t)
	for _, args := range [][]string{{"check"}, {"check", "--fix"}, {"check", "--format", "json"}} {
		cmd := exec.Command(bin, args...)
		cmd.Dir = root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := cmd.ProcessState.ExitCode()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			t.Fatalf("%v: killed by %v; stderr: %.2000s", args, ws.Signal(), stderr.String())
		}
		if code != exitOK && code != exitErrors {
			t.Fatalf("%v: exit %d (%v); stderr: %.2000s", args, code, err, stderr.String())
		}
	}
}

// TestUnreadablePaths: a path that does not exist is a usage error (exit
// 2); a dangling symlink, a named pipe, a device and an unreadable file
// among the configs are each a config-unreadable finding beside the good
// config's findings, never a hang or an abort.
func TestUnreadablePaths(t *testing.T) {
	t.Parallel()
	root := hostileWorkspace(t)
	dir := filepath.Join(root, "configs", "training")
	code, _, errs := invoke(t, "", "check", filepath.Join(root, "nope.toml"))
	if code != exitUsage || !strings.Contains(errs, "nope.toml: no such file or directory") {
		t.Errorf("missing path: exit %d, stderr %q", code, errs)
	}
	cases := []struct {
		name, want string
		make       func(p string) error
	}{
		{"dangling.toml", "dangling.toml is a symlink to nothing (dangling)", func(p string) error { return os.Symlink("nowhere", p) }},
		{"pipe.toml", "pipe.toml is not a regular file", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"zero.toml", "zero.toml is a symlink that leads outside the workspace", func(p string) error { return os.Symlink("/dev/zero", p) }},
		{"loop.toml", "loop.toml is a symlink loop", func(p string) error { return os.Symlink("loop.toml", p) }},
	}
	if os.Geteuid() != 0 {
		// root reads a file whatever its mode
		cases = append(cases, struct {
			name, want string
			make       func(p string) error
		}{"secret.toml", "secret.toml cannot be read: permission denied", func(p string) error { return os.WriteFile(p, []byte("x = 1\n"), 0o000) }})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name)
			if err := c.make(p); err != nil {
				t.Skipf("cannot make %s: %v", c.name, err)
			}
			defer os.Remove(p)
			for _, args := range [][]string{{"check", "--oneline", dir}, {"check", "--oneline", p, filepath.Join(dir, "bom.toml")}} {
				code, out, errs := invoke(t, "", args...)
				if code != exitErrors || !strings.Contains(out, c.want) || !strings.Contains(out, "bom.toml:") {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1, %q and the other configs' findings", args, code, out, errs, c.want)
				}
			}
		})
	}
}
