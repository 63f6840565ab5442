package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// releaseFiles lists the files a release publishes: the archives, the
// wheels and the VS Code extensions at the top of dist/.
func releaseFiles(dist string) ([]string, error) {
	entries, err := os.ReadDir(dist)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && (strings.HasSuffix(n, ".tar.gz") || strings.HasSuffix(n, ".zip") ||
			strings.HasSuffix(n, ".whl") || strings.HasSuffix(n, ".vsix")) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}

func sha256File(p string) (string, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// writeChecksums writes dist/checksums.txt in the format of sha256sum
// (and of GoReleaser's own file, whose lines it keeps): a line a release
// file, sorted by name.
func writeChecksums(dist string) error {
	files, err := releaseFiles(dist)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, f := range files {
		sum, err := sha256File(filepath.Join(dist, f))
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s  %s\n", sum, f)
	}
	return os.WriteFile(filepath.Join(dist, "checksums.txt"), []byte(b.String()), 0o644)
}

// parseChecksums reads a sha256sum-format file into name -> hex digest.
func parseChecksums(b []byte) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" || name == "" {
			return nil, fmt.Errorf("checksums.txt:%d: not `<sha256>  <name>`: %q", n, line)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("checksums.txt:%d: %s listed twice", n, name)
		}
		out[name] = sum
	}
	return out, sc.Err()
}
