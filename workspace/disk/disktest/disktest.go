// Package disktest helps the tests that prove what the door touched: where
// an access really lands, whatever its path's spelling (a path spelled
// inside a workspace may lead out of it through a link). It follows
// anything, so only tests use it.
package disktest

import (
	"path/filepath"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// RealOf resolves the symlinks of p's longest existing prefix and joins
// the rest.
func RealOf(p string) string {
	rest := ""
	for {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return p
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// Lands tells whether an access of p lands in dir (a real path) by real
// location: through p's directory, or through p itself when the access
// follows a final link.
func Lands(p string, follows bool, dir string) bool {
	real := RealOf(filepath.Dir(p))
	if follows {
		real = RealOf(p)
	}
	return disk.Within(real, dir)
}

// Follows tells whether a door access follows a final link: the named
// stat, read and listing do; lstat, readlink and every access under a
// Root do not.
func Follows(a disk.Access) bool {
	return a.Named && a.Op != "lstat" && a.Op != "readlink"
}

// Record records the door's accesses that land in one of dirs until the
// returned function is called, which lists them ("op path").
func Record(dirs ...string) (stop func() []string) {
	var mu sync.Mutex
	var seen []string
	end := disk.Observe(func(a disk.Access) {
		for _, d := range dirs {
			if Lands(a.Path, Follows(a), d) {
				mu.Lock()
				seen = append(seen, a.Op+" "+a.Path)
				mu.Unlock()
				return
			}
		}
	})
	return func() []string {
		end()
		mu.Lock()
		defer mu.Unlock()
		return seen
	}
}
