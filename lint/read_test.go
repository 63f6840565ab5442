package lint

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("lr = 1e-6\n"), 20000)
	for name, content := range map[string][]byte{"empty.toml": {}, "one.toml": []byte("x"), "big.toml": big} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readRegular(p)
		if err != nil || !bytes.Equal(got, content) {
			t.Errorf("%s: read %d bytes (%v), want %d", name, len(got), err, len(content))
		}
	}
	if _, err := readRegular(dir); err != errNotRegular {
		t.Errorf("a directory: %v, want errNotRegular", err)
	}
	_, err := readRegular(filepath.Join(dir, "missing.toml"))
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) {
		t.Errorf("a missing file: %v, want a *fs.PathError for a file that does not exist", err)
	}
}
