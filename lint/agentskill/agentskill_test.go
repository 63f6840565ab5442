package agentskill

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/doctor"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// newWorkspace makes a minimal workspace: a git root with the required
// directories.
func newWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{".git", "rollouts", "configs/training", "configs/eval", "data"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// The installed skill is one the workspace model and doctor take as a
// well-formed skill with its Claude Code link.
func TestInstallMakesAValidSkill(t *testing.T) {
	root := newWorkspace(t)
	created, err := Install(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(created) != 2 {
		t.Fatalf("created %v, want the skill and its link", created)
	}
	snap, err := workspace.Load(root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	skills := snap.Skills()
	if len(skills) != 1 || !skills[0].HasFile || !skills[0].FrontMatter || skills[0].FrontName != Name || skills[0].Description == "" {
		t.Fatalf("skills = %+v, want %s with front matter name and description", skills, Name)
	}
	links := snap.SkillLinks()
	if len(links) != 1 || !links[0].Symlink || links[0].Absolute || !links[0].Canonical {
		t.Fatalf("links = %+v, want one relative link to .agents/skills/%s", links, Name)
	}
	rep, err := doctor.Run(root, doctor.Options{Dir: root})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Checks {
		if (c.ID == "skills-link" || c.ID == "skill-frontmatter") && c.Status != doctor.OK {
			t.Errorf("doctor %s: %s %s", c.ID, c.Status, c.Message)
		}
	}
	for _, f := range rep.Findings {
		if f.Rule == "skills-link" || f.Rule == "skill-frontmatter" {
			t.Errorf("doctor finding on the installed skill: %+v", f)
		}
	}
}

// A second install, or one over a skill of the user's, changes nothing.
func TestInstallRefusesToOverwrite(t *testing.T) {
	root := newWorkspace(t)
	mine := filepath.Join(root, filepath.FromSlash(SkillPath))
	if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("my own\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(root); !errors.Is(err, ErrExists) {
		t.Fatalf("Install over an existing skill: err = %v, want ErrExists", err)
	}
	if b, _ := os.ReadFile(mine); string(b) != "my own\n" {
		t.Fatalf("the existing skill was changed: %q", b)
	}
	if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(LinkPath))); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused install created the link (%v)", err)
	}

	root = newWorkspace(t)
	if _, err := Install(root); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(root); !errors.Is(err, ErrExists) {
		t.Fatalf("second install: err = %v, want ErrExists", err)
	}
}

// A symlinked .agents (or .claude) could lead the write out of the
// workspace: the install refuses before writing anything.
func TestInstallRefusesSymlinkedDirectories(t *testing.T) {
	for _, dir := range []string{".agents", ".claude"} {
		t.Run(dir, func(t *testing.T) {
			root := newWorkspace(t)
			outside := t.TempDir()
			if err := os.Symlink(outside, filepath.Join(root, dir)); err != nil {
				t.Skip("no symlinks here:", err)
			}
			_, err := Install(root)
			if err == nil || !strings.Contains(err.Error(), "symlink") {
				t.Fatalf("err = %v, want a refusal naming the symlink", err)
			}
			entries, _ := os.ReadDir(outside)
			if len(entries) != 0 {
				t.Fatalf("the install wrote outside the workspace: %v", entries)
			}
			if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(SkillPath))); !errors.Is(err, os.ErrNotExist) && dir == ".claude" {
				t.Fatalf("the skill was written although its link could not be (%v)", err)
			}
		})
	}
}

// doctor --fix repairs a workspace but never adds this skill on its own.
func TestDoctorFixDoesNotInstallTheSkill(t *testing.T) {
	root := newWorkspace(t)
	if _, err := doctor.Run(root, doctor.Options{Dir: root, Fix: true}); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{SkillPath, LinkPath} {
		if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(rel))); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("doctor --fix created %s (%v)", rel, err)
		}
	}
}
