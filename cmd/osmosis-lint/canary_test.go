package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// canary is a string that lives only in files outside the workspace: it
// must never reach standard output or standard error.
const canary = "CANARY-9d1e5f"

// canaryWorkspace builds a workspace under review that tries to make the
// tool read, print or write files outside it: config links to a file
// holding the canary (absolute and relative), a kind directory and a
// sub-directory linking out, a data file linking out, rollouts linking to
// each other, directory links to the outside repository (linkws) and to
// the file system's root (link-to-root), and beside them a dangling link,
// a named pipe and a loop among the configs, and one good config with a
// known finding. It returns
// the workspace and the outside directory.
func canaryWorkspace(t *testing.T) (ws, outside string) {
	t.Helper()
	base := t.TempDir()
	ws, outside = filepath.Join(base, "ws"), filepath.Join(base, "outside")
	files := map[string]string{
		"outside/secret.toml":           "canary = \"" + canary + "\"\n[training]\nlerning_rate = \"" + canary + "\"\n",
		"outside/dir/a.toml":            "[training]\nlerning_rate = \"" + canary + "\"\n",
		"outside/data.jsonl":            "{\"canary\": \"" + canary + "\"}\n",
		"outside/pyproject.toml":        "[tool.osmosis-lint]\nignore = [\"" + canary + "\"]\n",
		"ws/.git/HEAD":                  "ref: refs/heads/main\n",
		"ws/rollouts/agent/main.py":     "print(1)\n",
		"ws/configs/training/good.toml": "[experiment]\nrollout = \"agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"x\"\n\n[training]\nlerning_rate = 1e-6\n",
		"ws/data/x.jsonl":               "{}\n",
		// the outside directory is a repository of its own, which a
		// directory link of the workspace (linkws, link-to-root) reaches
		"outside/.git/HEAD":               "ref: refs/heads/main\n",
		"outside/configs/training/x.toml": "[experiment]\nrollout = \"r\"\n\n[training]\nlerning_rate = \"" + canary + "\"\n",
		"outside/configs/training/y.toml": "[experiment]\nrollout = \"r\"\n\n[env]\nNOTE = \"" + canary + "\"\n",
		"outside/rollouts/r/main.py":      "",
	}
	for rel, content := range files {
		p := filepath.Join(base, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"configs/training/env.toml":      filepath.Join(outside, "secret.toml"),
		"configs/training/rel.toml":      "../../../outside/secret.toml",
		"configs/eval":                   filepath.Join(outside, "dir"),
		"configs/training/sub":           "../../../outside/dir",
		"configs/training/dangling.toml": "nowhere.toml",
		"configs/training/loop.toml":     "loop.toml",
		"data/y.jsonl":                   filepath.Join(outside, "data.jsonl"),
		"rollouts/r1":                    "r2",
		"rollouts/r2":                    "r1",
		"linkws":                         "../outside",
		"link-to-root":                   "/",
	}
	for rel, target := range links {
		if err := os.Symlink(target, filepath.Join(ws, filepath.FromSlash(rel))); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(ws, "configs", "training", "fifo.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	return ws, outside
}

// invokeNoCanary runs the command, which must end with exit 1 (findings)
// and print nothing from outside the workspace.
func invokeNoCanary(t *testing.T, args ...string) (out, errs string) {
	t.Helper()
	code, out, errs := invoke(t, "", args...)
	if code != exitErrors {
		t.Errorf("exit %d, want 1; stderr: %s", code, errs)
	}
	if strings.Contains(out+errs, canary) {
		t.Fatalf("the canary from outside the workspace was printed:\n%s\n%s", out, errs)
	}
	return out, errs
}

// outsideState reads every file under dir, to prove nothing was written.
func outsideState(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCanaryNeverLeaks runs check (every format, and --fix) and doctor on
// the hostile workspace: nothing outside it is printed or changed, every
// bad entry is a finding, the good config's finding is there, the exit
// code is 1.
func TestCanaryNeverLeaks(t *testing.T) {
	ws, outside := canaryWorkspace(t)
	before := outsideState(t, outside)
	t.Chdir(ws)
	entries := []string{"configs/training/env.toml", "configs/training/rel.toml", "configs/eval", "configs/training/sub",
		"configs/training/dangling.toml", "configs/training/loop.toml", "configs/training/fifo.toml"}
	runs := [][]string{{"check", "--fix"}, {"doctor"}, {"doctor", "--format", "json"}, {"doctor", "--fix"}}
	for _, f := range report.Formats() {
		runs = append(runs, []string{"check", "--format", string(f)})
	}
	for _, args := range runs {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errs := invokeNoCanary(t, args...)
			for _, e := range entries {
				if !strings.Contains(out, e) {
					t.Errorf("%s is not reported", e)
				}
			}
			if args[0] == "check" && !strings.Contains(out, "lerning_rate") {
				t.Errorf("the good config's finding is missing:\n%s", out)
			}
			if args[0] == "check" && !strings.Contains(errs, "data/y.jsonl is a symlink that leads outside the workspace") {
				t.Errorf("check does not say the data file was not read: %q", errs)
			}
			if args[0] == "doctor" {
				for _, e := range []string{"data/y.jsonl", "rollouts/r1 is a symlink loop", "rollouts/r2 is a symlink loop"} {
					if !strings.Contains(out, e) {
						t.Errorf("doctor does not report %s", e)
					}
				}
			}
		})
	}
	if after := outsideState(t, outside); len(after) != len(before) {
		t.Fatalf("files outside changed: %v", after)
	} else {
		for p, c := range before {
			if after[p] != c {
				t.Errorf("%s changed outside the workspace", p)
			}
		}
	}
}

// TestCanarySettingsLink: a pyproject.toml that links outside is never
// read; the run says so and stops (exit 2), since its settings cannot
// apply.
func TestCanarySettingsLink(t *testing.T) {
	ws, outside := canaryWorkspace(t)
	if err := os.Symlink(filepath.Join(outside, "pyproject.toml"), filepath.Join(ws, "pyproject.toml")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(ws)
	code, out, errs := invoke(t, "", "check")
	if code != exitUsage || !strings.Contains(errs, "pyproject.toml") || !strings.Contains(errs, "leads outside the workspace") {
		t.Errorf("exit %d, stderr %q; want exit 2 saying the settings file leads outside", code, errs)
	}
	if strings.Contains(out+errs, canary) {
		t.Fatalf("the canary was printed: %s %s", out, errs)
	}
}

// TestOutputNeverThroughALink: -o refuses a symlink (a pull request may
// put one where the report goes) and a non-regular file, with exit 2 and
// the target untouched; otherwise it replaces the report atomically.
func TestOutputNeverThroughALink(t *testing.T) {
	ws := copyExample(t)
	hook := filepath.Join(ws, ".git", "hooks", "pre-commit")
	if err := os.MkdirAll(filepath.Dir(hook), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hook, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(".git/hooks/pre-commit", filepath.Join(ws, "osmosis-lint.sarif")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(ws, "pipe.sarif"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(ws)
	for _, target := range []string{"osmosis-lint.sarif", "pipe.sarif"} {
		code, _, errs := invoke(t, "", "check", "--format", "sarif", "-o", target)
		if code != exitUsage || !strings.Contains(errs, target) {
			t.Errorf("-o %s: exit %d, stderr %q; want exit 2 naming it", target, code, errs)
		}
	}
	if b, _ := os.ReadFile(hook); string(b) != "#!/bin/sh\nexit 0\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	if err := os.WriteFile("report.sarif", []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := invoke(t, "", "check", "--format", "sarif", "-o", "report.sarif"); code != exitErrors {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile("report.sarif")
	fi, _ := os.Stat("report.sarif")
	if !strings.Contains(string(b), `"version": "2.1.0"`) || fi.Mode().Perm() != 0o600 {
		t.Errorf("report %.40q, mode %v; want the SARIF report with the old mode", b, fi.Mode().Perm())
	}
	if left, _ := filepath.Glob(".*osmosis-lint-*"); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestFixOnlyWhatIsSafe: --fix rewrites a config only when a reviewer
// would: a read-only file, a hard-linked one and one edited while the
// run works on it are left as they are and named on standard error;
// the others are fixed with their mode (and owner) kept, and the run
// still reports every file and what it fixed.
func TestFixOnlyWhatIsSafe(t *testing.T) {
	ws := copyExample(t)
	base, err := os.ReadFile(filepath.Join(ws, "configs", "training", "multiply-baseline.toml"))
	if err != nil {
		t.Fatal(err)
	}
	bom := append([]byte("\xef\xbb\xbf"), base...)
	dir := filepath.Join(ws, "configs", "training")
	for name, mode := range map[string]os.FileMode{"ok.toml": 0o640, "ro.toml": 0o444, "linked.toml": 0o644, "edited.toml": 0o644} {
		if err := os.WriteFile(filepath.Join(dir, name), bom, mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(filepath.Join(dir, name), mode)
	}
	if os.Geteuid() == 0 {
		os.Chown(filepath.Join(dir, "ok.toml"), 4321, 4321)
	}
	if err := os.Link(filepath.Join(dir, "linked.toml"), filepath.Join(ws, "twin.toml")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	// an editor saves edited.toml while the run is about to write it
	edited := filepath.Join(dir, "edited.toml")
	stop := disk.Observe(func(a disk.Access) {
		if a.Op == "write" && a.Path == edited {
			os.WriteFile(edited, append(bom, "# saved by an editor\n"...), 0o644)
		}
	})
	defer stop()
	t.Chdir(ws)
	code, out, errs := invoke(t, "", "check", "--fix", "--oneline")
	stop()
	if code != exitErrors {
		t.Errorf("exit %d, want 1 (the pipe is a finding)", code)
	}
	for _, want := range []string{
		"not fixed: configs/training/ro.toml is read-only",
		"not fixed: configs/training/linked.toml has more than one hard link",
		"not fixed: configs/training/edited.toml changed since it was read",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr does not say %q:\n%s", want, errs)
		}
	}
	if !strings.Contains(out, "fifo.toml is not a regular file") || !strings.Contains(out, "\nfixed ") {
		t.Errorf("stdout misses the pipe's finding or the fixed count:\n%s", out)
	}
	for name, want := range map[string]string{"ro.toml": string(bom), "linked.toml": string(bom), "edited.toml": string(bom) + "# saved by an editor\n", "ok.toml": string(base)} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s now holds %.60q", name, got)
		}
	}
	fi, _ := os.Stat(filepath.Join(dir, "ok.toml"))
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("ok.toml mode %v, want 0640 kept", fi.Mode().Perm())
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && os.Geteuid() == 0 && (st.Uid != 4321 || st.Gid != 4321) {
		t.Errorf("ok.toml owner %d:%d, want 4321:4321 kept", st.Uid, st.Gid)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "ro.toml")); fi.Mode().Perm() != 0o444 {
		t.Errorf("ro.toml mode %v", fi.Mode().Perm())
	}
}

// TestCanaryNamedThroughALink: a path named through a directory link out
// of the workspace it is named in (linkws -> the outside repository,
// link-to-root -> /), a directory so named, and a config that is a link
// out are reported as check reports a config that is a link out
// (config-location, exit 1), whatever the spelling: the outside file is
// never read or printed, nor fixed, and watch takes the workspace it is
// named in and prints nothing from outside either.
func TestCanaryNamedThroughALink(t *testing.T) {
	ws, outside := canaryWorkspace(t)
	before := outsideState(t, outside)
	t.Chdir(ws)
	named := []string{
		"linkws/configs/training/x.toml",
		"linkws/configs/training/y.toml",
		"link-to-root" + outside + "/configs/training/x.toml",
		filepath.Join(ws, "linkws", "configs", "training", "x.toml"),
		"linkws/configs",
		"linkws",
		"configs/training/env.toml",
	}
	for _, p := range named {
		for _, args := range [][]string{{"check", p}, {"check", "--fix", "--unsafe-fixes", p}, {"check", "--format", "json", p}} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				out, _ := invokeNoCanary(t, args...)
				if !strings.Contains(out, "config-location") || !strings.Contains(out, "leads outside the workspace") {
					t.Errorf("no config-location finding saying it leads outside:\n%s", out)
				}
			})
		}
	}
	for _, p := range named[:3] {
		t.Run("watch "+p, func(t *testing.T) {
			var out strings.Builder
			cmd, errs := startWatch(t, ws, &out, "--oneline", p)
			seen := errs.waitFor("watching " + ws)
			cmd.Process.Signal(syscall.SIGINT)
			cmd.Wait()
			all := out.String() + strings.Join(seen, "\n")
			if strings.Contains(all, canary) || !strings.Contains(out.String(), "leads outside the workspace") {
				t.Errorf("watch of %s:\n%s", p, all)
			}
		})
	}
	// from outside every workspace, the workspace a path is named in is
	// the first git worktree on its way
	t.Chdir(filepath.Dir(ws))
	for _, p := range []string{"ws/linkws/configs/training/x.toml", "ws/link-to-root" + outside + "/configs/training/x.toml",
		filepath.Join(ws, "linkws", "configs")} {
		t.Run("from outside check "+p, func(t *testing.T) {
			code, out, errs := invoke(t, "", "check", "--fix", p)
			if code != exitErrors || strings.Contains(out+errs, canary) || !strings.Contains(out, "leads outside the workspace") {
				t.Errorf("exit %d:\n%s\n%s", code, out, errs)
			}
		})
	}
	after := outsideState(t, outside)
	for f, c := range before {
		if after[f] != c {
			t.Errorf("%s changed outside the workspace", f)
		}
	}
}
