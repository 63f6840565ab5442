package gitsync

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/gitindex"
)

// Limits bound the work done on one repository. Zero fields take the
// defaults.
type Limits struct {
	// MaxCommits bounds the commits one walk visits (20,000).
	MaxCommits int
	// MaxObjectSize bounds a commit or tree object read (8 MiB).
	MaxObjectSize int64
	// MaxTreeEntries bounds the entries of a rollout's tree (100,000).
	MaxTreeEntries int
	// MaxIndexSize bounds the index file (256 MiB).
	MaxIndexSize int64
}

func (l Limits) withDefaults() Limits {
	if l.MaxCommits <= 0 {
		l.MaxCommits = 20000
	}
	if l.MaxObjectSize <= 0 {
		l.MaxObjectSize = 8 << 20
	}
	if l.MaxTreeEntries <= 0 {
		l.MaxTreeEntries = 100000
	}
	if l.MaxIndexSize <= 0 {
		l.MaxIndexSize = 256 << 20
	}
	return l
}

// Origin is the remote the platform clones.
const Origin = "origin"

// Repo is one repository, opened for reading. Its answers are computed on
// first use and kept: a Repo describes the repository as it was when the
// answers were read, and is meant to be replaced when git's files change.
// It is safe for concurrent use.
type Repo struct {
	// Unchecked is why sync cannot be checked at all ("" when it can): no
	// git directory inside the workspace, alternates, an unreadable HEAD.
	Unchecked string
	// NoRemote is set when the repository has no remote-tracking ref of
	// origin: nothing is known of what was pushed.
	NoRemote bool
	// Detached is set when HEAD names a commit, not a branch (CI).
	Detached bool
	// Shallow is set for a shallow clone: history is cut, so no walk.
	Shallow bool
	// Unborn is set when the current branch has no commit yet.
	Unborn bool
	// Branch is the current branch's short name ("" when detached).
	Branch string
	// Upstream is the remote-tracking ref the current branch follows
	// ("origin/main"), "" when it has none; UpstreamGone is set when the
	// branch is configured to follow a ref that does not exist.
	Upstream     string
	UpstreamGone bool
	// Default is origin's default branch (from refs/remotes/origin/HEAD),
	// "" when not known.
	Default string

	ws     *disk.Root
	gitRel string
	lim    Limits
	objs   *objectStore
	deltas *deltaGuard

	head       plumbing.Hash
	upstream   plumbing.Hash
	defaultTip plumbing.Hash
	// remote maps origin's branch names to their tips.
	remote map[string]plumbing.Hash
	// local maps local branch names to their tips (nil until listed).
	local    map[string]plumbing.Hash
	localErr error
	// refs reads the refs that are read later than Open (under mu)
	refs *refStore

	mu       sync.Mutex
	commits  map[plumbing.Hash]*commitInfo
	subtrees map[plumbing.Hash]map[string]plumbing.Hash
	idx      *gitindex.Index
	idxErr   error
	idxDone  bool
	// idxTime is the index file's modification time (Unix nanoseconds):
	// an entry whose time is not before it may be racily clean
	idxTime int64
	reach   *reachSet
	memo    map[memoKey]any
}

// memoKey names one remembered answer: its kind and arguments.
type memoKey struct{ kind, a, b string }

type commitInfo struct {
	parents []plumbing.Hash
	tree    plumbing.Hash
	when    int64
	subject string
}

// Tracking says which branch a local branch follows: branch.<name>.remote
// and branch.<name>.merge as git reads them from the repository's config
// files; ok is false when it follows none.
type Tracking func(branch string) (remote, merge string, ok bool)

// Open reads the refs of the repository whose git directory is gitRel
// (a slash path under the workspace root ws, normally ".git"). tracking
// reads the branch configuration (nil: no branch follows anything); it
// is the workspace's git config reader, not go-git's, which refuses or
// misreads files git reads (see workspace/gitconfig.go). Open never
// fails: what stops the checks is recorded in Unchecked.
func Open(ws *disk.Root, gitRel string, lim Limits, tracking Tracking) *Repo {
	r := &Repo{ws: ws, gitRel: gitRel, lim: lim.withDefaults(),
		commits: map[plumbing.Hash]*commitInfo{}, subtrees: map[plumbing.Hash]map[string]plumbing.Hash{},
		memo: map[memoKey]any{}}
	r.protect(func() error { return r.open(tracking) }, func(err error) { r.Unchecked = describe(err) })
	return r
}

