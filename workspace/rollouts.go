package workspace

import (
	"slices"
	"sort"
	"strings"
)

// Rollout is one directory under rollouts/.
type Rollout struct {
	// Name is the directory name, what a config's `rollout` holds.
	Name string
	// Path is "rollouts/<name>".
	Path string
	// Resolved is Path resolved; for a symlinked rollout it says where the
	// files really are and whether that stays inside rollouts/.
	Resolved Resolved
	// Files are the regular files inside, relative to the rollout directory,
	// slash-separated and sorted. Virtual environments, node_modules,
	// __pycache__ and hidden directories are left out.
	Files []string
	// PyFiles are the Files ending in ".py": entrypoint candidates.
	PyFiles []string
	// HasPyproject is set when pyproject.toml exists at the rollout's top.
	HasPyproject bool
	// Truncated is set when the listing hit its size or depth bound.
	Truncated bool

	// linked are the paths the listing reaches through symlinks (the
	// rollout's own target included).
	linked []string
}

type rolloutsPart struct {
	list []*Rollout
	// issues are the entries under rollouts/ that are no rollout although
	// they look like one could be there: symlink loops, directories that
	// cannot be listed.
	issues []EntryIssue
	byName map[string]*Rollout
	// linked is where a symlinked rollouts/ leads.
	linked []string
	// unlisted maps the targets of symlinks under rollouts/ that are not
	// rollouts (yet: dangling, or to a file) to their names.
	unlisted map[string]string
}

// skippedRolloutDirs are directories never listed inside a rollout.
var skippedRolloutDirs = map[string]bool{
	".venv": true, "venv": true, "node_modules": true, "__pycache__": true, ".git": true,
}

func skipRolloutDir(name string) bool {
	return skippedRolloutDirs[name] || strings.HasPrefix(name, ".")
}

// rolloutDirs lists the directories under rollouts/, symlinks to
// directories included, and symlinks that escape the root (so a rule can
// name them); hidden and skipped names are left out. A symlink loop is no
// rollout: it is noted in part's issues. It notes in part where rollouts/
// and the other symlinks under it lead.
func (s *Snapshot) rolloutDirs(part *rolloutsPart) []walkEntry {
	var out []walkEntry
	start := s.rv.resolve(".", "rollouts")
	if start.Symlinked && start.Inside {
		part.linked = append(part.linked, start.Path)
	}
	lim := walkLimits{maxEntries: 100000, maxDepth: 1, unlisted: func(rel string, err error) {
		part.issues = append(part.issues, EntryIssue{Path: rel, Err: err})
	}}
	s.rv.walkResolved("rollouts", start, lim, func(e walkEntry) bool {
		if skipRolloutDir(e.name) {
			return false
		}
		switch {
		case e.loop:
			part.issues = append(part.issues, EntryIssue{Path: e.rel, Err: ErrLoop})
			part.unlisted[e.rel] = e.name
		case e.isDir || e.escapes:
			out = append(out, e)
		case e.symlink:
			part.unlisted[e.res.Path] = e.name
		}
		return false
	})
	return out
}

func (s *Snapshot) loadRollouts() *rolloutsPart {
	part := &rolloutsPart{unlisted: map[string]string{}}
	dirs := s.rolloutDirs(part)
	part.list = make([]*Rollout, len(dirs))
	part.byName = make(map[string]*Rollout, len(dirs))
	// Listing is mostly waiting on the file system: spread it over a few
	// goroutines, each filling its own slots.
	forEachParallel(len(dirs), func(i int) {
		part.list[i] = s.listRolloutAt(dirs[i].name, dirs[i].res)
	})
	for _, r := range part.list {
		part.byName[r.Name] = r
	}
	return part
}

// listRollout reads one rollout's files.
func (s *Snapshot) listRollout(name string) *Rollout {
	return s.listRolloutAt(name, s.rv.resolve(".", "rollouts/"+name))
}

// listRolloutAt reads one rollout's files, its directory already resolved.
func (s *Snapshot) listRolloutAt(name string, res Resolved) *Rollout {
	r := &Rollout{Name: name, Path: "rollouts/" + name, Resolved: res}
	lim := walkLimits{maxEntries: s.opts.MaxRolloutFiles, maxDepth: maxWalkDepth, skipDir: skipRolloutDir, links: &r.linked}
	prefix := r.Path + "/"
	r.Truncated = s.rv.walkResolved(r.Path, r.Resolved, lim, func(e walkEntry) bool {
		if e.isDir {
			return true
		}
		if !e.regular {
			return false
		}
		rel := strings.TrimPrefix(e.rel, prefix)
		r.Files = append(r.Files, rel)
		if strings.HasSuffix(rel, ".py") {
			r.PyFiles = append(r.PyFiles, rel)
		}
		if rel == "pyproject.toml" {
			r.HasPyproject = true
		}
		return false
	}).Hit()
	sort.Strings(r.Files)
	sort.Strings(r.PyFiles)
	return r
}

// Rollouts returns the rollout directories, sorted by name. Symlinks
// under rollouts/ are included (see Rollout.Resolved), including ones that
// escape or loop, which have no files.
func (s *Snapshot) Rollouts() []Rollout {
	out := make([]Rollout, len(s.rollouts.list))
	for i, r := range s.rollouts.list {
		out[i] = *r
	}
	return out
}

// RolloutIssues lists the entries under rollouts/ that are no rollout
// although a config may name them: symlink loops, and directories that
// cannot be listed.
func (s *Snapshot) RolloutIssues() []EntryIssue { return slices.Clone(s.rollouts.issues) }

// RolloutNames returns the rollout names, sorted.
func (s *Snapshot) RolloutNames() []string {
	out := make([]string, len(s.rollouts.list))
	for i, r := range s.rollouts.list {
		out[i] = r.Name
	}
	return out
}

// Rollout returns the rollout named name.
func (s *Snapshot) Rollout(name string) (Rollout, bool) {
	r, ok := s.rollouts.byName[name]
	if !ok {
		return Rollout{}, false
	}
	return *r, true
}

// sortRollouts orders a rollout list by name.
func sortRollouts(list []*Rollout) {
	slices.SortFunc(list, func(a, b *Rollout) int { return strings.Compare(a.Name, b.Name) })
}
