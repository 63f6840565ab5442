package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// templateJSON is the shape of the platform template's own file.
const templateJSON = `{
  "overwriteManaged": [".agents/skills/**", ".claude/skills/**", "CLAUDE.md", "AGENTS.md", "configs/AGENTS.md", "configs/**/default.toml"],
  "additive": ["rollouts/*", "data/*", "configs/**"]
}
`

func TestTemplateManaged(t *testing.T) {
	root := newWorkspace(t, files{TemplateFile: templateJSON})
	tpl := mustLoad(t, root, Options{}).Template()
	if !tpl.Present || tpl.Problem != "" {
		t.Fatalf("template not taken: %+v", tpl)
	}
	for rel, want := range map[string]bool{
		"configs/training/default.toml":         true,
		"configs/eval/default.toml":             true,
		"configs/benchmark/nested/default.toml": true,
		"configs/training/my-run.toml":          false,
		"configs/training/default.toml.bak":     false,
		"CLAUDE.md":                             true,
		"rollouts/x/CLAUDE.md":                  false, // anchored: the root's file alone
		".agents/skills/a/SKILL.md":             true,
		"data/default.toml":                     false,
	} {
		if got := tpl.Managed(rel); got != want {
			t.Errorf("Managed(%s) = %v, want %v", rel, got, want)
		}
	}
}

func TestTemplateAbsentOrMalformed(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "template.json")
	if err := os.WriteFile(outside, []byte(templateJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, content string
		problem       string // "" when absent without a problem
	}{
		{"absent", "", ""},
		{"not JSON", "{overwriteManaged: [", "is not a JSON object"},
		{"a list", `["configs/**"]`, "is not a JSON object"},
		{"not a list", `{"overwriteManaged": "configs/**"}`, "not a list of strings"},
		{"not strings", `{"overwriteManaged": [1]}`, "not a list of strings"},
		{"a bad pattern", `{"overwriteManaged": ["configs/[a"]}`, "cannot read"},
		{"an empty pattern", `{"overwriteManaged": [" "]}`, "empty"},
		{"a link out", "->" + outside, "leads outside the workspace"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tree := files{}
			if c.content != "" {
				tree[TemplateFile] = c.content
			}
			tpl := mustLoad(t, newWorkspace(t, tree), Options{}).Template()
			if tpl.Present || tpl.Managed("configs/training/default.toml") {
				t.Errorf("taken: %+v", tpl)
			}
			if c.problem == "" && tpl.Problem != "" || !strings.Contains(tpl.Problem, c.problem) {
				t.Errorf("problem %q, want %q", tpl.Problem, c.problem)
			}
		})
	}
}

// TestTemplateApply checks that a change of the template file is seen by
// the next snapshot, and that other changes share the part.
func TestTemplateApply(t *testing.T) {
	root := newWorkspace(t, files{"configs/training/": ""})
	s := mustLoad(t, root, Options{})
	if s.Template().Present {
		t.Fatal("no template file, but one is present")
	}
	writeTree(t, root, files{TemplateFile: templateJSON})
	n := s.Apply([]Change{{Path: filepath.Join(root, ".osmosis", "template.json")}})
	if n == s || !n.Template().Managed("configs/training/default.toml") {
		t.Fatal("the new template file is not seen")
	}
	m := n.Apply([]Change{{Path: filepath.Join(root, "data", "x.jsonl")}})
	if m.template != n.template {
		t.Error("a change elsewhere reads the template again")
	}
}

// FuzzParseTemplate: any bytes as .osmosis/template.json give a template
// that is taken or not, never both, and a template not taken manages
// nothing.
func FuzzParseTemplate(f *testing.F) {
	for _, s := range []string{templateJSON, "{", `{"overwriteManaged": null}`, `{"overwriteManaged": ["", "!x", "a/**/b"]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tpl := parseTemplate(data)
		if tpl.Present == (tpl.Problem != "") {
			t.Fatalf("present %v with problem %q", tpl.Present, tpl.Problem)
		}
		if !tpl.Present && (len(tpl.managed) > 0 || tpl.Managed("configs/training/default.toml")) {
			t.Fatal("a template not taken manages a path")
		}
		if tpl.Present && len(tpl.managed) != len(tpl.Patterns) {
			t.Fatalf("%d patterns, %d compiled", len(tpl.Patterns), len(tpl.managed))
		}
	})
}
