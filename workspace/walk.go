package workspace

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// walkEntry is one file or directory met by a walk.
type walkEntry struct {
	rel     string // lexical workspace-relative slash path
	real    string // resolved path ("" when it escapes the root)
	at      string // resolved path of the entry itself, link not followed
	name    string
	isDir   bool
	regular bool
	symlink bool
	escapes bool // a symlink whose target leaves the root
	loop    bool // a symlink loop
	// res is the entry resolved: from the symlink's resolution, or built
	// from the directory entry when it is not a link.
	res Resolved
}

// walkLimits bound a walk so a huge or cyclic tree cannot hang a load.
type walkLimits struct {
	maxEntries int
	maxDepth   int
	// skipDir says whether to leave out a directory by name.
	skipDir func(name string) bool
	// links, when set, collects the resolved paths that the walked entries
	// reach through symlinks (the start directory's included): a change
	// there can change the listing.
	links *[]string
	// unlisted, when set, is told of each directory that could not be
	// listed (the start directory included), with the reason.
	unlisted func(rel string, err error)
}

// Limit says which bound cut a listing short; the zero Limit says none
// did.
type Limit struct {
	// Entries is set to the bound when the listing stopped after that many
	// entries.
	Entries int
	// Depth is set to the bound when directories that deep were not
	// entered.
	Depth int
}

// Hit reports whether a bound cut the listing.
func (l Limit) Hit() bool { return l.Entries > 0 || l.Depth > 0 }

// Describe says what was left out of the listing of dir, "" when nothing.
func (l Limit) Describe(dir string) string {
	switch {
	case l.Entries > 0 && l.Depth > 0:
		return fmt.Sprintf("stopped after %s entries under %s/ and did not enter directories %d levels deep", thousands(l.Entries), dir, l.Depth)
	case l.Entries > 0:
		return fmt.Sprintf("stopped after %s entries under %s/", thousands(l.Entries), dir)
	case l.Depth > 0:
		return fmt.Sprintf("did not enter directories %d levels deep under %s/", l.Depth, dir)
	}
	return ""
}

// thousands writes n with comma separators.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// walk visits the tree under the workspace directory rel (lexical path),
// in name order, depth first. Directories are read at their resolved
// location, so a symlink leaving the root is reported but never entered.
// A symlinked directory inside the root is entered only when its target is
// outside the walked tree (else it is walked under its own name anyway),
// is not above the current directory (a cycle) and was not entered through
// another link. visit returns false to skip a directory's contents. The
// result says which limit cut the walk short, if any.
func (rv resolver) walk(rel string, lim walkLimits, visit func(walkEntry) bool) Limit {
	return rv.walkResolved(rel, rv.resolve(".", rel), lim, visit)
}

// walkResolved is walk with the start directory already resolved.
func (rv resolver) walkResolved(rel string, start Resolved, lim walkLimits, visit func(walkEntry) bool) (cut Limit) {
	defer rv.d.Hold()() // one open of the root for the whole walk
	if !start.Inside || !start.IsDir {
		if lim.links != nil && start.Inside && start.Symlinked {
			*lim.links = append(*lim.links, start.Path)
		}
		return cut
	}
	if lim.links != nil && start.Symlinked {
		*lim.links = append(*lim.links, start.Path)
	}
	seen := map[string]bool{}
	count := 0
	var dir func(lex, real string, depth int) bool
	dir = func(lex, real string, depth int) bool {
		remaining := lim.maxEntries - count
		if remaining <= 0 {
			// the bound is reached: anything here is left out
			if es, _, _ := rv.d.ReadDir(real, 1); len(es) > 0 {
				cut.Entries = lim.maxEntries
			}
			return false
		}
		entries, more, err := rv.d.ReadDir(real, remaining)
		if err != nil {
			if lim.unlisted != nil {
				lim.unlisted(lex, err)
			}
			return true
		}
		for _, de := range entries {
			if count >= lim.maxEntries {
				cut.Entries = lim.maxEntries
				return false
			}
			count++
			if count%yieldEvery == 0 {
				runtime.Gosched()
			}
			name := de.Name
			at := joinRel(real, name)
			rel := at // the same string when the directory is no link's
			if lex != real || real == "." || real == "" {
				rel = lex + "/" + name
			}
			e := walkEntry{rel: rel, real: at, at: at, name: name}
			switch {
			case de.IsSymlink():
				e.symlink = true
				r := rv.resolve(".", e.real)
				e.res = r
				switch {
				case !r.Inside:
					e.real, e.escapes = "", true
				case r.Loop:
					e.real, e.loop = "", true
				default:
					e.real, e.isDir, e.regular = r.Path, r.IsDir, r.IsRegular
				}
			case de.IsDir():
				e.isDir = true
			case de.IsRegular():
				e.regular = true
			}
			if !e.symlink {
				e.res = Resolved{Path: at, Inside: true, Symlinked: real != lex, Exists: true, IsDir: e.isDir, IsRegular: e.regular}
			}
			if e.isDir && lim.skipDir != nil && lim.skipDir(name) {
				continue
			}
			if e.symlink && lim.links != nil && e.res.Inside {
				*lim.links = append(*lim.links, e.res.Path)
			}
			if !visit(e) || !e.isDir {
				continue
			}
			if depth+1 >= lim.maxDepth {
				cut.Depth = lim.maxDepth
				continue
			}
			if e.symlink {
				if disk.Within(e.real, start.Path) || disk.Within(real, e.real) || seen[e.real] {
					continue
				}
				seen[e.real] = true
			}
			if !dir(e.rel, e.real, depth+1) {
				return false
			}
		}
		if more {
			cut.Entries = lim.maxEntries
			return false
		}
		return true
	}
	dir(strings.TrimSuffix(rel, "/"), start.Path, 0)
	return cut
}

// yieldEvery is the number of entries a walk visits between two yields of
// the processor: a walk of a large tree is a few milliseconds of work with
// no other point where the scheduler would run another goroutine (a
// language server's request waits for a processor until then).
const yieldEvery = 64

func joinRel(dir, name string) string {
	if dir == "." || dir == "" {
		return name
	}
	return dir + "/" + name
}
