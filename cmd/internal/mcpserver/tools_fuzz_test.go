package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// canary marks the content outside the workspace.
const canary = "CANARY-5d1f"

// FuzzToolPaths names any path to check and fix (with unsafe and write)
// in a workspace that holds, beside its configs, files under configs/<kind>/
// paths that are no configs and links to a file outside. The invariants:
// no file but a config is written, and nothing outside is ever read into a
// result (the canary never shows).
func FuzzToolPaths(f *testing.F) {
	base := f.TempDir()
	root := newWorkspace(f)
	misspelled := strings.Replace(clean, "lr = 1e-6", "lerning_rate = 1", 1)
	outside := write(f, base, "outside/configs/training/x.toml", "# "+canary+"\n"+misspelled)
	untouched := map[string]string{outside: "# " + canary + "\n" + misspelled}
	for _, rel := range []string{"configs/training/NOTES.md", "configs/eval/notes.txt", "rollouts/agent/configs/training/helper.py", "rollouts/agent/configs/training/x.toml", "configs/misplaced.toml"} {
		untouched[write(f, root, rel, misspelled)] = misspelled
	}
	for link, target := range map[string]string{
		"linkws":                     filepath.Join(base, "outside"),
		"configs/training/out.toml":  outside,
		"configs/training/linked":    filepath.Join(base, "outside", "configs", "training"),
		"configs/eval/to-notes.toml": filepath.Join(root, "configs", "training", "NOTES.md"),
		"link-to-root":               "/",
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			f.Fatal(err)
		}
	}
	for _, seed := range []string{
		"configs/training/NOTES.md", "configs/eval/notes.txt", "rollouts/agent/configs/training/helper.py",
		"rollouts/agent/configs/training/x.toml", "configs/misplaced.toml", "linkws/configs/training/x.toml",
		"configs/training/out.toml", "configs/training/linked/x.toml", "configs/eval/to-notes.toml",
		"link-to-root" + outside, outside, "configs", ".", "configs/training/bad.toml", "../outside",
		"configs/training/../../rollouts/agent/configs/training/helper.py",
	} {
		f.Add(seed, true)
		f.Add(seed, false)
	}
	cs := connect(f, Options{Dir: root})
	f.Fuzz(func(t *testing.T, path string, fix bool) {
		if strings.Contains(path, canary) {
			t.Skip("spells the canary")
		}
		name, args := "check", map[string]any{"paths": []string{path}}
		if fix {
			name, args = "fix", map[string]any{"paths": []string{path}, "unsafe": true, "write": true}
		}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s %q: protocol error %v", name, path, err)
		}
		out, _ := json.Marshal(res)
		if strings.Contains(string(out), canary) {
			t.Fatalf("%s %q: the result shows the file outside:\n%s", name, path, out)
		}
		for p, want := range untouched {
			if b, err := os.ReadFile(p); err != nil || string(b) != want {
				t.Fatalf("%s %q: %s is no config, and was written (%v):\n%s", name, path, p, err, b)
			}
		}
	})
}
