package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Stamps record the size, time and type of the files a snapshot reads, by
// absolute path. Two stamps taken at different times give the changes in
// between: a language server whose client cannot watch files compares
// them when a file is saved, instead of reading the workspace again.
type Stamps map[string]stamp

type stamp struct {
	mod  int64
	size int64
	mode fs.FileMode
	// listing: a directory stamped for the names it holds, whose files
	// are not stamped one by one
	listing bool
}

// maxStamps bounds a stamp walk: a workspace that holds more files under
// rollouts/, data/ and configs/ is stamped in part (changes beyond are
// missed, never invented).
const maxStamps = 200000

// Stamp records the files under root that snapshots read: the settings,
// git, ignore, .env and agent files at the top, everything under
// rollouts/ (but virtual environments, caches and hidden directories),
// data/ and configs/, the skill directories, the dataset list and the
// dataset cache of s. Symlinks are stamped, not followed. Under rollouts/
// only directories are stamped: what a snapshot knows of a rollout is the
// names of its files, and a directory's time changes with them.
func (s *Snapshot) Stamp() Stamps {
	out := Stamps{}
	add := func(p string) {
		if fi, err := os.Lstat(p); err == nil {
			out[p] = stamp{mod: fi.ModTime().UnixNano(), size: fi.Size(), mode: fi.Mode()}
		}
	}
	root := s.root
	for _, name := range []string{SettingsFile, ".gitignore", "AGENTS.md", "CLAUDE.md", filepath.Join(".git", "config"), filepath.Join(".git", "index")} {
		add(filepath.Join(root, name))
	}
	if entries, err := os.ReadDir(root); err == nil {
		for _, e := range entries {
			if IsEnvFileName(e.Name()) {
				add(filepath.Join(root, e.Name()))
			}
		}
	}
	for _, dir := range []string{"rollouts", "data", "configs", ".agents", ".claude"} {
		hidden := !strings.HasPrefix(dir, ".")
		walkStamps(filepath.Join(root, dir), out, dir == "rollouts", func(name string) bool {
			if dir == "rollouts" {
				return skipRolloutDir(name)
			}
			return hidden && strings.HasPrefix(name, ".")
		})
	}
	if s.list.path != "" {
		add(s.list.path)
	}
	if dir := s.cacheDir(); dir != "" {
		add(dir)
		if entries, err := os.ReadDir(dir); err == nil {
			for _, e := range entries {
				add(filepath.Join(dir, e.Name()))
			}
		}
	}
	return out
}

// walkStamps stamps dir and what lies under it (only the directories, for
// listings), leaving out the directories skip names.
func walkStamps(dir string, out Stamps, listings bool, skip func(name string) bool) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if len(out) >= maxStamps {
			return filepath.SkipAll
		}
		if d.IsDir() && p != dir && skip(d.Name()) {
			return filepath.SkipDir
		}
		if listings && !d.IsDir() {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			out[p] = stamp{mod: fi.ModTime().UnixNano(), size: fi.Size(), mode: fi.Mode(), listing: listings}
		}
		return nil
	})
}

// Changes lists what differs from old to s: paths that appeared, changed
// or went away.
func (s Stamps) Changes(old Stamps) []Change {
	var out []Change
	for p, st := range s {
		prev, ok := old[p]
		switch {
		case !ok:
			out = append(out, Change{Path: p, Kind: Created})
		case prev != st && (st.listing || !prev.mode.IsDir() || !st.mode.IsDir()):
			// a directory whose files are stamped reports them instead
			out = append(out, Change{Path: p, Kind: Changed})
		}
	}
	for p := range old {
		if _, ok := s[p]; !ok {
			out = append(out, Change{Path: p, Kind: Deleted})
		}
	}
	return out
}
