package workspace

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/ignore"
)

// Limits of FindBelow: how far down it looks, how many directories it
// lists and how many workspaces it returns.
const (
	belowDepth = 4
	belowDirs  = 5000
	belowMax   = 100
)

// FindBelow lists the workspaces at or below dir, as an editor opened on a
// monorepo needs them. It answers another question than Root (which
// workspace is this path in): which workspaces lie below this folder. A
// workspace here is what Root finds for itself: a directory, dir
// included, that has configs/ or rollouts/ of its own (outside every git
// worktree, rollouts/ or a kind directory under configs/), at most four
// levels down. Hidden directories, virtual environments, node_modules and
// what the .gitignore files on the way exclude are not entered, nor is a
// workspace (its directories are its own). truncated says a bound was
// reached.
//
// The folder is read through the door (a disk.Root at dir): a .gitignore
// that is a symlink is not read, as git refuses it ("unable to access
// '.gitignore': Too many levels of symbolic links"), whether its target
// lies inside or out, and a directory link is not entered.
func FindBelow(dir string) (roots []string, truncated bool) {
	door, err := disk.Open(dir)
	if err != nil {
		return nil, false
	}
	type level struct {
		dir    string
		rel    string // slash path below dir
		depth  int
		ignore []scopedIgnore
	}
	queue := []level{{dir: dir, rel: "."}}
	listed := 0
	for len(queue) > 0 {
		l := queue[0]
		queue = queue[1:]
		if isWorkspace(l.dir) {
			roots = append(roots, l.dir)
			if len(roots) >= belowMax {
				return roots, true
			}
			continue
		}
		if l.depth >= belowDepth {
			continue
		}
		if listed++; listed > belowDirs {
			return roots, true
		}
		entries, _, err := door.ReadDir(l.rel, belowDirs)
		if err != nil {
			continue
		}
		scopes := l.ignore
		if data, _, err := door.ReadFile(path.Join(l.rel, ".gitignore"), 1<<20); err == nil {
			var r ignore.Rules
			r.Add(".gitignore", data)
			scopes = append(append([]scopedIgnore(nil), scopes...), scopedIgnore{base: l.dir, rules: &r})
		}
		for _, e := range entries {
			if !e.IsDir() || skipBelow(e.Name) {
				continue
			}
			sub := filepath.Join(l.dir, e.Name)
			if ignoredBelow(scopes, sub) {
				continue
			}
			queue = append(queue, level{dir: sub, rel: path.Join(l.rel, e.Name), depth: l.depth + 1, ignore: scopes})
		}
	}
	return roots, false
}

// scopedIgnore is the patterns of one .gitignore, for the paths below it.
type scopedIgnore struct {
	base  string
	rules *ignore.Rules
}

func ignoredBelow(scopes []scopedIgnore, dir string) bool {
	for _, s := range scopes {
		rel, err := filepath.Rel(s.base, dir)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		if ok, _ := s.rules.Ignored(path.Clean(filepath.ToSlash(rel)), true); ok {
			return true
		}
	}
	return false
}

// skipBelow are the directories no workspace is looked for in.
func skipBelow(name string) bool {
	switch name {
	case "node_modules", "venv", "__pycache__", "site-packages":
		return true
	}
	return strings.HasPrefix(name, ".")
}

// isWorkspace reports whether dir is a workspace of its own: Root finds
// dir itself for it.
func isWorkspace(dir string) bool {
	if !hasWorkspaceDirs(dir, false) {
		return false
	}
	f, err := Root(dir)
	return err == nil && f.Scaffold && f.Root == dir
}
