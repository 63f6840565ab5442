package gitsync

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/osmosis-lint/osmosis-lint/workspace/gitindex"
	"github.com/osmosis-lint/osmosis-lint/workspace/ignore"
)

// Change says how a file of a rollout differs from the commit HEAD names.
type Change string

// The changes, in git status' words.
const (
	Modified  Change = "modified"
	Staged    Change = "staged"
	Deleted   Change = "deleted"
	Untracked Change = "untracked"
	Unmerged  Change = "unmerged"
)

// FileChange is one file of a rollout that is not committed.
type FileChange struct {
	// Path is workspace-relative, slash-separated.
	Path   string
	Change Change
}

// Worktree is what the workspace listing knows of a rollout's files.
type Worktree struct {
	// Files are the regular files under rollouts/<name>/, relative to it
	// (the snapshot's listing, which leaves out virtual environments and
	// hidden directories).
	Files []string
	// Complete is false when the listing hit a bound: untracked files are
	// then not reported.
	Complete bool
	// Linked is set when rollouts/<name> is a symlink: git tracks the link,
	// not the files, so the files are not compared.
	Linked bool
	// Ignore holds the contents of the ignore files git reads beside the
	// workspace's own (core.excludesFile), lowest precedence first.
	Ignore [][]byte
}

// RolloutState is what git says of one rollout.
type RolloutState struct {
	// Unchecked is why this rollout could not be checked ("" when it was).
	Unchecked string
	// Changes are the rollout's files that are not committed, sorted by
	// path.
	Changes []FileChange
	// Unpushed are the commits on the current branch, not on its
	// upstream, that change the rollout, newest first; zero without an
	// upstream.
	Unpushed []Commit
	// OffOrigin are the commits on the current branch that change the
	// rollout and are on no branch of origin: set when the branch has no
	// upstream (and origin's branches are known).
	OffOrigin []Commit
	// DiffersFromDefault is set when the rollout in HEAD's commit is not
	// the one on origin's default branch.
	DiffersFromDefault bool
	// BranchPushed is set when origin has the current branch with the
	// same rollout as HEAD's commit.
	BranchPushed bool
}

// Commit is one commit as findings name it.
type Commit struct {
	Hash    string
	Subject string
}

// maxHashedFile bounds a worktree file hashed to compare it with the index;
// a bigger one whose size and time differ is taken as modified.
const maxHashedFile = 64 << 20

// Rollout answers for rollouts/<name>, once per name.
func (r *Repo) Rollout(name string, wt Worktree) RolloutState {
	if r.Unchecked != "" {
		return RolloutState{Unchecked: r.Unchecked}
	}
	return remembered(r, memoKey{"rollout", name, ""}, func() RolloutState {
		st, err := r.rollout(name, wt)
		if err != nil {
			return RolloutState{Unchecked: describe(err)}
		}
		return st
	}, func(err error) RolloutState { return RolloutState{Unchecked: describe(err)} })
}

func (r *Repo) rollout(name string, wt Worktree) (RolloutState, error) {
	var st RolloutState
	if !wt.Linked {
		changes, err := r.changes(name, wt)
		if err != nil {
			return st, err
		}
		st.Changes = changes
	}
	if r.Shallow || r.Unborn || r.head.IsZero() {
		return st, nil
	}
	if !r.Detached && !r.NoRemote {
		switch {
		case !r.upstream.IsZero():
			list, err := r.touching(r.head, []plumbing.Hash{r.upstream}, name)
			if err != nil {
				return st, err
			}
			st.Unpushed = list
		default:
			list, err := r.touching(r.head, r.remoteTips(), name)
			if err != nil {
				return st, err
			}
			st.OffOrigin = list
		}
	}
	if !r.Detached && !r.defaultTip.IsZero() {
		mine, err := r.rolloutTree(r.head, name)
		if err != nil {
			return st, err
		}
		theirs, err := r.rolloutTree(r.defaultTip, name)
		if err != nil {
			return st, err
		}
		st.DiffersFromDefault = mine != theirs
		if tip, ok := r.remote[r.Branch]; ok && st.DiffersFromDefault {
			pushed, err := r.rolloutTree(tip, name)
			if err != nil {
				return st, err
			}
			st.BranchPushed = pushed == mine
		}
	}
	return st, nil
}

