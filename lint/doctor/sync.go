package doctor

import (
	"fmt"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace/gitsync"
)

// syncCheck is the id of doctor's sync lines, one per rollout.
const syncCheck = "sync"

// maxNamedFiles is how many files a sync line names before counting.
const maxNamedFiles = 3

// sync says, per rollout, what the platform would run instead of the
// working tree: files not committed, commits not pushed, a default branch
// with another version. git is read as data (gitsync), never run. When the
// repository cannot tell (unreadable, no remote-tracking ref), it says so
// once.
func (d *run) sync() {
	repo := d.snap().GitSync()
	if repo == nil {
		return // no repository at the root: the workspace-root check says so
	}
	switch {
	case repo.Unchecked != "":
		d.unchecked("sync with origin not checked: " + repo.Unchecked)
		return
	case repo.NoRemote:
		d.unchecked("sync with origin not checked: the repository has no remote-tracking ref of origin, so nothing is known of what was pushed (push, or `git fetch origin`)")
		return
	case repo.Unborn:
		d.check(Info, syncCheck, "sync with origin not checked: branch "+repo.Branch+" has no commit yet", "")
		return
	}
	var notes []string
	if repo.Detached {
		notes = append(notes, "HEAD is detached: branches are not compared")
	}
	if repo.Shallow {
		notes = append(notes, "a shallow clone: commits are not compared")
	}
	if len(notes) > 0 {
		d.check(Info, syncCheck, strings.Join(notes, "; "), "")
	}
	n := 0
	for _, r := range d.snap().Rollouts() {
		if !r.Resolved.IsDir || !r.Resolved.Inside {
			continue
		}
		st, ok := d.snap().RolloutSync(r.Name)
		if !ok {
			continue
		}
		n++
		if st.Unchecked != "" {
			d.check(Info, syncCheck, r.Path+"/: not checked: "+st.Unchecked, r.Path+"/")
			continue
		}
		var parts []string
		if len(st.Changes) > 0 {
			var paths []string
			for _, c := range st.Changes {
				paths = append(paths, strings.TrimPrefix(c.Path, r.Path+"/"))
			}
			named := paths
			more := ""
			if len(paths) > maxNamedFiles {
				named, more = paths[:maxNamedFiles], fmt.Sprintf(" and %d more", len(paths)-maxNamedFiles)
			}
			parts = append(parts, fmt.Sprintf("%s not committed (%s%s)", plural(len(paths), "file"), strings.Join(named, ", "), more))
		}
		switch {
		case len(st.Unpushed) > 0:
			parts = append(parts, commits(st.Unpushed)+" not on "+repo.Upstream)
		case len(st.OffOrigin) > 0:
			parts = append(parts, commits(st.OffOrigin)+" on no branch of origin")
		}
		if st.DiffersFromDefault && repo.Branch != repo.Default {
			parts = append(parts, "differs from origin's default branch "+repo.Default+", which configs without branch or commit_sha run")
		}
		if len(parts) == 0 {
			d.check(OK, syncCheck, r.Path+"/: committed and pushed", r.Path+"/")
			continue
		}
		d.check(Warn, syncCheck, r.Path+"/: "+strings.Join(parts, "; "), r.Path+"/")
	}
	if n == 0 {
		d.check(Info, syncCheck, "no rollouts to compare with origin", "")
	}
}

// unchecked reports once that sync could not be checked.
func (d *run) unchecked(msg string) {
	d.check(Info, lint.RuleSyncUnchecked, msg, ".git/")
	d.finding(lint.RuleSyncUnchecked, ".git", 1, lint.Info, msg)
}

// commits says "2 commits (newest: subject)".
func commits(list []gitsync.Commit) string {
	s := plural(len(list), "commit")
	if list[0].Subject != "" {
		s += " (newest: " + list[0].Subject + ")"
	}
	return s
}
