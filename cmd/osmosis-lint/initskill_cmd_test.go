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
