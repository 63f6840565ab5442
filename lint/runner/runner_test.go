package runner

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// tree writes files under root, parents first: a key ending in "/" is a
// directory, a value starting with "->" a symlink, one starting with
// "base64:" bytes, anything else text; "../" leads next to root.
func tree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	keys := make([]string, 0, len(files))
	for k := range files {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, rel := range keys {
		content := files[rel]
		p := filepath.Join(root, filepath.FromSlash(rel))
		if strings.HasSuffix(rel, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		if target, ok := strings.CutPrefix(content, "->"); ok {
			err = os.Symlink(target, p)
		} else if b64, ok := strings.CutPrefix(content, "base64:"); ok {
			var data []byte
			if data, err = base64.StdEncoding.DecodeString(b64); err == nil {
				err = os.WriteFile(p, data, 0o644)
			}
		} else {
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

const config = "[experiment]\nrollout = \"agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n"

func rules(r FileResult) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Rule)
	}
	return out
}

func TestRunPaths(t *testing.T) {
	base := t.TempDir()
	ws := filepath.Join(base, "ws")
	tree(t, base, map[string]string{
		"secret.toml":                   "canary = 1\n",
		"ws/.git/HEAD":                  "",
		"ws/rollouts/agent/main.py":     "",
		"ws/configs/training/a.toml":    config,
		"ws/configs/training/x/b.toml":  config,
		"ws/configs/eval/c.toml":        config,
		"ws/data/.gitkeep":              "",
		"ws/configs/training/out.toml":  "->" + filepath.Join(base, "secret.toml"),
		"loose/configs/training/d.toml": config,
	})
	cases := []struct {
		name  string
		paths []string
		want  []string // shown path: rules
	}{
		{"a directory: its listed configs", []string{"configs/training/x"}, []string{"configs/training/x/b.toml:"}},
		{"a named link out: its place, not its content", []string{"configs/training/out.toml"}, []string{"configs/training/out.toml:config-location"}},
		{"a file outside every workspace: read as named, without workspace rules, shown in full", []string{"../loose/configs/training/d.toml"}, []string{filepath.Join(base, "loose/configs/training/d.toml") + ":workspace-git"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Run(c.paths, Options{Dir: ws})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Files {
				got = append(got, f.Path+":"+strings.Join(rules(f), ","))
				if strings.Contains(string(f.Src), "canary") {
					t.Errorf("%s: read the file outside", f.Path)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	if _, err := Run([]string{"nope.toml"}, Options{Dir: ws}); err == nil {
		t.Error("a named path that does not exist is no usage error")
	}
	// a directory with configs/ in no git repository: its listing, checked
	// without the workspace rules but for workspace-git, and said
	res, err := Run(nil, Options{Dir: filepath.Join(base, "loose", "configs", "training")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 || res.Files[0].Path != "d.toml" || !slices.Equal(rules(res.Files[0]), []string{lint.RuleWorkspaceGit}) || !strings.Contains(strings.Join(res.Notes, "\n"), "is in no git repository") {
		t.Errorf("%+v, notes %q", res.Files, res.Notes)
	}
	if _, err := Run(nil, Options{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "no Osmosis workspace found") {
		t.Errorf("an empty directory: %v", err)
	}
}

func TestCheckSourceUnnamed(t *testing.T) {
	ws := t.TempDir()
	tree(t, ws, map[string]string{".git/HEAD": "", "rollouts/agent/main.py": "", "configs/training/a.toml": config})
	res, _, err := CheckSource([]byte(config), "", Options{Dir: ws, Kind: "training"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Path != "-" || slices.Contains(rules(res), lint.RuleConfigLocation) {
		t.Errorf("%s: %v", res.Path, rules(res))
	}
}

func TestDisplay(t *testing.T) {
	roots := []string{"/ws"}
	for _, c := range []struct{ dir, abs, want string }{
		{"/ws", "/ws/configs/a.toml", "configs/a.toml"},
		{"/ws/rollouts/x", "/ws/configs/a.toml", "../../configs/a.toml"},
		{"/elsewhere", "/ws/configs/a.toml", "/ws/configs/a.toml"},
		{"/ws", "/ws", "."},
	} {
		if got := Display(c.dir, c.abs, roots); got != c.want {
			t.Errorf("Display(%s, %s) = %s, want %s", c.dir, c.abs, got, c.want)
		}
	}
}