// protect runs fn, turning an error or a panic on hostile
// data into a call of fail.
func (r *Repo) protect(fn func() error, fail func(error)) {
	defer func() {
		if p := recover(); p != nil {
			fail(fmt.Errorf("%w: %v", errCorrupt, p))
		}
	}()
	if err := fn(); err != nil {
		fail(err)
	}
}

var (
	errCorrupt   = errors.New("the repository could not be read")
	errLimit     = errors.New("the history is larger than the walk bound")
	errHuge      = errors.New("an object is larger than the size bound")
	errAlternate = errors.New("objects/info/alternates names another object store")
)

// describe words an error for a "sync not checked" finding, naming no
// path outside the workspace.
func describe(err error) string {
	switch {
	case errors.Is(err, errLimit):
		return "the history to walk is larger than the bound of the check"
	case errors.Is(err, errHuge):
		return "a git object is larger than the size bound"
	case errors.Is(err, errAlternate):
		return "the repository borrows objects from another store (objects/info/alternates), which is not followed"
	case errors.Is(err, errRefLoop):
		return "its refs form a loop"
	case errors.Is(err, errDeltaLoop):
		return "the deltas of one of its packs form a loop"
	case errors.Is(err, errDeltaDepth):
		return "a chain of deltas in one of its packs is deeper than git writes"
	case errors.Is(err, plumbing.ErrObjectNotFound):
		return "a git object is missing (a partial or damaged clone)"
	case errors.Is(err, errOutside):
		return "a git file names a place outside the repository"
	}
	return "the repository could not be read"
}

func (r *Repo) open(tracking Tracking) error {
	gitFS := doorFS{root: r.ws, base: r.gitRel}
	if _, err := gitFS.Lstat("objects/info/alternates"); err == nil {
		return errAlternate
	}
	if _, err := gitFS.Lstat("commondir"); err == nil {
		return errOutside
	}
	r.deltas = &deltaGuard{fs: gitFS, maxSize: r.lim.MaxIndexSize}
	r.objs = &objectStore{git: gitFS, max: r.lim.MaxObjectSize, packs: r.deltas}
	refs := &refStore{ws: r.ws, gitRel: r.gitRel, maxPacked: r.lim.MaxIndexSize}
	r.refs = refs
	if sh, err := shallow(r.ws, r.gitRel, r.lim.MaxIndexSize); err != nil {
		return err
	} else if sh {
		r.Shallow = true
	}
	head, err := refs.reference(plumbing.HEAD)
	if err != nil {
		return err
	}
	if head.Type() == plumbing.SymbolicReference {
		if !head.Target().IsBranch() {
			return fmt.Errorf("%w: HEAD names %s", errCorrupt, head.Target())
		}
		r.Branch = shortName(head.Target())
		res, err := refs.resolve(head.Target())
		switch {
		case errors.Is(err, plumbing.ErrReferenceNotFound):
			r.Unborn = true
		case err != nil:
			return err
		default:
			r.head = res.Hash()
		}
	} else {
		r.Detached = true
		r.head = head.Hash()
	}
	if err := r.readRefs(refs); err != nil {
		return err
	}
	if !r.Detached {
		r.readUpstream(refs, tracking)
	}
	return nil
}

// maxRefs bounds the refs read.
const maxRefs = 100000

