package workspace

import (
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
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
// git (config, index, HEAD, refs), ignore, .env and agent files at the top, everything under
// rollouts/ (but virtual environments, caches and hidden directories),
// data/ and configs/, the skill directories, the dataset list and the
// dataset cache of s. Symlinks are stamped, not followed. Under rollouts/
// only directories are stamped: what a snapshot knows of a rollout is the
// names of its files, and a directory's time changes with them.
func (s *Snapshot) Stamp() Stamps {
	out := Stamps{}
	add := func(rel string) {
		if fi, err := s.disk.Lstat(rel); err == nil {
			out[s.disk.Abs(rel)] = stampOf(fi, false)
		}
	}
	for _, name := range []string{SettingsFile, ".gitignore", "AGENTS.md", "CLAUDE.md", ".git/config", ".git/index",
		".git/HEAD", ".git/packed-refs", ".git/shallow", ".git/info/exclude"} {
		add(name)
	}
	// the refs: what sync compares the rollouts with
	s.walkStamps(".git/refs", out, false, func(string) bool { return false })
	if entries, _, err := s.disk.ReadDir(".", 0); err == nil {
		for _, e := range entries {
			if IsEnvFileName(e.Name) {
				add(e.Name)
			}
		}
	}
	for _, dir := range []string{"rollouts", "data", "configs", ".agents", ".claude"} {
		hidden := !strings.HasPrefix(dir, ".")
		s.walkStamps(dir, out, dir == "rollouts", func(name string) bool {
			if dir == "rollouts" {
				return skipRolloutDir(name)
			}
			return hidden && strings.HasPrefix(name, ".")
		})
	}
	addNamed := func(p string) {
		if fi, err := disk.LstatNamed(p); err == nil {
			out[p] = stampOf(fi, false)
		}
	}
	if s.list.path != "" {
		if s.list.rel != "" {
			add(s.list.rel)
		} else {
			addNamed(s.list.path)
		}
	}
	if dir := s.cacheDir(); dir != "" {
		addNamed(dir)
		if entries, _, err := disk.ReadDirNamed(dir, maxCacheEntries); err == nil {
			for _, e := range entries {
				addNamed(filepath.Join(dir, e.Name))
			}
		}
	}
	return out
}

func stampOf(fi disk.Info, listing bool) stamp {
	return stamp{mod: fi.ModTime, size: fi.Size, mode: fi.Mode, listing: listing}
}

// walkStamps stamps the directory rel and what lies under it (only the
// directories, for listings), leaving out the directories skip names.
// Symlinks are stamped, not followed.
func (s *Snapshot) walkStamps(rel string, out Stamps, listings bool, skip func(name string) bool) {
	fi, err := s.disk.Lstat(rel)
	if err != nil {
		return
	}
	out[s.disk.Abs(rel)] = stampOf(fi, listings && fi.IsDir())
	if !fi.IsDir() {
		return
	}
	var walk func(dir string) bool
	walk = func(dir string) bool {
		entries, _, err := s.disk.ReadDir(dir, maxStamps)
		if err != nil {
			return true
		}
		for _, e := range entries {
			if len(out) >= maxStamps {
				return false
			}
			p := dir + "/" + e.Name
			if e.IsDir() && skip(e.Name) {
				continue
			}
			if listings && !e.IsDir() {
				continue
			}
			fi, err := s.disk.Lstat(p)
			if err != nil {
				continue
			}
			out[s.disk.Abs(p)] = stampOf(fi, listings)
			if e.IsDir() && !walk(p) {
				return false
			}
		}
		return true
	}
	walk(rel)
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
