package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// TemplateFile is the file in which a workspace created from the platform's
// workspace template records what the template manages: its
// overwriteManaged patterns name the files the platform overwrites on every
// template update (the configs/**/default.toml references among them).
const TemplateFile = ".osmosis/template.json"

// maxTemplateFile bounds the template file read; the template's own is a
// few hundred bytes.
const maxTemplateFile = 1 << 20

// Template is what the workspace's .osmosis/template.json says. A file that
// is absent, cannot be read or does not hold a list of patterns under
// overwriteManaged is taken as absent: Managed is then false for every path.
type Template struct {
	// Present says the file was read and understood.
	Present bool
	// Problem says why a file that is there was not taken ("" when it was
	// taken or is absent); the file is then treated as absent.
	Problem string
	// Patterns are the overwriteManaged patterns, as written.
	Patterns []string
	managed  []*Glob
}

// Managed reports whether the template marks the workspace-relative slash
// path rel as overwritten by the platform on a template update.
func (t Template) Managed(rel string) bool {
	for _, g := range t.managed {
		if g.Match(rel) {
			return true
		}
	}
	return false
}

// Template reads .osmosis/template.json (once per snapshot generation of
// it), through the door: a link that leads outside the workspace is not
// followed.
func (s *Snapshot) Template() Template { return s.template.get(s.loadTemplate) }

func (s *Snapshot) loadTemplate() Template {
	c, err := s.ReadFile(TemplateFile, maxTemplateFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Template{}
	case errors.As(err, new(*EscapeError)):
		return Template{Problem: "is a symlink that leads outside the workspace, so it is not read"}
	case errors.Is(err, disk.ErrTooLarge):
		return Template{Problem: "is larger than 1 MiB, so it is not read"}
	case err != nil:
		return Template{Problem: "cannot be read (" + unwrapPath(err).Error() + ")"}
	}
	return parseTemplate(c.Data)
}

// parseTemplate reads the overwriteManaged patterns of a template file.
// Each is a workspace-relative glob (`*` within a name, `**` across
// directories), anchored at the root: a pattern without a slash names a
// file of the root, as the template's "CLAUDE.md" does.
func parseTemplate(data []byte) Template {
	var raw struct {
		OverwriteManaged json.RawMessage `json:"overwriteManaged"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return Template{Problem: "is not a JSON object, so it is taken as absent"}
	}
	t := Template{Present: true}
	if len(raw.OverwriteManaged) == 0 || bytes.Equal(raw.OverwriteManaged, []byte("null")) {
		return t
	}
	if err := json.Unmarshal(raw.OverwriteManaged, &t.Patterns); err != nil {
		return Template{Problem: "has an overwriteManaged that is not a list of strings, so it is taken as absent"}
	}
	for _, p := range t.Patterns {
		anchored := p
		if strings.TrimSpace(p) == "" {
			return Template{Problem: "has an empty overwriteManaged pattern, so it is taken as absent"}
		}
		if !strings.Contains(strings.TrimSuffix(p, "/"), "/") {
			anchored = "/" + p
		}
		g, err := CompileGlob(anchored)
		if err != nil {
			return Template{Problem: "has an overwriteManaged pattern osmosis-lint cannot read (" + err.Error() + "), so it is taken as absent"}
		}
		t.managed = append(t.managed, g)
	}
	return t
}
