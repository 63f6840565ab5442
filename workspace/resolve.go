package workspace

import (
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// maxSymlinkFollows bounds symlink expansion in one resolution, like the
// kernel's limit; more means a loop.
const maxSymlinkFollows = 40

// Resolved is the outcome of resolving a workspace path the way the OS
// (and Python's Path.resolve) would, except that nothing outside the
// workspace root is ever read or followed.
type Resolved struct {
	// Path is the resolved workspace-relative slash path ("." for the root)
	// when Inside; otherwise the path as given.
	Path string
	// Inside is false when the path climbs above the root with "..", is an
	// absolute path outside the root, or goes through a symlink whose target
	// leaves the root.
	Inside bool
	// EscapeVia is the workspace-relative path of the symlink whose target
	// leaves the root ("" when the path itself leaves it), and EscapeTarget
	// is that link's target as stored. The target is never followed.
	EscapeVia    string
	EscapeTarget string
	// Loop is set when symlinks point at each other (more than 40 hops).
	Loop bool
	// Symlinked is set when at least one symlink was followed.
	Symlinked bool
	// Link is set when the path's last component, as given, is itself a
	// symlink.
	Link bool
	// Exists, IsDir and IsRegular describe what Path names; they are false
	// when it does not exist or is not Inside.
	Exists    bool
	IsDir     bool
	IsRegular bool
	// Err is set when the directory the path is placed in could not be
	// opened (it is gone, or the process has too many files open): nothing
	// is known of the path, which is not Inside, and no link leads out.
	Err error
}

// Under reports whether r stays inside the workspace and its Path is dir
// or below it (dir is a workspace-relative slash path; "." is the root),
// the containment test of Python's Path.relative_to.
func (r Resolved) Under(dir string) bool {
	if !r.Inside {
		return false
	}
	dir = strings.Trim(dir, "/")
	if dir == "" {
		dir = "."
	}
	return disk.Within(r.Path, dir)
}

// resolver resolves paths below one root, through the door. root is
// absolute and clean; realRoot is the same directory with its own
// symlinks resolved, so absolute link targets written either way are
// recognized.
type resolver struct {
	d        *disk.Root
	root     string
	realRoot string
}

func newResolver(d *disk.Root) resolver {
	return resolver{d: d, root: d.Dir(), realRoot: filepath.Clean(d.RealDir())}
}

// relOf converts an absolute path to a workspace-relative slash path when
// it starts with the root (as given or as resolved). Only empty and "."
// components are dropped: ".." is kept for the resolver, since collapsing
// it lexically is wrong after a symlink. A ".." before the root's last
// component means the path is not spelled under the root.
func (rv resolver) relOf(abs string) (string, bool) {
	if rel, ok := rv.relUnder(abs); ok {
		return rel, true
	}
	comps := splitOSPath(abs)
	for _, base := range []string{rv.root, rv.realRoot} {
		bc := splitOSPath(base)
		if len(comps) < len(bc) {
			continue
		}
		match := true
		for i := range bc {
			if comps[i] != bc[i] {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		if len(comps) == len(bc) {
			return ".", true
		}
		return strings.Join(comps[len(bc):], "/"), true
	}
	return "", false
}

// relUnder is relOf without allocation for the common spelling: the root
// as given, a slash, then components none of which is empty or ".". The
// answer is the one relOf's walk over components gives.
func (rv resolver) relUnder(abs string) (string, bool) {
	root := rv.root
	if filepath.Separator != '/' || len(root) < 2 || root[0] != '/' || root[len(root)-1] == '/' ||
		len(abs) <= len(root)+1 || abs[len(root)] != '/' || abs[:len(root)] != root || filepath.Clean(root) != root {
		return "", false
	}
	rest := abs[len(root)+1:]
	for c := range strings.SplitSeq(rest, "/") {
		if c == "" || c == "." {
			return "", false
		}
	}
	return rest, true
}

// splitOSPath splits an absolute OS path into components, dropping empty
// and "." ones. On Windows the volume name is the first component.
func splitOSPath(p string) []string {
	vol := filepath.VolumeName(p)
	var out []string
	if vol != "" {
		out = append(out, vol)
	}
	for _, c := range strings.Split(filepath.ToSlash(p[len(vol):]), "/") {
		if c != "" && c != "." {
			out = append(out, c)
		}
	}
	return out
}

// abs returns the OS path of a resolved workspace-relative path.
func (rv resolver) abs(rel string) string {
	if rel == "." || rel == "" {
		return rv.root
	}
	return filepath.Join(rv.root, filepath.FromSlash(rel))
}

// pending is a path component still to be walked, with the symlink whose
// target it came from ("" when it came from the caller's path).
type pending struct {
	name string
	link string
	dest string
	// last marks the caller's last component
	last bool
}

// resolve resolves p, a workspace-relative slash path or an absolute path,
// starting at the resolved workspace directory base ("." for the root).
// Components are walked one at a time: "." is skipped, ".." drops the last
// resolved component (which is never a symlink, so this matches the OS),
// symlinks are read and their targets spliced in. Once a component does
// not exist the rest is joined lexically, like Path.resolve(strict=False).
func (rv resolver) resolve(base, p string) Resolved {
	given := p
	if filepath.IsAbs(p) {
		rel, ok := rv.relOf(p)
		if !ok {
			return Resolved{Path: filepath.ToSlash(given)}
		}
		base, p = ".", rel
	}
	var comps []string
	if base != "." && base != "" {
		comps = strings.Split(base, "/")
	}
	var queue []pending
	for _, c := range strings.Split(filepath.ToSlash(p), "/") {
		queue = append(queue, pending{name: c})
	}
	queue[len(queue)-1].last = true
	out := Resolved{Path: filepath.ToSlash(given), Inside: true}
	follows := 0
	// last describes the final component: its Info, or nil with missing
	// false when it still has to be stat'ed (the root, or a directory
	// reached by "..").
	var last *disk.Info
	missing := false
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		switch c.name {
		case "", ".":
			continue
		case "..":
			if len(comps) == 0 {
				return Resolved{Path: filepath.ToSlash(given), EscapeVia: c.link, EscapeTarget: c.dest, Symlinked: out.Symlinked, Link: out.Link}
			}
			comps = comps[:len(comps)-1]
			last, missing = nil, false
			continue
		}
		comps = append(comps, c.name)
		rel := strings.Join(comps, "/")
		fi, err := rv.d.Lstat(rel)
		if err != nil {
			// Not there (or a file where a directory was expected): keep the
			// name and go on, like Path.resolve(strict=False).
			last, missing = nil, true
			continue
		}
		if !fi.IsSymlink() {
			last, missing = &fi, false
			continue
		}
		out.Symlinked = true
		if c.last {
			out.Link = true
		}
		follows++
		if follows > maxSymlinkFollows {
			out.Loop = true
			out.Path = rel
			return out
		}
		target, err := rv.d.Readlink(rel)
		if err != nil {
			last, missing = nil, true
			continue
		}
		comps = comps[:len(comps)-1]
		slashTarget := filepath.ToSlash(target)
		if filepath.IsAbs(target) {
			inner, ok := rv.relOf(target)
			if !ok {
				return Resolved{Path: filepath.ToSlash(given), EscapeVia: rel, EscapeTarget: target, Symlinked: true, Link: c.last}
			}
			comps = comps[:0]
			slashTarget = inner
		}
		var spliced []pending
		for _, tc := range strings.Split(slashTarget, "/") {
			spliced = append(spliced, pending{name: tc, link: rel, dest: target})
		}
		queue = append(spliced, queue...)
		last, missing = nil, false
	}
	out.Path = "."
	if len(comps) > 0 {
		out.Path = strings.Join(comps, "/")
	}
	if missing {
		return out
	}
	if last == nil {
		// Every component left is a verified directory, never a symlink.
		fi, err := rv.d.Lstat(out.Path)
		if err != nil {
			return out
		}
		last = &fi
	}
	out.Exists = true
	out.IsDir = last.IsDir()
	out.IsRegular = last.IsRegular()
	return out
}
