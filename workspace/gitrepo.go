package workspace

// Finding the git directory stays here: go-git's .git-file and commondir
// handling lives in its top-level package (not linked: it brings the
// transports) and reads beside the filesystem door, and its storage takes
// a HEAD alone for a repository (TestGoGitRepositoryDiffers).

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// maxGitFileSize bounds every git metadata file read (config, .git file,
// commondir); a bigger one is not something git wrote.
const maxGitFileSize = 4 << 20

// GitDirs locates the git metadata of a workspace: the worktree's own git
// directory (index, config.worktree) and the common directory shared by
// linked worktrees (config). Both are absolute; for an ordinary clone they
// are the same `.git` directory.
type GitDirs struct {
	// GitDir holds the index and per-worktree files.
	GitDir string
	// CommonDir holds config, shared by all worktrees of the repository.
	CommonDir string
}

// findGitDirs reads root/.git: a directory, or a file `gitdir: <path>` as
// written for linked worktrees and submodules, followed by the optional
// `commondir` file of a linked worktree.
func findGitDirs(root string) (GitDirs, error) {
	dotgit := filepath.Join(root, ".git")
	fi, err := disk.StatNamed(dotgit)
	if err != nil {
		return GitDirs{}, fmt.Errorf("stat %s: %w", dotgit, err)
	}
	gitDir := dotgit
	if !fi.IsDir() {
		gitDir, err = readGitFile(dotgit)
		if err != nil {
			return GitDirs{}, err
		}
	}
	dirs := GitDirs{GitDir: gitDir, CommonDir: gitDir}
	commondir := filepath.Join(gitDir, "commondir")
	data, err := readNamedFile(commondir, maxGitFileSize)
	switch {
	case err == nil:
		p := strings.TrimSpace(string(data))
		if p == "" {
			return dirs, fmt.Errorf("read %s: empty", commondir)
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(gitDir, p)
		}
		dirs.CommonDir = filepath.Clean(p)
	case !errors.Is(err, fs.ErrNotExist):
		return dirs, err
	}
	return dirs, nil
}

// readGitFile reads a `.git` file and returns the absolute git directory it
// names; a relative path is relative to the file's directory.
func readGitFile(path string) (string, error) {
	data, err := readNamedFile(path, maxGitFileSize)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(data), "\n")
	rest, ok := strings.CutPrefix(line, "gitdir:")
	if !ok {
		return "", fmt.Errorf("read %s: not a gitdir file", path)
	}
	p := strings.TrimSpace(rest)
	if p == "" {
		return "", fmt.Errorf("read %s: empty gitdir", path)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(path), p)
	}
	return filepath.Clean(p), nil
}

// readNamedFile reads a whole file outside the workspace that is meant
// (git's files, the dataset cache and list), refusing one larger than
// limit bytes or one that is not a regular file.
func readNamedFile(path string, limit int64) ([]byte, error) {
	data, _, err := disk.ReadNamed(path, limit)
	if err != nil {
		// a PathError, not fmt: most of these are a file that is not there
		// (commondir, a global config), asked in every run
		return nil, &fs.PathError{Op: "read", Path: path, Err: unwrapPath(err)}
	}
	return data, nil
}

// Origin is what the workspace's git files say about the `origin` remote.
type Origin struct {
	// Found is true when remote.origin.url is set.
	Found bool
	// URL is the configured URL after url.<base>.insteadOf rewriting. It may
	// carry credentials: show Identity.DisplayURL instead.
	URL string
	// Identity is set when URL names a GitHub repository.
	Identity Identity
	// Err is an *IdentityError when URL is not a GitHub identity, or the
	// reason the git config could not be read. Nil when Identity is set or
	// no origin is configured.
	Err error
	// PushURLOnly is set when origin has a pushurl but no url: git then
	// prints the remote's name for its URL, which names no repository.
	PushURLOnly bool
	// Partial is set when a config file includes another that was not read
	// (outside the repository's config directory, or conditional): a
	// missing or different origin may come from it.
	Partial bool
}

