package gitsync

import (
	"errors"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// BranchState is what git says of a branch a config names, for one
// rollout.
type BranchState struct {
	// Unchecked is why it could not be checked ("" when it was).
	Unchecked string
	// Known is false when nothing can be said (a shallow clone, no
	// remote-tracking refs): the other fields are then unset.
	Known bool
	// OnOrigin is set when refs/remotes/origin/<branch> exists.
	OnOrigin bool
	// Ahead are the commits of the local branch, not on origin's, that
	// change the rollout, newest first.
	Ahead []Commit
}

// NamedBranch answers for experiment.branch = branch with rollouts/<rollout>/.
func (r *Repo) NamedBranch(branch, rollout string) BranchState {
	if r.Unchecked != "" {
		return BranchState{Unchecked: r.Unchecked}
	}
	if r.Shallow || r.NoRemote {
		return BranchState{}
	}
	return remembered(r, memoKey{"branch", branch, rollout}, func() BranchState {
		st := BranchState{Known: true}
		tip, ok := r.remote[branch]
		st.OnOrigin = ok
		if !ok || rollout == "" {
			return st
		}
		local, hasLocal, err := r.localBranch(branch)
		if err != nil {
			return BranchState{Unchecked: describe(err)}
		}
		if !hasLocal {
			return st
		}
		list, err := r.touching(local, []plumbing.Hash{tip}, rollout)
		if err != nil {
			return BranchState{Unchecked: describe(err)}
		}
		st.Ahead = list
		return st
	}, func(err error) BranchState { return BranchState{Unchecked: describe(err)} })
}

// CommitState is what git says of a pinned commit.
type CommitState struct {
	// Unchecked is why it could not be checked ("" when it was).
	Unchecked string
	// Known is false when nothing can be said (a shallow clone, no
	// remote-tracking refs): the other fields are then unset.
	Known bool
	// Found is set when the local repository has the commit.
	Found bool
	// Ambiguous is set when a short id names several commits.
	Ambiguous bool
	// Pushed is set when a branch of origin reaches the commit.
	Pushed bool
	// Hash is the full id when Found.
	Hash string
}

// PinnedCommit answers for experiment.commit_sha = sha (7 to 40 hex digits).
func (r *Repo) PinnedCommit(sha string) CommitState {
	if r.Unchecked != "" {
		return CommitState{Unchecked: r.Unchecked}
	}
	if r.Shallow || r.NoRemote {
		return CommitState{}
	}
	sha = strings.ToLower(sha)
	return remembered(r, memoKey{"commit", sha, ""}, func() CommitState {
		st := CommitState{Known: true}
		if len(sha) == 40 {
			h := plumbing.NewHash(sha)
			if _, err := r.commit(h); err != nil {
				if errors.Is(err, plumbing.ErrObjectNotFound) {
					return st
				}
				return CommitState{Unchecked: describe(err)}
			}
			// pushed when no branch of origin leaves it out: the walk
			// stops where origin's history reaches it
			list, err := r.exclusive(h, r.remoteTips())
			if err != nil {
				return CommitState{Unchecked: describe(err)}
			}
			st.Found, st.Hash, st.Pushed = true, h.String(), len(list) == 0
			return st
		}
		rs := r.reachable()
		if rs.err != nil {
			return CommitState{Unchecked: describe(rs.err)}
		}
		// a short id: look among the commits origin's branches reach, then
		// among those the local branches and HEAD reach
		if h, n := prefixed(rs.set, sha); n > 0 {
			st.Found, st.Pushed, st.Hash, st.Ambiguous = true, true, h.String(), n > 1
			return st
		}
		local, err := r.localReach()
		if err != nil {
			return CommitState{Unchecked: describe(err)}
		}
		if h, n := prefixed(local, sha); n > 0 {
			st.Found, st.Hash, st.Ambiguous = true, h.String(), n > 1
		}
		return st
	}, func(err error) CommitState { return CommitState{Unchecked: describe(err)} })
}

func prefixed(set map[plumbing.Hash]bool, prefix string) (plumbing.Hash, int) {
	var found plumbing.Hash
	n := 0
	for h := range set {
		if strings.HasPrefix(h.String(), prefix) {
			found = h
			n++
		}
	}
	return found, n
}

// localReach is the commits reachable from HEAD and the local branches
// and not from origin's. The caller holds r.mu.
func (r *Repo) localReach() (map[plumbing.Hash]bool, error) {
	out := map[plumbing.Hash]bool{}
	tips := []plumbing.Hash{}
	if !r.head.IsZero() {
		tips = append(tips, r.head)
	}
	local, err := r.localBranches()
	if err != nil {
		return nil, err
	}
	for _, h := range local {
		tips = append(tips, h)
	}
	hidden := r.remoteTips()
	for _, t := range tips {
		list, err := r.exclusive(t, hidden)
		if err != nil {
			return nil, err
		}
		for _, h := range list {
			out[h] = true
		}
	}
	return out, nil
}

// localBranch is the tip of the local branch name, read on its own: its
// loose file, else its packed line (ok is false when there is no such
// branch, or it is a symbolic ref). The caller holds r.mu.
func (r *Repo) localBranch(name string) (plumbing.Hash, bool, error) {
	if r.local != nil {
		h, ok := r.local[name]
		return h, ok, nil
	}
	ref, err := r.refs.reference(plumbing.NewBranchReferenceName(name))
	switch {
	case errors.Is(err, plumbing.ErrReferenceNotFound), errors.Is(err, errUnsafeRefName):
		return plumbing.ZeroHash, false, nil
	case err != nil:
		return plumbing.ZeroHash, false, err
	case ref.Type() != plumbing.HashReference:
		return plumbing.ZeroHash, false, nil
	}
	return ref.Hash(), true, nil
}

// localBranches lists the local branches and their tips, once, on first
// need: only a pinned short commit id asks for them all. The caller holds
// r.mu.
func (r *Repo) localBranches() (map[string]plumbing.Hash, error) {
	if r.local != nil || r.localErr != nil {
		return r.local, r.localErr
	}
	local := map[string]plumbing.Hash{}
	err := r.refs.each([]string{"refs/heads/"}, func(ref *plumbing.Reference) error {
		if ref.Name().IsBranch() && ref.Type() == plumbing.HashReference {
			local[shortName(ref.Name())] = ref.Hash()
		}
		return nil
	})
	if err != nil {
		r.localErr = err
		return nil, err
	}
	r.local = local
	return local, nil
}

// RemoteBranches lists origin's branches (as of the last fetch), sorted.
func (r *Repo) RemoteBranches() []string {
	out := make([]string, 0, len(r.remote))
	for n := range r.remote {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// shortName is name.Short(): go-git shortens a reference name with
// fmt.Sscanf against each of its rev-parse rules, which costs microseconds
// a ref. A name of printable ASCII without spaces (what git writes) is
// shortened here the same way: the last rule that matches with a
// non-empty rest wins, and refs/tags/, refs/heads/ and refs/remotes/ are
// tried after refs/. Any other name is left to go-git, whose scanning of
// spaces and invalid UTF-8 is its own.
func shortName(name plumbing.ReferenceName) string {
	s := string(name)
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return name.Short()
		}
	}
	for _, p := range [...]string{"refs/tags/", "refs/heads/", "refs/remotes/"} {
		if len(s) > len(p) && strings.HasPrefix(s, p) {
			return s[len(p):]
		}
	}
	if len(s) > len("refs/") && strings.HasPrefix(s, "refs/") {
		return s[len("refs/"):]
	}
	return s
}
