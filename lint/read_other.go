//go:build !unix

package lint

import (
	"errors"
	"os"
)

// readRegular reads a config file: a regular file, else errNotRegular.
// Reading a named pipe would wait forever, a device such as /dev/zero
// never ends.
func readRegular(path string) ([]byte, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, errNotRegular
	}
	return os.ReadFile(path)
}

var errNotRegular = errors.New("not a regular file")
