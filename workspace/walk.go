package workspace

import (
	"io/fs"
	"os"
	"strings"
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
}

// walk visits the tree under the workspace directory rel (lexical path),
// in name order, depth first. Directories are read at their resolved
// location, so a symlink leaving the root is reported but never entered.
// A symlinked directory inside the root is entered only when its target is
// outside the walked tree (else it is walked under its own name anyway),
// is not above the current directory (a cycle) and was not entered through
// another link. visit returns false to skip a directory's contents. The
// result is true when a limit cut the walk short.
func (rv resolver) walk(rel string, lim walkLimits, visit func(walkEntry) bool) (truncated bool) {
	return rv.walkResolved(rel, rv.resolve(".", rel), lim, visit)
}

// walkResolved is walk with the start directory already resolved.
func (rv resolver) walkResolved(rel string, start Resolved, lim walkLimits, visit func(walkEntry) bool) (truncated bool) {
	if !start.Inside || !start.IsDir {
		if lim.links != nil && start.Inside && start.Symlinked {
			*lim.links = append(*lim.links, start.Path)
		}
		return false
	}
	if lim.links != nil && start.Symlinked {
		*lim.links = append(*lim.links, start.Path)
	}
	seen := map[string]bool{}
	count := 0
	var dir func(lex, real string, depth int) bool
	dir = func(lex, real string, depth int) bool {
		entries, err := os.ReadDir(rv.abs(real))
		if err != nil {
			return true
		}
		for _, de := range entries {
			if count >= lim.maxEntries {
				truncated = true
				return false
			}
			count++
			name := de.Name()
			at := joinRel(real, name)
			e := walkEntry{rel: lex + "/" + name, real: at, at: at, name: name}
			switch t := de.Type(); {
			case t&fs.ModeSymlink != 0:
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
			case t.IsDir():
				e.isDir = true
			case t.IsRegular():
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
				truncated = true
				continue
			}
			if e.symlink {
				if within(e.real, start.Path) || within(real, e.real) || seen[e.real] {
					continue
				}
				seen[e.real] = true
			}
			if !dir(e.rel, e.real, depth+1) {
				return false
			}
		}
		return true
	}
	dir(strings.TrimSuffix(rel, "/"), start.Path, 0)
	return truncated
}

func joinRel(dir, name string) string {
	if dir == "." || dir == "" {
		return name
	}
	return dir + "/" + name
}

// within reports whether the slash path p is dir or below it.
func within(p, dir string) bool {
	if dir == "." || p == dir {
		return true
	}
	return len(p) > len(dir) && p[len(dir)] == '/' && strings.HasPrefix(p, dir)
}
