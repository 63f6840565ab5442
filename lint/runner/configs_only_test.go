package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With ConfigsOnly a named file that is no config of its workspace is
// refused, whatever `configs/<kind>/` its path spells, and a listed entry
// that is none is checked but never fixed; the configs are fixed as before.
func TestConfigsOnly(t *testing.T) {
	base := t.TempDir()
	ws := filepath.Join(base, "ws")
	misspelled := config + "\n[training]\nlerning_rate = 1\n"
	tree(t, base, map[string]string{
		"ws/.git/HEAD":                              "",
		"ws/rollouts/agent/main.py":                 "",
		"ws/data/.gitkeep":                          "",
		"ws/configs/training/a.toml":                misspelled,
		"ws/configs/training/NOTES.md":              misspelled,
		"ws/configs/loose.toml":                     misspelled,
		"ws/notes/n.txt":                            misspelled,
		"ws/configs/training/link.toml":             "->../../notes/n.txt",
		"ws/rollouts/agent/configs/training/x.py":   misspelled,
		"ws/rollouts/agent/configs/training/x.toml": misspelled,
		"loose/configs/training/d.toml":             misspelled,
	})
	// the workspace is named, as the MCP server names it
	fix := Options{Dir: ws, Root: ws, Fix: true, UnsafeFixes: true, ConfigsOnly: true}
	for _, p := range []string{
		"configs/training/NOTES.md",
		"configs/loose.toml",
		"configs/training/link.toml",
		"rollouts/agent/configs/training/x.py",
		"rollouts/agent/configs/training/x.toml",
		"../loose/configs/training/d.toml",
	} {
		_, err := Run([]string{p}, fix)
		if err == nil || !strings.Contains(err.Error(), "only configs are taken") {
			t.Errorf("%s: want a refusal, got %v", p, err)
		}
		if _, _, err := CheckSource([]byte(misspelled), p, Options{Dir: ws, Root: ws, ConfigsOnly: true}); err == nil {
			t.Errorf("%s: CheckSource took it", p)
		}
	}
	if _, err := Run([]string{"configs/training/NOTES.md"}, fix); err == nil || !strings.Contains(err.Error(), "must end in .toml") {
		t.Errorf("the refusal does not say why: %v", err)
	}
	// the whole workspace: every listed entry checked, only the config fixed
	res, err := Run(nil, fix)
	if err != nil {
		t.Fatal(err)
	}
	fixed := map[string]bool{}
	for _, f := range res.Files {
		fixed[f.Path] = f.Fixed > 0
	}
	if !fixed["configs/training/a.toml"] || fixed["configs/training/link.toml"] || fixed["configs/loose.toml"] || len(fixed) != 3 {
		t.Errorf("fixed %v", fixed)
	}
	for _, rel := range []string{"configs/training/NOTES.md", "configs/loose.toml", "notes/n.txt", "rollouts/agent/configs/training/x.py", "rollouts/agent/configs/training/x.toml"} {
		if b, _ := os.ReadFile(filepath.Join(ws, rel)); string(b) != misspelled {
			t.Errorf("%s was rewritten:\n%s", rel, b)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "configs/training/a.toml")); strings.Contains(string(b), "lerning_rate") {
		t.Errorf("the config was not fixed:\n%s", b)
	}
	// a config named, and text checked as a config that does not exist yet
	if _, err := Run([]string{"configs/training/a.toml"}, fix); err != nil {
		t.Error(err)
	}
	if _, _, err := CheckSource([]byte(config), "configs/training/new.toml", Options{Dir: ws, Root: ws, ConfigsOnly: true}); err != nil {
		t.Error(err)
	}
}

// Without ConfigsOnly (check on the command line) a named file of another
// language under configs/<kind>/ is checked, and never rewritten as TOML.
func TestFixWritesOnlyTOML(t *testing.T) {
	base := t.TempDir()
	ws := filepath.Join(base, "ws")
	misspelled := config + "\n[training]\nlerning_rate = 1\n"
	tree(t, base, map[string]string{
		"ws/.git/HEAD":                            "",
		"ws/rollouts/agent/main.py":               "",
		"ws/data/.gitkeep":                        "",
		"ws/configs/training/a.toml":              misspelled,
		"ws/configs/training/NOTES.md":            misspelled,
		"ws/rollouts/agent/configs/training/x.py": misspelled,
	})
	fix := Options{Dir: ws, Root: ws, Fix: true, UnsafeFixes: true}
	res, err := Run([]string{"configs/training/NOTES.md", "rollouts/agent/configs/training/x.py", "configs/training/a.toml"}, fix)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 3 {
		t.Fatalf("checked %d files, want 3", len(res.Files))
	}
	for _, rel := range []string{"configs/training/NOTES.md", "rollouts/agent/configs/training/x.py"} {
		if b, _ := os.ReadFile(filepath.Join(ws, rel)); string(b) != misspelled {
			t.Errorf("%s was rewritten:\n%s", rel, b)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "configs/training/a.toml")); strings.Contains(string(b), "lerning_rate") {
		t.Errorf("the config was not fixed:\n%s", b)
	}
}
