package lint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func parseForLocation(src []byte) *toml.Document { return toml.Parse(src) }

// writeFixed replaces the file at abs with data atomically (a temporary file
// in the same directory, then a rename), keeping its permissions. It
// follows a symlink only to a target inside the workspace, and refuses
// otherwise.
func writeFixed(abs string, data []byte, ws *Workspace) error {
	target, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return err
	}
	if target != abs && ws != nil {
		root, err := filepath.EvalSymlinks(ws.Snapshot.Root())
		if err != nil {
			return err
		}
		if !strings.HasPrefix(target, root+string(filepath.Separator)) {
			return errors.New("not fixed: the file is a symlink that leads outside the workspace")
		}
	} else if target != abs {
		return errors.New("not fixed: the file is a symlink outside a workspace")
	}
	return WriteAtomic(target, data)
}

// WriteAtomic writes data to path through a temporary file and a rename, so
// a reader never sees half a file and a crash never loses the original.
func WriteAtomic(path string, data []byte) error {
	return writeTemp(path, data, false)
}

// CreateAtomic writes a new file the same way, but never replaces an
// existing one: the temporary file is hard-linked into place.
func CreateAtomic(path string, data []byte) error {
	return writeTemp(path, data, true)
}

func writeTemp(path string, data []byte, exclusive bool) error {
	fi, err := os.Stat(path)
	mode := os.FileMode(0o644)
	if err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".osmosis-lint-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			os.Remove(name)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(name, mode); err != nil {
		return err
	}
	if exclusive {
		if err := os.Link(name, path); err != nil {
			if errors.Is(err, os.ErrExist) {
				return fmt.Errorf("%s exists already; not overwritten", filepath.Base(path))
			}
			return err
		}
		return nil // the deferred Remove drops the temporary name
	}
	if err := os.Rename(name, path); err != nil {
		return fmt.Errorf("replace %s: %w", path, err)
	}
	ok = true
	return nil
}