// gitConfigFiles lists the config files git reads for the workspace, in
// git's order: global (XDG, then ~/.gitconfig, only when home is known),
// the repository config, then config.worktree when enabled.
func gitConfigFiles(dirs GitDirs, home string) (global []string, local string) {
	if home != "" {
		global = []string{
			filepath.Join(home, ".config", "git", "config"),
			filepath.Join(home, ".gitconfig"),
		}
	}
	return global, filepath.Join(dirs.CommonDir, "config")
}

// loadGitConfigs parses the config files of a workspace in git's reading
// order, and returns the repository's own config apart (nil when absent).
// A missing file is skipped.
func loadGitConfigs(dirs GitDirs, home string) (all []*gitConfig, local *gitConfig, err error) {
	global, localPath := gitConfigFiles(dirs, home)
	var out []*gitConfig
	read := func(path string, optional bool) (*gitConfig, error) {
		data, err := readNamedFile(path, maxGitFileSize)
		if err != nil {
			if optional && errors.Is(err, fs.ErrNotExist) {
				return nil, nil
			}
			return nil, err
		}
		cfg, err := parseGitConfig(data)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", path, err)
		}
		expandIncludes(cfg, filepath.Dir(path), 0)
		return cfg, nil
	}
	for _, path := range global {
		cfg, err := read(path, true)
		if err != nil {
			return nil, nil, err
		}
		if cfg != nil {
			out = append(out, cfg)
		}
	}
	cfg, err := read(localPath, true)
	if err != nil {
		return nil, nil, err
	}
	if cfg != nil {
		out = append(out, cfg)
		if cfg.boolValue("extensions", "worktreeconfig") {
			wt, err := read(filepath.Join(dirs.GitDir, "config.worktree"), true)
			if err != nil {
				return nil, nil, err
			}
			if wt != nil {
				out = append(out, wt)
			}
		}
	}
	return out, cfg, nil
}

// originFromConfigs finds the first remote.origin.url (what
// `git remote get-url origin` prints), applies the longest matching
// url.<base>.insteadOf prefix, and parses the GitHub identity.
func originFromConfigs(cfgs []*gitConfig) Origin {
	o := originOf(cfgs)
	for _, cfg := range cfgs {
		o.Partial = o.Partial || cfg.partial
	}
	return o
}

func originOf(cfgs []*gitConfig) Origin {
	var url string
	found, push := false, false
	type rewrite struct{ base, prefix string }
	var rewrites []rewrite
	for _, cfg := range cfgs {
		for _, v := range cfg.vars {
			switch {
			case v.section == "remote" && v.subsection == "origin" && v.key == "url":
				if v.noValue {
					return Origin{Err: fmt.Errorf("git config line %d: remote.origin.url has no value", v.line)}
				}
				if v.value == "" {
					// An empty value resets the list, as current git does.
					url, found = "", false
					continue
				}
				if !found {
					url, found = v.value, true
				}
			case v.section == "remote" && v.subsection == "origin" && v.key == "pushurl":
				push = true
			case v.section == "url" && v.key == "insteadof" && !v.noValue:
				rewrites = append(rewrites, rewrite{base: v.subsection, prefix: v.value})
			}
		}
	}
	if !found {
		return Origin{PushURLOnly: push}
	}
	best := -1
	for i, rw := range rewrites {
		if strings.HasPrefix(url, rw.prefix) && (best < 0 || len(rw.prefix) > len(rewrites[best].prefix)) {
			best = i
		}
	}
	if best >= 0 {
		url = rewrites[best].base + url[len(rewrites[best].prefix):]
	}
	o := Origin{Found: true, URL: url}
	o.Identity, o.Err = ParseOrigin(url)
	return o
}

