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
// are read too; its deletion bitmap is not applied, so a path removed only
// in the split part still reads as tracked.
func readIndexPaths(path string, hashSize int, keep func([]byte) bool) ([]string, error) {
	out, shared, err := readIndexFile(path, hashSize, keep)
	if err != nil {
		return nil, err
	}
	if shared != "" {
		more, _, err := readIndexFile(filepath.Join(filepath.Dir(path), "sharedindex."+shared), hashSize, keep)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// readIndexFile reads one index file; shared is the hex name of the shared
// index a split index links to, "" otherwise.
func readIndexFile(path string, hashSize int, keep func([]byte) bool) (paths []string, shared string, err error) {
	f, fi, err := disk.OpenNamed(path)
	if err != nil {
		return nil, "", fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	paths, shared, err = parseIndex(f, fi.Size, hashSize, keep)
	if err != nil {
		return nil, "", fmt.Errorf("read %s: %w", path, err)
	}
	return paths, shared, nil
}

// parseIndex reads an index of size bytes from r: the names keep accepts,
// and the shared index's name of a split index.
func parseIndex(r io.Reader, size int64, hashSize int, keep func([]byte) bool) ([]string, string, error) {
	idx, err := gitindex.Parse(r, size, hashSize, keep)
	if err != nil {
		return nil, "", err
	}
	names := make([]string, len(idx.Entries))
	for i, e := range idx.Entries {
		names[i] = e.Name
	}
	return names, idx.Shared, nil
}
