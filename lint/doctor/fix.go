package doctor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// fixScaffold creates the missing required directories (with a .gitkeep so
// git keeps them), copies missing agent files from the template, and links
// canonical skills that have no .claude/skills link. It never overwrites a
// file, never writes through a symlink, and never creates .osmosis/.
func (d *run) fixScaffold() {
	for _, e := range d.snap().RequiredDirs() {
		if e.Present {
			continue
		}
		rel := strings.TrimSuffix(e.Path, "/")
		if err := d.safePath(rel); err != nil {
			d.check(Fail, lint.RuleMissingScaffold, "not fixed: "+err.Error(), e.Path)
			continue
		}
		dir := filepath.Join(d.root, filepath.FromSlash(rel))
		if fi, err := os.Lstat(dir); err == nil && !fi.IsDir() {
			d.check(Fail, lint.RuleMissingScaffold, "not fixed: "+e.Path+" exists but is not a directory; move it away first", e.Path)
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			d.check(Fail, lint.RuleMissingScaffold, "not fixed: "+err.Error(), e.Path)
			continue
		}
		keep := filepath.Join(dir, ".gitkeep")
		if _, err := os.Lstat(keep); errors.Is(err, os.ErrNotExist) {
			if err := createAtomic(keep, nil); err != nil {
				d.check(Fail, lint.RuleMissingScaffold, "not fixed: "+err.Error(), e.Path)
				continue
			}
		}
		d.rep.Fixed = append(d.rep.Fixed, "created "+e.Path+" (with a .gitkeep)")
	}
	template := d.opts.Template
	if template == "" {
		template = os.Getenv("OSMOSIS_WORKSPACE_TEMPLATE_PATH")
	}
	for _, e := range d.snap().AgentFiles() {
		if e.Present {
			continue
		}
		if template == "" {
			d.check(Warn, lint.RuleMissingAgentFile, "not fixed: "+e.Path+" comes from the Osmosis workspace template (github.com/Osmosis-AI/workspace-template); pass --template DIR with a checkout of it, or set OSMOSIS_WORKSPACE_TEMPLATE_PATH", e.Path)
			continue
		}
		if err := d.copyFromTemplate(template, e.Path); err != nil {
			d.check(Fail, lint.RuleMissingAgentFile, "not fixed: "+err.Error(), e.Path)
			continue
		}
		d.rep.Fixed = append(d.rep.Fixed, "copied "+e.Path+" from "+template)
	}
	links := map[string]bool{}
	for _, l := range d.snap().SkillLinks() {
		links[l.Name] = true
	}
	for _, s := range d.snap().Skills() {
		if links[s.Name] {
			continue
		}
		rel := ".claude/skills/" + s.Name
		if err := d.safePath(rel); err != nil {
			d.check(Fail, lint.RuleSkillsLink, "not fixed: "+err.Error(), rel)
			continue
		}
		link := filepath.Join(d.root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			d.check(Fail, lint.RuleSkillsLink, "not fixed: "+err.Error(), rel)
			continue
		}
		if err := os.Symlink("../../.agents/skills/"+s.Name, link); err != nil {
			d.check(Fail, lint.RuleSkillsLink, "not fixed: "+err.Error(), rel)
			continue
		}
		d.rep.Fixed = append(d.rep.Fixed, "linked "+rel+" -> ../../.agents/skills/"+s.Name)
	}
}

// safePath refuses a workspace-relative path that goes through a symlink or
// would land in .osmosis/.
func (d *run) safePath(rel string) error {
	if rel == ".osmosis" || strings.HasPrefix(rel, ".osmosis/") {
		return fmt.Errorf("%s is inside .osmosis/, which doctor never creates", rel)
	}
	cur := d.root
	for _, part := range strings.Split(rel, "/") {
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			r, _ := filepath.Rel(d.root, cur)
			return fmt.Errorf("%s is a symlink; doctor does not write through symlinks", filepath.ToSlash(r))
		}
	}
	return nil
}

// copyFromTemplate copies one agent file from a template directory, never
// overwriting and never writing through a symlink.
func (d *run) copyFromTemplate(template, rel string) error {
	src := filepath.Join(template, filepath.FromSlash(rel))
	fi, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("the template %s has no %s", template, rel)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s in the template is not a regular file", rel)
	}
	if err := d.safePath(rel); err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	dst := filepath.Join(d.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return createAtomic(dst, data)
}

var createAtomic = lint.CreateAtomic
