package lint

import (
	"fmt"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace/gitsync"
)

// syncView is what the sync rules see of one config: its rollout, the
// branch or commit it pins, and what git says of them. The platform runs
// the pushed commit, not the working tree: these rules say where the two
// differ.
type syncView struct {
	repo    *gitsync.Repo
	rollout string
	// rv is the rollout's value in the config.
	rv     *toml.Value
	state  gitsync.RolloutState
	branch string
	bv     *toml.Value
	commit string
	cv     *toml.Value
}

// syncOf returns the config's sync view, or false when sync says nothing:
// the file is outside a workspace, the root has no repository of its own,
// the repository could not be read or has no remote-tracking ref of
// origin, so nothing is known of what was pushed (doctor says so, once),
// the current branch has no commit yet, or the config
// names no rollout that exists as a directory inside rollouts/ (other
// rules say what is wrong with it).
func syncOf(c *Context) (syncView, bool) {
	if !c.syncDone {
		c.sync, c.syncOK = findSync(c)
		c.syncDone = true
	}
	return c.sync, c.syncOK
}

func findSync(c *Context) (syncView, bool) {
	var v syncView
	if c.Env == nil {
		return v, false
	}
	name, rv, ok := c.Str("experiment", "rollout")
	if !ok || rolloutNameProblem(name) != "" {
		return v, false
	}
	ro, found := c.Env.WS.Rollout(name)
	if !found || !ro.Resolved.IsDir || !ro.Resolved.Inside {
		return v, false
	}
	repo := c.Env.WS.GitSync()
	if repo == nil || repo.Unchecked != "" || repo.NoRemote || repo.Unborn {
		return v, false
	}
	st, ok := c.Env.WS.RolloutSync(name)
	if !ok || st.Unchecked != "" {
		return v, false
	}
	v = syncView{repo: repo, rollout: name, rv: rv, state: st}
	if b, bv, ok := c.Str("experiment", "branch"); ok && strings.TrimSpace(b) != "" {
		v.branch, v.bv = b, bv
	}
	if s, cv, ok := c.Str("experiment", "commit_sha"); ok && strings.TrimSpace(s) != "" {
		v.commit, v.cv = s, cv
	}
	return v, true
}

// pinnedOf returns what git says of the config's pinned commit, when it
// pins a well-formed one (commit-sha says what is wrong with another; with
// a branch too, branch-and-commit) and something is known of it.
func pinnedOf(c *Context) (syncView, gitsync.CommitState, bool) {
	v, ok := syncOf(c)
	if !ok || v.commit == "" || v.branch != "" || len(v.commit) < 7 || len(v.commit) > 40 || !isHex(v.commit) {
		return v, gitsync.CommitState{}, false
	}
	cs := v.repo.PinnedCommit(v.commit)
	return v, cs, cs.Known && cs.Unchecked == ""
}

// runBranch is the branch the platform runs for the config: its branch,
// else origin's default branch ("" when it pins a commit or the default
// is not known).
func (v syncView) runBranch() string {
	switch {
	case v.commit != "":
		return ""
	case v.branch != "":
		return v.branch
	}
	return v.repo.Default
}

// dir is the rollout's directory as messages name it.
func (v syncView) dir() string { return "rollouts/" + v.rollout + "/" }

// commitsPhrase says "3 commits that change rollouts/x/ (newest: `subject`)".
func commitsPhrase(list []gitsync.Commit, dir string) string {
	s := fmt.Sprintf("%d commits that change %s", len(list), dir)
	if len(list) == 1 {
		s = "1 commit that changes " + dir
	}
	if subj := list[0].Subject; subj != "" {
		s += " (newest: " + code(subj) + ")"
	}
	return s
}

// maxNamed is how many files a message names before it counts the rest.
const maxNamed = 3

// namedFiles names the first few paths and counts the rest.
func namedFiles(paths []string) string {
	if len(paths) <= maxNamed {
		return strings.Join(paths, ", ")
	}
	return strings.Join(paths[:maxNamed], ", ") + fmt.Sprintf(" and %d more", len(paths)-maxNamed)
}

// countOf says "1 file", "3 files".
func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
