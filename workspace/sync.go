package workspace

import (
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/gitsync"
)

// syncPart is the workspace's git repository read for sync: what the
// platform will run against what the workspace holds. It is read on first
// use and replaced when git's files, the rollouts or the ignore files
// change, so each git state is read once.
type syncPart struct {
	// repo is nil when the workspace root has no git repository of its own
	// (the submit rules say so; sync has nothing to compare).
	repo *gitsync.Repo
	// ignore are the global ignore files' contents (core.excludesFile).
	ignore [][]byte
}

func (s *Snapshot) syncState() *syncPart { return s.sync.get(s.loadSync) }

func (s *Snapshot) loadSync() *syncPart {
	part := &syncPart{}
	if s.git.dirsErr != nil || !s.git.repo {
		// no repository as git decides it (a HEAD alone is not one)
		return part
	}
	dotgit := filepath.Join(s.root, ".git")
	if s.git.dirs.GitDir != dotgit || s.git.dirs.CommonDir != dotgit {
		// a linked worktree or a submodule: its git directory lies outside
		// the workspace, and is not followed
		part.repo = &gitsync.Repo{Unchecked: "the .git file names a git directory outside the workspace (a linked worktree or a submodule), which is not read"}
		return part
	}
	part.repo = gitsync.Open(s.disk, ".git", gitsync.Limits{}, s.branchTracking)
	if part.repo.Unchecked == "" && !part.repo.NoRemote {
		part.ignore = s.globalIgnore()
	}
	return part
}

// globalIgnore reads the ignore file git reads beside the repository's own:
// core.excludesFile of the user's global config, by default
// ~/.config/git/ignore. Only with a home directory, and only a file under
// it: the repository's own config is the workspace's, and names nothing
// that is read outside it.
func (s *Snapshot) globalIgnore() [][]byte {
	home := s.opts.Home
	if home == "" {
		return nil
	}
	path := filepath.Join(home, ".config", "git", "ignore")
	if cfgs, local, err := loadGitConfigs(s.git.dirs, home); err == nil {
		for _, c := range cfgs {
			if v := c.stringValue("core", "excludesfile"); v != "" && c != local {
				path = v
			}
		}
	}
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		path = filepath.Join(home, rest)
	}
	if !filepath.IsAbs(path) || !disk.Within(filepath.Clean(path), home) {
		return nil
	}
	data, err := readNamedFile(path, 1<<20)
	if err != nil {
		return nil
	}
	return [][]byte{data}
}

// GitSync returns the workspace's repository as sync reads it, or nil when
// the root has no git repository.
func (s *Snapshot) GitSync() *gitsync.Repo { return s.syncState().repo }

// RolloutSync says which files of rollouts/<name>/ are not committed and
// which commits changing it are not pushed. It is computed once per
// rollout and snapshot. ok is false when the root has no git repository.
func (s *Snapshot) RolloutSync(name string) (st gitsync.RolloutState, ok bool) {
	part := s.syncState()
	if part.repo == nil {
		return st, false
	}
	wt := gitsync.Worktree{Ignore: part.ignore}
	if r, found := s.Rollout(name); found {
		wt.Files, wt.Complete, wt.Linked = r.Files, !r.Truncated, r.Resolved.Symlinked
	} else {
		wt.Complete = true
	}
	return part.repo.Rollout(name, wt), true
}