func (r *Repo) remoteTips() []plumbing.Hash {
	names := make([]string, 0, len(r.remote))
	for n := range r.remote {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]plumbing.Hash, len(names))
	for i, n := range names {
		out[i] = r.remote[n]
	}
	return out
}

// touching lists the commits reachable from tip and not from hidden that
// change rollouts/<name>, newest first. The caller holds r.mu.
func (r *Repo) touching(tip plumbing.Hash, hidden []plumbing.Hash, name string) ([]Commit, error) {
	list, err := r.exclusive(tip, hidden)
	if err != nil {
		return nil, err
	}
	var out []Commit
	for _, h := range list {
		ok, err := r.touches(h, name)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, Commit{Hash: h.String(), Subject: r.commits[h].subject})
		}
	}
	return out, nil
}

type blobEntry struct {
	hash plumbing.Hash
	mode filemode.FileMode
}

// headFiles flattens rollouts/<name> of HEAD's commit: path -> blob. The
// caller holds r.mu.
func (r *Repo) headFiles(name string) (map[string]blobEntry, error) {
	out := map[string]blobEntry{}
	if r.Unborn || r.head.IsZero() {
		return out, nil
	}
	top, err := r.rolloutTree(r.head, name)
	if err != nil || top.IsZero() {
		return out, err
	}
	type dir struct {
		path string
		hash plumbing.Hash
	}
	stack := []dir{{"rollouts/" + name, top}}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t, err := r.tree(d.hash)
		if err != nil {
			return nil, err
		}
		for _, e := range t {
			p := d.path + "/" + e.name
			if e.mode == filemode.Dir {
				stack = append(stack, dir{p, e.hash})
				continue
			}
			out[p] = blobEntry{e.hash, e.mode}
			if len(out) > r.lim.MaxTreeEntries {
				return nil, errLimit
			}
		}
	}
	return out, nil
}

// changes compares the rollout's files in HEAD's commit, the index and
// the worktree. The caller holds r.mu.
func (r *Repo) changes(name string, wt Worktree) ([]FileChange, error) {
	prefix := "rollouts/" + name + "/"
	idx, err := r.loadIndex()
	if err != nil {
		return nil, err
	}
	head, err := r.headFiles(name)
	if err != nil {
		return nil, err
	}
	found := map[string]Change{}
	tracked := map[string]bool{}
	// links and submodules are one entry each: the files the listing
	// finds below them are not the repository's
	var opaque []string
	filtered := r.filtered(name, wt)
	for i := range idx.Entries {
		e := &idx.Entries[i]
		if !strings.HasPrefix(e.Name, prefix) {
			continue
		}
		mode, hash := filemode.FileMode(e.Mode), plumbing.Hash(e.Hash[:len(plumbing.ZeroHash)])
		tracked[e.Name] = true
		if mode == filemode.Symlink || mode == filemode.Submodule {
			opaque = append(opaque, e.Name+"/")
		}
		// stage 0 is a merged entry, 1 to 3 the sides of a conflict
		if e.Stage != 0 {
			found[e.Name] = Unmerged
			continue
		}
		if e.IntentToAdd {
			found[e.Name] = Untracked
			continue
		}
		if h, ok := head[e.Name]; !ok || h.hash != hash || h.mode != mode {
			found[e.Name] = Staged
		}
		if e.SkipWorktree || mode == filemode.Submodule {
			continue
		}
		if c := r.worktreeChange(e, filtered); c != "" {
			found[e.Name] = c
		}
	}
	for p := range head {
		if !tracked[p] {
			found[p] = Staged // deleted and the deletion staged
		}
	}
	if wt.Complete {
		m := r.ignoreMatcher(name, wt)
		for _, f := range wt.Files {
			p := prefix + f
			if tracked[p] || ignored(m, p) || underAny(p, opaque) {
				continue
			}
			found[p] = Untracked
		}
	}
	out := make([]FileChange, 0, len(found))
	for p, c := range found {
		out = append(out, FileChange{Path: p, Change: c})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// worktreeChange compares an index entry with the file in the worktree,
// as git status does: the same size and time mean the same content, unless
// the entry's time is not before the index file's (the file may have
// changed in the tick the index was written: git calls the entry racily
// clean and compares the content); otherwise the content is hashed (with CRLF line ends also taken as LF,
// so a checkout converted on the way out is not called modified).
//
// With filtered set (.gitattributes names a filter, such as git-lfs, or
// another conversion), content that differs is not taken as modified: git
// compares what the filter makes of it, which is not read here.
func (r *Repo) worktreeChange(e *gitindex.Entry, filtered bool) Change {
	info, err := r.ws.Lstat(e.Name)
	if errors.Is(err, fs.ErrNotExist) {
		return Deleted
	}
	if err != nil {
		return ""
	}
	if filemode.FileMode(e.Mode) == filemode.Symlink {
		if !info.IsSymlink() {
			return Modified
		}
		return ""
	}
	if !info.IsRegular() {
		return Modified
	}
	// git also trusts the stat only when the change time's seconds are the
	// entry's (core.trustctime): content rewritten with its size and
	// modification time kept has a new ctime, and is hashed
	ctimeSame := info.ChangeTime == 0 || e.ChangeSec == uint32(info.ChangeTime/1e9)
	if int64(e.Size) == info.Size&0xffffffff && e.ModTime == info.ModTime && ctimeSame && e.ModTime < r.idxTime {
		return ""
	}
	if filtered {
		return ""
	}
	if info.Size > maxHashedFile {
		if int64(e.Size) != info.Size&0xffffffff {
			return Modified
		}
		return ""
	}
	data, _, err := r.ws.ReadFile(e.Name, maxHashedFile)
	if err != nil {
		return ""
	}
	hash := plumbing.Hash(e.Hash[:len(plumbing.ZeroHash)])
	if plumbing.ComputeHash(plumbing.BlobObject, data) == hash {
		return ""
	}
	if bytes.Contains(data, []byte("\r\n")) &&
		plumbing.ComputeHash(plumbing.BlobObject, bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))) == hash {
		return ""
	}
	return Modified
}

