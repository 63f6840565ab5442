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

	// linked are resolved directories the listing reaches through
	// symlinks (the rollout's own target included).
	linked []string
}

type rolloutsPart struct {
	list   []*Rollout
	byName map[string]*Rollout
}

// skippedRolloutDirs are directories never listed inside a rollout.
var skippedRolloutDirs = map[string]bool{
	".venv": true, "venv": true, "node_modules": true, "__pycache__": true, ".git": true,
}

func skipRolloutDir(name string) bool {
	return skippedRolloutDirs[name] || strings.HasPrefix(name, ".")
}

// rolloutDirs lists the directories under rollouts/, symlinks to
// directories included, and symlinks that escape the root or loop (so a
// rule can name them); hidden and skipped names are left out.
func (s *Snapshot) rolloutDirs() []walkEntry {
	var out []walkEntry
	s.rv.walk("rollouts", walkLimits{maxEntries: 100000, maxDepth: 1}, func(e walkEntry) bool {
		if !skipRolloutDir(e.name) && (e.isDir || e.escapes || e.loop) {
			out = append(out, e)
		}
		return false
	})
	return out
}

func (s *Snapshot) loadRollouts() *rolloutsPart {
	dirs := s.rolloutDirs()
	part := &rolloutsPart{list: make([]*Rollout, len(dirs)), byName: make(map[string]*Rollout, len(dirs))}
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
	if !r.Resolved.Inside || !r.Resolved.IsDir {
		return r
	}
	if r.Resolved.Symlinked {
		r.linked = append(r.linked, r.Resolved.Path)
	}
	lim := walkLimits{maxEntries: s.opts.MaxRolloutFiles, maxDepth: maxWalkDepth, skipDir: skipRolloutDir}
	prefix := r.Path + "/"
	r.Truncated = s.rv.walkResolved(r.Path, r.Resolved, lim, func(e walkEntry) bool {
		if e.isDir {
			if e.symlink {
				r.linked = append(r.linked, e.real)
			}
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
	})
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
