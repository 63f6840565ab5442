package workspace

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// Tree entries for writeTree: a key ending in "/" is a directory, a value
// starting with "->" is a symlink to the rest, anything else a file with
// that content.
type files map[string]string

// writeTree creates the entries under dir, parents first.
func writeTree(t testing.TB, dir string, tree files) {
	t.Helper()
	keys := make([]string, 0, len(tree))
	for k := range tree {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := tree[k]
		p := filepath.Join(dir, filepath.FromSlash(k))
		if strings.HasSuffix(k, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(v, "->"); ok {
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(v), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// newWorkspace makes a temporary workspace root with a .git directory and
// the given entries.
func newWorkspace(t testing.TB, tree files) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "ws")
	all := files{".git/": ""}
	for k, v := range tree {
		all[k] = v
	}
	writeTree(t, root, all)
	return root
}

// fullScaffold is a workspace doctor accepts.
func fullScaffold() files {
	return files{
		"rollouts/":         "",
		"configs/training/": "",
		"configs/eval/":     "",
		"data/":             "",
		"AGENTS.md":         "agents\n",
		"CLAUDE.md":         "claude\n",
		"configs/AGENTS.md": "configs\n",
	}
}

func mustLoad(t testing.TB, root string, opts Options) *Snapshot {
	t.Helper()
	s, err := Load(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkGolden compares got with testdata/<name>, rewriting it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the snapshot dump (run go test -update after checking):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}
