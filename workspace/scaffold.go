package workspace

import "slices"

// requiredDirs are the directories every workspace must have, in the order
// the osmosis CLI reports them.
var requiredDirs = []string{"rollouts", "configs/training", "configs/eval", "data"}

// agentFiles are the agent scaffold files doctor checks, in the CLI's order.
var agentFiles = []string{"AGENTS.md", "CLAUDE.md", "configs/AGENTS.md"}

// ScaffoldEntry is the state of one required directory or agent file.
type ScaffoldEntry struct {
	// Path is the display form: "rollouts/" for a directory, "AGENTS.md"
	// for a file.
	Path string
	// Dir is true for the required directories.
	Dir bool
	// Present follows the CLI: a directory (or a symlink to one) for Dir
	// entries, anything that exists (symlinks followed, so a broken symlink
	// is missing) for files.
	Present bool
	// Symlink is set when the path itself, or a directory above it, is a
	// symlink.
	Symlink bool
	// Escapes is set when a symlink on the way leads outside the workspace:
	// EscapeVia is that link and EscapeTarget its target. Such a path is
	// not followed, so Present is false.
	Escapes                 bool
	EscapeVia, EscapeTarget string
}

type scaffoldPart struct {
	dirs  []ScaffoldEntry
	files []ScaffoldEntry
	// linked are where symlinked scaffold paths lead inside the workspace.
	linked []string
}

func (s *Snapshot) loadScaffold() *scaffoldPart {
	part := &scaffoldPart{}
	for _, d := range requiredDirs {
		e := s.scaffoldEntry(d, &part.linked)
		e.Path, e.Dir = d+"/", true
		part.dirs = append(part.dirs, e)
	}
	for _, f := range agentFiles {
		e := s.scaffoldEntry(f, &part.linked)
		e.Path = f
		part.files = append(part.files, e)
	}
	return part
}

func (s *Snapshot) scaffoldEntry(rel string, linked *[]string) ScaffoldEntry {
	var e ScaffoldEntry
	r := s.rv.resolve(".", rel)
	e.Symlink = r.Symlinked
	e.Escapes = !r.Inside
	e.EscapeVia, e.EscapeTarget = r.EscapeVia, r.EscapeTarget
	if r.Symlinked && r.Inside {
		*linked = append(*linked, r.Path)
	}
	// The CLI's is_dir()/exists() follow symlinks wherever they lead; here
	// nothing outside the workspace is looked at, so a path that leads out
	// is reported as such (Escapes), not as present or missing.
	e.Present = r.Inside && !r.Loop && r.Exists
	if e.Present && !r.IsDir && slices.Contains(requiredDirs, rel) {
		e.Present = false
	}
	return e
}

// RequiredDirs returns the state of rollouts/, configs/training/,
// configs/eval/ and data/, in that order.
func (s *Snapshot) RequiredDirs() []ScaffoldEntry { return slices.Clone(s.scaffold.dirs) }

// RequiredDirsMissing returns the paths of RequiredDirs that are neither
// present nor escaping the workspace; nil, without allocating, when the
// scaffold is complete (a check asks once a config).
func (s *Snapshot) RequiredDirsMissing() []string {
	var out []string
	for _, e := range s.scaffold.dirs {
		if !e.Present && !e.Escapes {
			out = append(out, e.Path)
		}
	}
	return out
}

// AgentFiles returns the state of AGENTS.md, CLAUDE.md and
// configs/AGENTS.md, in that order.
func (s *Snapshot) AgentFiles() []ScaffoldEntry { return slices.Clone(s.scaffold.files) }

// Missing lists what doctor reports as missing, in the CLI's order: the
// required directories ("rollouts/", ...) then the agent files.
func (s *Snapshot) Missing() []string {
	var out []string
	for _, e := range s.scaffold.dirs {
		if !e.Present {
			out = append(out, e.Path)
		}
	}
	for _, e := range s.scaffold.files {
		if !e.Present {
			out = append(out, e.Path)
		}
	}
	return out
}