// maxIgnoreFile bounds an ignore file read.
const maxIgnoreFile = 1 << 20

// ignoreMatcher gathers the ignore patterns that can apply under
// rollouts/<name>/, lowest precedence first: core.excludesFile,
// .git/info/exclude, the root .gitignore, rollouts/.gitignore, then the
// rollout's own .gitignore files, shallower first.
func (r *Repo) ignoreMatcher(name string, wt Worktree) *ignore.Rules {
	var rules ignore.Rules
	for _, data := range wt.Ignore {
		rules.Add("core.excludesFile", data)
	}
	read := func(rel, base string) {
		if data, _, err := r.ws.ReadFile(rel, maxIgnoreFile); err == nil {
			rules.AddIn(rel, base, data)
		}
	}
	read(r.gitRel+"/info/exclude", "")
	read(".gitignore", "")
	read("rollouts/.gitignore", "rollouts")
	var nested []string
	for _, f := range wt.Files {
		if f == ".gitignore" || strings.HasSuffix(f, "/.gitignore") {
			nested = append(nested, f)
		}
	}
	sort.Slice(nested, func(i, j int) bool {
		return strings.Count(nested[i], "/") < strings.Count(nested[j], "/")
	})
	for _, f := range nested {
		rel := "rollouts/" + name + "/" + f
		read(rel, path.Dir(rel))
	}
	return &rules
}

// ignored reports whether git leaves the file out: it or a directory
// above it is ignored (git does not look inside an ignored directory).
func ignored(m *ignore.Rules, p string) bool {
	ok, _ := m.Ignored(p, false)
	return ok
}

// underAny reports whether p lies below one of the directory prefixes.
func underAny(p string, prefixes []string) bool {
	for _, d := range prefixes {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// filtered reports whether a .gitattributes git reads for the rollout's
// files can change their content on the way in (filter=, ident,
// working-tree-encoding=): the content of the worktree is then not
// compared with the index.
func (r *Repo) filtered(name string, wt Worktree) bool {
	files := []string{r.gitRel + "/info/attributes", ".gitattributes", "rollouts/.gitattributes"}
	for _, f := range wt.Files {
		if f == ".gitattributes" || strings.HasSuffix(f, "/.gitattributes") {
			files = append(files, "rollouts/"+name+"/"+f)
		}
	}
	for _, rel := range files {
		data, _, err := r.ws.ReadFile(rel, maxIgnoreFile)
		if err != nil {
			continue
		}
		for _, word := range []string{"filter", "ident", "encoding"} {
			if bytes.Contains(data, []byte(word)) {
				return true
			}
		}
	}
	return false
}