// objectHashSize is the hash length the repository's index uses: 32 bytes
// when its config sets extensions.objectFormat = sha256, else 20.
func objectHashSize(local *gitConfig) int {
	if local != nil && strings.EqualFold(local.stringValue("extensions", "objectformat"), "sha256") {
		return 32
	}
	return 20
}

type gitPart struct {
	dirs    GitDirs
	dirsErr error
	// repo is set when dirs.GitDir is a repository as git decides it.
	repo       bool
	dotGitFile bool
	origin     Origin
	hashSize   int
	// cfgs are the config files read, in git's order.
	cfgs []*gitConfig
	// watched are the absolute git files whose change refreshes this part.
	watched []string
}

func (s *Snapshot) loadGit() *gitPart {
	part := &gitPart{hashSize: 20}
	part.dirs, part.dirsErr = findGitDirs(s.root)
	if fi, err := disk.LstatNamed(filepath.Join(s.root, ".git")); err == nil && !fi.IsDir() {
		part.dotGitFile = true
	}
	if part.dirsErr == nil {
		part.repo = isGitDirectory(part.dirs)
	}
	if part.dirsErr != nil {
		part.origin = Origin{Err: part.dirsErr}
		return part
	}
	global, local := gitConfigFiles(part.dirs, s.opts.Home)
	part.watched = append(append(part.watched, global...), local,
		filepath.Join(part.dirs.GitDir, "config.worktree"))
	cfgs, localCfg, err := loadGitConfigs(part.dirs, s.opts.Home)
	if err != nil {
		part.origin = Origin{Err: err}
		return part
	}
	part.cfgs = cfgs
	part.origin = originFromConfigs(cfgs)
	part.hashSize = objectHashSize(localCfg)
	return part
}

// branchTracking is branch.<name>.remote and branch.<name>.merge as git
// reads them: the last value of each over the config files.
func (s *Snapshot) branchTracking(branch string) (remote, merge string, ok bool) {
	for _, c := range s.git.cfgs {
		for _, v := range c.values("branch", branch, "remote") {
			remote = v.value
		}
		for _, v := range c.values("branch", branch, "merge") {
			merge = v.value
		}
	}
	return remote, merge, remote != "" && merge != ""
}

// GitDirs returns the workspace's git directories, or why they could not
// be found (no .git, or a .git file that does not name a git directory).
func (s *Snapshot) GitDirs() (GitDirs, error) { return s.git.dirs, s.git.dirsErr }

// Origin returns the origin remote as the workspace's git config states it.
func (s *Snapshot) Origin() Origin { return s.git.origin }

// GitRepository says whether the root's .git is a repository as git itself
// decides it (a HEAD, objects/ and refs/ in place). brokenDotGit is set for
// a .git file that names no git directory, which git reports as fatal. A
// .git directory that is not a repository (hand-made, or emptied) gives
// neither: git skips it and looks above the root, where nothing is read.
func (s *Snapshot) GitRepository() (ok, brokenDotGit bool) {
	if s.git.dirsErr != nil || !s.git.repo {
		return false, s.git.dotGitFile
	}
	return true, false
}

// isGitDirectory is git's is_git_directory: objects/ and refs/ (in the
// common directory) and a HEAD that is a symbolic ref or a hash.
func isGitDirectory(d GitDirs) bool {
	for _, sub := range []string{"objects", "refs"} {
		fi, err := disk.StatNamed(filepath.Join(d.CommonDir, sub))
		if err != nil || !fi.IsDir() {
			return false
		}
	}
	head, err := readNamedFile(filepath.Join(d.GitDir, "HEAD"), maxGitFileSize)
	if err != nil {
		return false
	}
	h := strings.TrimRight(string(head), "\r\n")
	if strings.HasPrefix(h, "ref:") {
		return strings.HasPrefix(strings.TrimLeft(h[4:], " \t"), "refs/")
	}
	if len(h) != 40 && len(h) != 64 {
		return false
	}
	for _, c := range h {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
