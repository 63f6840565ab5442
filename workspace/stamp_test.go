package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestStampChanges(t *testing.T) {
	root := newWorkspace(t, files{
		"pyproject.toml":                   "[project]\n",
		"rollouts/agent/main.py":           "print(1)\n",
		"rollouts/agent/.venv/lib/x.py":    "",
		"rollouts/agent/__pycache__/m.pyc": "",
		"data/train.jsonl":                 "{}\n",
		"configs/training/a.toml":          "",
		"notes/readme.md":                  "",
	})
	snap, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := snap.Stamp()
	for p := range before {
		for _, never := range []string{".venv", "__pycache__", "notes"} {
			if strings.Contains(p, never) {
				t.Errorf("stamped %s", p)
			}
		}
	}
	if got := before.Changes(snap.Stamp()); len(got) != 0 {
		t.Errorf("changes between two stamps of the same tree: %v", got)
	}

	writeTree(t, root, files{
		"rollouts/agent/tools/calc.py":  "",
		"rollouts/agent/.venv/lib/y.py": "",
		"pyproject.toml":                "[tool.osmosis-lint]\nignore = []\n",
		"notes/other.md":                "",
		".env":                          "A=1\n",
	})
	if err := os.Remove(filepath.Join(root, "data", "train.jsonl")); err != nil {
		t.Fatal(err)
	}
	// a rollout's file contents are not stamped: editing one is no change
	if err := os.WriteFile(filepath.Join(root, "rollouts", "agent", "main.py"), []byte("print(2)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range snap.Stamp().Changes(before) {
		rel, _ := filepath.Rel(root, c.Path)
		got = append(got, filepath.ToSlash(rel)+" "+[]string{"changed", "created", "deleted"}[c.Kind])
	}
	slices.Sort(got)
	// under rollouts/ the directories tell: a file there appeared or went
	want := []string{".env created", "data/train.jsonl deleted", "pyproject.toml changed", "rollouts/agent changed", "rollouts/agent/tools created"}
	if !slices.Equal(got, want) {
		t.Errorf("changes:\n got %q\nwant %q", got, want)
	}
}
