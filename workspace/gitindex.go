package workspace

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/gitindex"
)

var errIndexCorrupt = gitindex.ErrCorrupt

// readIndexPaths streams the git index at path (format versions 2, 3 and
// 4) and returns the entry paths for which keep reports true, in index
// order. With a split index (the "link" extension) the shared index's paths
// are read too, but for those its delete bitmap removes (`git rm --cached`
// of a path the shared index holds).
func readIndexPaths(path string, hashSize int, keep func([]byte) bool) ([]string, error) {
	out, idx, err := readIndexFile(path, hashSize, keep)
	if err != nil {
		return nil, err
	}
	if idx.Shared != "" {
		pos := -1
		kept := func(name []byte) bool {
			pos++ // every entry of a shared index has a name: keep sees each
			return !idx.Deleted(pos) && keep(name)
		}
		more, _, err := readIndexFile(filepath.Join(filepath.Dir(path), "sharedindex."+idx.Shared), hashSize, kept)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// readIndexFile reads one index file: the paths keep accepts, and the
// index (whose Shared names the shared index of a split one).
func readIndexFile(path string, hashSize int, keep func([]byte) bool) (paths []string, idx *gitindex.Index, err error) {
	f, fi, err := disk.OpenNamed(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	paths, idx, err = parseIndex(f, fi.Size, hashSize, keep)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	return paths, idx, nil
}

// parseIndex reads an index of size bytes from r: the names keep accepts,
// and the index.
func parseIndex(r io.Reader, size int64, hashSize int, keep func([]byte) bool) ([]string, *gitindex.Index, error) {
	idx, err := gitindex.Parse(r, size, hashSize, keep)
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, len(idx.Entries))
	for i, e := range idx.Entries {
		names[i] = e.Name
	}
	return names, idx, nil
}