func (r *Repo) readRefs(refs *refStore) error {
	r.remote = map[string]plumbing.Hash{}
	prefix := "refs/remotes/" + Origin + "/"
	var originHead *plumbing.Reference
	// only origin's refs: tags and other refs are of no use to the checks,
	// and the local branches are read when asked for
	err := refs.each([]string{prefix}, func(ref *plumbing.Reference) error {
		name := ref.Name().String()
		switch {
		case strings.HasPrefix(name, prefix):
			short := name[len(prefix):]
			if short == "HEAD" {
				originHead = ref
				return nil
			}
			if ref.Type() == plumbing.HashReference {
				r.remote[short] = ref.Hash()
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	r.NoRemote = len(r.remote) == 0
	if originHead != nil && originHead.Type() == plumbing.SymbolicReference {
		if t := originHead.Target().String(); strings.HasPrefix(t, prefix) {
			if h, ok := r.remote[t[len(prefix):]]; ok {
				r.Default, r.defaultTip = t[len(prefix):], h
			}
		}
	}
	return nil
}

// readUpstream finds the remote-tracking ref of branch.<current>.remote
// and .merge.
func (r *Repo) readUpstream(refs *refStore, tracking Tracking) {
	if tracking == nil {
		return
	}
	remote, m, ok := tracking(r.Branch)
	if !ok || remote == "" || m == "" {
		return
	}
	merge := plumbing.ReferenceName(m)
	name := "refs/remotes/" + remote + "/" + shortName(merge)
	if remote == "." {
		name = merge.String()
	}
	ref, err := refs.reference(plumbing.ReferenceName(name))
	if err != nil || ref.Type() != plumbing.HashReference {
		r.UpstreamGone = true
		r.Upstream = strings.TrimPrefix(name, "refs/remotes/")
		return
	}
	r.Upstream = strings.TrimPrefix(name, "refs/remotes/")
	r.upstream = ref.Hash()
}

// commit reads a commit, bounded in size, and keeps what the walks need.
// The caller holds r.mu.
func (r *Repo) commit(h plumbing.Hash) (*commitInfo, error) {
	if c, ok := r.commits[h]; ok {
		return c, nil
	}
	if err := r.deltas.check(h); err != nil {
		return nil, err
	}
	b, err := r.objs.object(h, plumbing.CommitObject)
	if err != nil {
		return nil, err
	}
	c, err := decodeCommit(b)
	if err != nil {
		return nil, err
	}
	subject, _, _ := strings.Cut(strings.TrimLeft(c.message, "\n"), "\n")
	if len(subject) > 200 {
		subject = subject[:200]
	}
	info := &commitInfo{parents: c.parents, tree: c.tree, when: c.when, subject: strings.TrimSpace(subject)}
	r.commits[h] = info
	return info, nil
}

// tree reads a tree object, bounded in size. The caller holds r.mu.
func (r *Repo) tree(h plumbing.Hash) ([]treeEntry, error) {
	if err := r.deltas.check(h); err != nil {
		return nil, err
	}
	b, err := r.objs.object(h, plumbing.TreeObject)
	if err != nil {
		return nil, err
	}
	return decodeTree(b)
}

// entries maps the names of a tree to their hashes (kept per tree).
func (r *Repo) entries(h plumbing.Hash) (map[string]plumbing.Hash, error) {
	if m, ok := r.subtrees[h]; ok {
		return m, nil
	}
	t, err := r.tree(h)
	if err != nil {
		return nil, err
	}
	m := make(map[string]plumbing.Hash, len(t))
	for _, e := range t {
		// a file or link where a directory is looked for: its hash
		// still tells one version from another
		m[e.name] = e.hash
	}
	r.subtrees[h] = m
	return m, nil
}

// rolloutTree is the hash of rollouts/<name> in the commit's tree (zero
// when absent). The caller holds r.mu.
func (r *Repo) rolloutTree(c plumbing.Hash, name string) (plumbing.Hash, error) {
	ci, err := r.commit(c)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	top, err := r.entries(ci.tree)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	rh, ok := top["rollouts"]
	if !ok {
		return plumbing.ZeroHash, nil
	}
	sub, err := r.entries(rh)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return sub[name], nil
}

// touches reports whether commit c changes rollouts/<name>: it differs
// from every parent there (a merge that takes one side's rollout does
// not), as `git log -- rollouts/<name>` counts.
func (r *Repo) touches(c plumbing.Hash, name string) (bool, error) {
	mine, err := r.rolloutTree(c, name)
	if err != nil {
		return false, err
	}
	ci, err := r.commit(c)
	if err != nil {
		return false, err
	}
	if len(ci.parents) == 0 {
		return !mine.IsZero(), nil
	}
	for _, p := range ci.parents {
		theirs, err := r.rolloutTree(p, name)
		if err != nil {
			return false, err
		}
		if theirs == mine {
			return false, nil
		}
	}
	return true, nil
}

const (
	fromTip uint8 = 1 << iota
	fromHidden
)

// exclusive lists the commits reachable from tip and from none of hidden,
// newest first (`git rev-list tip --not hidden...`). The walk goes by
// committer time and stops when every commit left is reachable from
// hidden; it visits at most MaxCommits commits. The caller holds r.mu.
func (r *Repo) exclusive(tip plumbing.Hash, hidden []plumbing.Hash) ([]plumbing.Hash, error) {
	flags := map[plumbing.Hash]uint8{}
	done := map[plumbing.Hash]uint8{}
	q := &commitQueue{}
	push := func(h plumbing.Hash, f uint8) error {
		if flags[h]|f == flags[h] {
			return nil
		}
		flags[h] |= f
		ci, err := r.commit(h)
		if err != nil {
			return err
		}
		heap.Push(q, queued{h: h, when: ci.when})
		return nil
	}
	for _, h := range hidden {
		if err := push(h, fromHidden); err != nil {
			return nil, err
		}
	}
	if err := push(tip, fromTip); err != nil {
		return nil, err
	}
	var out []plumbing.Hash
	visited := 0
	for q.Len() > 0 {
		if !q.anyInteresting(flags) {
			break
		}
		it := heap.Pop(q).(queued)
		f := flags[it.h]
		if done[it.h] == f {
			continue
		}
		if done[it.h] == 0 && f == fromTip {
			out = append(out, it.h)
		}
		done[it.h] = f
		if visited++; visited > r.lim.MaxCommits {
			return nil, errLimit
		}
		ci, err := r.commit(it.h)
		if err != nil {
			return nil, err
		}
		for _, p := range ci.parents {
			if err := push(p, f); err != nil {
				return nil, err
			}
		}
	}
	// a commit found from the tip first and from hidden later (clock
	// skew) is not exclusive
	kept := out[:0]
	for _, h := range out {
		if flags[h]&fromHidden == 0 {
			kept = append(kept, h)
		}
	}
	return kept, nil
}

type queued struct {
	h    plumbing.Hash
	when int64
}

// commitQueue is a max-heap by committer time.
type commitQueue []queued

func (q commitQueue) Len() int           { return len(q) }
func (q commitQueue) Less(i, j int) bool { return q[i].when > q[j].when }
func (q commitQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *commitQueue) Push(x any)        { *q = append(*q, x.(queued)) }
func (q *commitQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// anyInteresting reports whether a queued commit is not yet known to be
// reachable from the hidden tips.
func (q commitQueue) anyInteresting(flags map[plumbing.Hash]uint8) bool {
	for _, it := range q {
		if flags[it.h]&fromHidden == 0 {
			return true
		}
	}
	return false
}

// reachSet is every commit reachable from origin's branches, walked once.
type reachSet struct {
	set map[plumbing.Hash]bool
	err error
}

// reachable walks origin's branches once. The caller holds r.mu.
func (r *Repo) reachable() *reachSet {
	if r.reach != nil {
		return r.reach
	}
	rs := &reachSet{set: map[plumbing.Hash]bool{}}
	r.reach = rs
	var stack []plumbing.Hash
	for _, h := range r.remote {
		stack = append(stack, h)
	}
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if rs.set[h] {
			continue
		}
		rs.set[h] = true
		if len(rs.set) > r.lim.MaxCommits {
			rs.err = errLimit
			return rs
		}
		ci, err := r.commit(h)
		if err != nil {
			rs.err = err
			return rs
		}
		stack = append(stack, ci.parents...)
	}
	return rs
}

// loadIndex decodes the index once, bounded in size. The caller holds r.mu.
func (r *Repo) loadIndex() (*gitindex.Index, error) {
	if r.idxDone {
		return r.idx, r.idxErr
	}
	r.idxDone = true
	info, err := r.ws.Lstat(r.gitRel + "/index")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		r.idx = &gitindex.Index{Version: 2}
		return r.idx, nil
	case err != nil:
		r.idxErr = err
	case info.Size > r.lim.MaxIndexSize:
		r.idxErr = errHuge
	default:
		r.idxTime = info.ModTime
		r.idx, r.idxErr = r.readIndex()
	}
	return r.idx, r.idxErr
}

// readIndex reads the index file, keeping the entries under rollouts/
// (the only ones asked about). A split or sparse index, whose entries are
// not all in the file or not all files, and one with an extension a
// reader must understand, are not read (nor does go-git read them).
func (r *Repo) readIndex() (*gitindex.Index, error) {
	f, info, err := r.ws.OpenFile(r.gitRel + "/index")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.Size > r.lim.MaxIndexSize {
		return nil, errHuge
	}
	idx, err := gitindex.Parse(io.LimitReader(f, info.Size), info.Size, len(plumbing.ZeroHash), func(name []byte) bool {
		return bytes.HasPrefix(name, []byte("rollouts/"))
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errCorrupt, err)
	}
	if idx.Shared != "" || len(idx.Required) > 0 {
		return nil, fmt.Errorf("%w: a split or sparse index, or an extension not understood", errCorrupt)
	}
	return idx, nil
}

// remembered runs fn once per key under r.mu, keeping its answer;
// a panic (of a decoder, on hostile data) becomes fail's answer.
func remembered[T any](r *Repo, key memoKey, fn func() T, fail func(error) T) T {
	r.mu.Lock()
	defer r.mu.Unlock()
	// the pack the answer's walk kept open is closed with the answer
	defer r.deltas.release()
	if v, ok := r.memo[key]; ok {
		return v.(T)
	}
	var out T
	func() {
		defer func() {
			if p := recover(); p != nil {
				out = fail(fmt.Errorf("%w: %v", errCorrupt, p))
			}
		}()
		out = fn()
	}()
	r.memo[key] = out
	return out
}
