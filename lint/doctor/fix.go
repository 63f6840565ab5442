package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/datafile"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// maxTemplateFile bounds an agent file copied from the template.
const maxTemplateFile = 16 << 20

// fixScaffold creates the missing required directories (with a .gitkeep so
// git keeps them), copies missing agent files from the template, and links
// canonical skills that have no .claude/skills link. It never overwrites a
// file, never writes through a symlink, and never creates .osmosis/. What
// it cannot do is said with the check of that path (notFixed), once.
func (d *run) fixScaffold() {
	d.notFixed = map[string]string{}
	root := d.snap().Disk()
	for _, e := range d.snap().RequiredDirs() {
		if e.Present || e.Escapes {
			continue
		}
		rel := strings.TrimSuffix(e.Path, "/")
		if err := d.safePath(rel); err != nil {
			d.notFixed[e.Path] = err.Error()
			continue
		}
		if fi, err := root.Lstat(rel); err == nil && !fi.IsDir() {
			d.notFixed[e.Path] = e.Path + " exists but is not a directory; move it away first"
			continue
		}
		if err := root.MkdirAll(rel, 0o755); err != nil {
			d.notFixed[e.Path] = reason(err)
			continue
		}
		if err := root.Create(rel+"/.gitkeep", nil, 0o644); err != nil && !errors.Is(err, fs.ErrExist) {
			d.notFixed[e.Path] = reason(err)
			continue
		}
		d.rep.Fixed = append(d.rep.Fixed, "created "+e.Path+" (with a .gitkeep)")
	}
	template := d.opts.Template
	if template == "" {
		template = os.Getenv("OSMOSIS_WORKSPACE_TEMPLATE_PATH")
	}
	for _, e := range d.snap().AgentFiles() {
		if e.Present || e.Escapes {
			continue
		}
		if template == "" {
			d.notFixed[e.Path] = e.Path + " comes from the Osmosis workspace template (github.com/Osmosis-AI/workspace-template); pass --template DIR with a checkout of it, or set OSMOSIS_WORKSPACE_TEMPLATE_PATH"
			continue
		}
		if err := d.copyFromTemplate(template, e.Path); err != nil {
			d.notFixed[e.Path] = reason(err)
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
			d.notFixed[rel] = err.Error()
			continue
		}
		if err := root.MkdirAll(".claude/skills", 0o755); err != nil {
			d.notFixed[rel] = reason(err)
			continue
		}
		if err := root.Symlink("../../.agents/skills/"+s.Name, rel); err != nil {
			d.notFixed[rel] = reason(err)
			continue
		}
		d.rep.Fixed = append(d.rep.Fixed, "linked "+rel+" -> ../../.agents/skills/"+s.Name)
	}
}

// reason words an error of the door for a "not fixed" note.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}

// safePath refuses a workspace-relative path that goes through a symlink or
// would land in .osmosis/ (the door refuses links on the way again when it
// writes).
func (d *run) safePath(rel string) error {
	if rel == ".osmosis" || strings.HasPrefix(rel, ".osmosis/") {
		return fmt.Errorf("%s is inside .osmosis/, which doctor never creates", rel)
	}
	root := d.snap().Disk()
	parts := strings.Split(rel, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		fi, err := root.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if fi.IsSymlink() {
			return fmt.Errorf("%s is a symlink; doctor does not write through symlinks", p)
		}
	}
	return nil
}

// copyFromTemplate copies one agent file from a template directory (a
// named outside file), never overwriting and never writing through a
// symlink.
func (d *run) copyFromTemplate(template, rel string) error {
	src := filepath.Join(template, filepath.FromSlash(rel))
	data, _, err := disk.ReadNamed(src, maxTemplateFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("the template %s has no %s", template, rel)
	case errors.Is(err, disk.ErrNotRegular):
		return fmt.Errorf("%s in the template is not a regular file", rel)
	case err != nil:
		return err
	}
	if err := d.safePath(rel); err != nil {
		return err
	}
	root := d.snap().Disk()
	if dir := filepath.ToSlash(filepath.Dir(rel)); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return root.Create(rel, data, 0o644)
}

// fixDataNames renames the data files the upload refuses only for their
// name (train.ndjson, a.pq, "train.jsonl " with white space after the
// extension: datafile.Suggest) to the name it takes, never over a name
// data/ already holds; a name only guessed from the file's first line (a
// .txt of JSON lines) and a link are left to the user.
func (d *run) fixDataNames() {
	root := d.snap().Disk()
	files := d.snap().DataFiles()
	taken := map[string]bool{}
	for _, f := range files {
		taken[path.Join(path.Dir(f.Path), f.Name)] = true
	}
	for _, f := range files {
		if f.Symlink || datafile.Sniffed(f.Name) {
			continue
		}
		a, ok := datafile.Suggest(f.Name, nil)
		if !ok || a.Rename == "" {
			continue
		}
		to := path.Join(path.Dir(f.Path), a.Rename)
		if taken[to] {
			continue
		}
		if err := root.Rename(f.Path, to); err != nil {
			d.notFixed[f.Path] = reason(err)
			continue
		}
		taken[to] = true
		d.rep.Fixed = append(d.rep.Fixed, "renamed "+f.Path+" to "+to+" (a name the upload takes)")
	}
}
