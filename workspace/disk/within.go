package disk

import (
	"path/filepath"
	"strings"
)

// Within reports whether p is dir or lies below it, by spelling alone:
// both are clean paths of one kind, slash paths relative to a root (where
// dir "." is the root itself) or absolute OS paths. It knows nothing of
// symlinks, so it decides containment only for paths already resolved
// (workspace.Contain, Snapshot.Resolve); a path as a user or an agent
// spells it goes through workspace.Contain.
func Within(p, dir string) bool {
	if p == dir || dir == "." {
		return true
	}
	if dir == "" || len(p) <= len(dir) || !strings.HasPrefix(p, dir) {
		return false
	}
	if last := dir[len(dir)-1]; last == '/' || last == filepath.Separator {
		return true // dir is a file system root
	}
	c := p[len(dir)]
	return c == '/' || c == filepath.Separator
}
