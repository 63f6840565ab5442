// Package agentskill holds the osmosis-lint agent skill, in the workspace's
// own format (.agents/skills/<name>/SKILL.md with name and description
// front matter, linked from .claude/skills/<name>), and installs it into a
// workspace. The Claude Code plugin ships the same file.
package agentskill

import (
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Name is the skill's directory and front matter name.
const Name = "osmosis-lint"

// Text is the skill's SKILL.md.
//
//go:embed SKILL.md
var Text []byte

// Paths of the skill and of its Claude Code link, relative to the root.
const (
	SkillPath = ".agents/skills/" + Name + "/SKILL.md"
	LinkPath  = ".claude/skills/" + Name
	// linkTarget is relative, as the template's links are, so the link
	// works in every clone.
	linkTarget = "../../.agents/skills/" + Name
)

// ErrExists is returned when the skill is there already: Install never
// overwrites it.
var ErrExists = errors.New("exists already")

// Install writes the skill into the workspace at root and links it for
// Claude Code. It refuses when the skill file or the link is there already
// and never writes through a symlink. It returns what it created, as
// workspace-relative paths.
func Install(root string) ([]string, error) {
	r, err := disk.Open(root)
	if err != nil {
		return nil, err
	}
	for _, rel := range []string{SkillPath, LinkPath} {
		if err := noLinkOnTheWay(r, rel); err != nil {
			return nil, err
		}
		if _, err := r.Lstat(rel); err == nil {
			return nil, fmt.Errorf("%s %w; not overwritten (remove it first to install this version)", rel, ErrExists)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if err := r.MkdirAll(path.Dir(SkillPath), 0o755); err != nil {
		return nil, err
	}
	if err := r.Create(SkillPath, Text, 0o644); err != nil {
		return nil, fmt.Errorf("%s: %w", SkillPath, err)
	}
	created := []string{SkillPath}
	if err := r.MkdirAll(path.Dir(LinkPath), 0o755); err != nil {
		return created, err
	}
	if err := r.Symlink(linkTarget, LinkPath); err != nil {
		return created, fmt.Errorf("%s: %w", LinkPath, err)
	}
	return append(created, LinkPath+" -> "+linkTarget), nil
}

// noLinkOnTheWay refuses a path whose existing directories include a
// symlink: a write there could land outside the workspace.
func noLinkOnTheWay(r *disk.Root, rel string) error {
	parts := strings.Split(rel, "/")
	for i := range len(parts) - 1 {
		dir := strings.Join(parts[:i+1], "/")
		info, err := r.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if info.IsSymlink() {
			return fmt.Errorf("%s is a symlink; the skill is not written through it", dir)
		}
		if !info.IsDir() {
			return fmt.Errorf("%s is not a directory", dir)
		}
	}
	return nil
}
