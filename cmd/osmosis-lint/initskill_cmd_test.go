package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInitSkill(t *testing.T) {
	ws := copyExample(t)
	code, stdout, stderr := invoke(t, "", "init-skill", filepath.Join(ws, "configs"))
	if code != 0 || !strings.Contains(stdout, "created .agents/skills/osmosis-lint/SKILL.md") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if target, err := os.Readlink(filepath.Join(ws, ".claude", "skills", "osmosis-lint")); err != nil || target != "../../.agents/skills/osmosis-lint" {
		t.Fatalf("link = %q, %v", target, err)
	}
	code, _, stderr = invoke(t, "", "init-skill", ws)
	if code != 1 || !strings.Contains(stderr, "exists already") {
		t.Fatalf("second run: exit %d, stderr %q; want exit 1, not overwritten", code, stderr)
	}
	code, _, stderr = invoke(t, "", "init-skill", t.TempDir())
	if code != 2 || !strings.Contains(stderr, "not in an Osmosis workspace") {
		t.Fatalf("outside a workspace: exit %d, stderr %q", code, stderr)
	}
}

// A directory named through a link out of the workspace is in the
// workspace it leads to: the skill goes there, and the message names that
// workspace by its real path, not as a directory of this one.
func TestInitSkillThroughALink(t *testing.T) {
	ws := copyExample(t)
	other := filepath.Join(filepath.Dir(ws), "other")
	if err := os.MkdirAll(filepath.Join(other, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../other", filepath.Join(ws, "linkws")); err != nil {
		t.Skip("no symlinks:", err)
	}
	realOther, err := filepath.EvalSymlinks(other)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := invoke(t, "", "init-skill", filepath.Join(ws, "linkws"))
	if code != 0 || !strings.Contains(stdout, "skill in "+realOther) || strings.Contains(stdout, "linkws") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if _, err := os.Lstat(filepath.Join(ws, ".agents")); err == nil {
		t.Error("the skill was installed in the workspace the link is in")
	}
}
