package agenthook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk/disktest"
)

// hookCanary lives only in files outside the project.
const hookCanary = "CANARY-h00k"

// linkedProject is a project whose workspace commits links out of it: a
// directory link to a sibling repository (linkws -> ../other), one to the
// file system's root (link-to-root -> /), and a config that is a link to
// the sibling's config. The sibling holds the canary in a config, a
// dataset file and a rollout's configs; a second sibling in its settings.
func linkedProject(t testing.TB) (root, other string) {
	t.Helper()
	base := t.TempDir()
	root, other = filepath.Join(base, "ws"), filepath.Join(base, "other")
	for rel, text := range map[string]string{
		"ws/.git/HEAD":                       "ref: refs/heads/main\n",
		"ws/rollouts/multiply-agent/main.py": "print('hi')\n",
		"ws/data/.gitkeep":                   "",
		"ws/configs/eval/.gitkeep":           "",
		"ws/configs/training/base.toml":      clean,
		"other/.git/HEAD":                    "ref: refs/heads/main\n",
		"other/configs/training/x.toml":      clean + "lerning_rate = \"" + hookCanary + "\"\n",
		"other/configs/eval/uses.toml":       "[experiment]\nrollout = \"r\"\nentrypoint = \"" + hookCanary + ".py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[secrets]\nrequired = []\n",
		"other/rollouts/r/main.py":           "",
		"other/data/d.jsonl":                 "{\"" + hookCanary + "\": 1}\n",
		"bad/.git/HEAD":                      "ref: refs/heads/main\n",
		"bad/configs/training/x.toml":        clean,
		"bad/pyproject.toml":                 "[tool.osmosis-lint]\nignore = [\"" + hookCanary + "\"]\n",
	} {
		write(t, base, rel, text)
	}
	for rel, target := range map[string]string{
		"linkws":                    "../other",
		"linkbad":                   "../bad",
		"link-to-root":              "/",
		"configs/training/out.toml": "../../../other/configs/training/x.toml",
		"configs/training/abs.toml": filepath.Join(other, "configs/training/x.toml"),
		"configs/eval/linked":       "../../../other/configs/training",
	} {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(rel))); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	return root, other
}

// hookAttacks are edit events that name a file outside the project
// through a link the project commits.
func hookAttacks(t *testing.T, root, other string) map[string][]byte {
	viaRoot := filepath.Join(root, "link-to-root", other)
	patch := func(p string) map[string]any {
		return map[string]any{"command": "*** Begin Patch\n*** Update File: " + p + "\n@@\n-a\n+b\n*** End Patch\n"}
	}
	return map[string][]byte{
		"linkws config":             payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "linkws/configs/training/x.toml")}),
		"linkws config relative":    payload(t, "Edit", root, map[string]any{"file_path": "linkws/configs/training/x.toml"}),
		"link-to-root config":       payload(t, "Write", root, map[string]any{"file_path": filepath.Join(viaRoot, "configs/training/x.toml")}),
		"linkws patch":              payload(t, "apply_patch", root, patch("linkws/configs/training/x.toml")),
		"link-to-root patch":        payload(t, "apply_patch", root, patch(filepath.Join(viaRoot, "configs/training/x.toml"))),
		"linkws data file":          payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "linkws/data/d.jsonl")}),
		"linkws rollout":            payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "linkws/rollouts/r/main.py")}),
		"linked settings":           payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "linkbad/pyproject.toml")}),
		"config under bad settings": payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "linkbad/configs/training/x.toml")}),
		"cwd through linkws":        payload(t, "Write", filepath.Join(root, "linkws"), map[string]any{"file_path": "configs/training/x.toml"}),
		"config linked out":         payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "configs/training/out.toml")}),
		"config linked out (abs)":   payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "configs/training/abs.toml")}),
		"kind directory linked out": payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "configs/eval/linked/x.toml")}),
		"dot-dot after a link":      payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "link-to-root") + "/" + strings.TrimPrefix(other, "/") + "/../other/configs/training/x.toml"}),
	}
}

// TestHookStaysInTheProject: no edit event makes the hook read or print a
// file whose real location is outside the project, whatever the spelling;
// the hook is silent on them.
func TestHookStaysInTheProject(t *testing.T) {
	root, other := linkedProject(t)
	outside := []string{other, filepath.Join(filepath.Dir(other), "bad")}
	through := 0
	for name, input := range hookAttacks(t, root, other) {
		touched := disktest.Record(outside...)
		out, err := Run(input, Options{ProjectDir: root})
		if seen := touched(); len(seen) > 0 {
			t.Errorf("%s: touched outside the project: %v", name, seen)
			through++
			continue
		}
		if err != nil && strings.Contains(err.Error(), hookCanary) {
			t.Errorf("%s: the error shows the outside file: %v", name, err)
			through++
			continue
		}
		if strings.Contains(out.Block+out.Context, hookCanary) || strings.Contains(out.Block+out.Context, "other/") || strings.Contains(out.Block+out.Context, "bad/") {
			t.Errorf("%s: the outside file was read:\n%s\n%s", name, out.Block, out.Context)
			through++
			continue
		}
		if err != nil || out != (Outcome{}) {
			t.Errorf("%s: want silence, got %+v, %v", name, out, err)
		}
	}
	t.Logf("%d of %d attacks got through", through, len(hookAttacks(t, root, other)))
	// the same workspace still gets its own findings
	p := write(t, root, "configs/training/run.toml", misspelled)
	if out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": p})); !strings.Contains(out.Block, "[unknown-key]") {
		t.Fatalf("an edit inside the project was not checked: %+v", out)
	}
}

// FuzzHookContained feeds the hook edit events over the linked project:
// the event is JSON in which $WS and $OTHER stand for the project and the
// sibling outside it. Whatever the event and however its paths are
// spelled, the hook neither touches nor prints anything outside the
// project.
func FuzzHookContained(f *testing.F) {
	root, other := linkedProject(f)
	outside := []string{other, filepath.Join(filepath.Dir(other), "bad")}
	for _, seed := range []string{
		`{"hook_event_name":"PostToolUse","tool_name":"Write","cwd":"$WS","tool_input":{"file_path":"$WS/linkws/configs/training/x.toml"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Edit","cwd":"$WS/linkws","tool_input":{"file_path":"configs/training/x.toml"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Write","cwd":"$WS","tool_input":{"file_path":"$WS/link-to-root$OTHER/configs/training/x.toml"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"apply_patch","cwd":"$WS","tool_input":{"command":"*** Begin Patch\n*** Update File: linkws/configs/training/x.toml\n*** Move to: linkbad/pyproject.toml\n*** End Patch\n"}}`,
		`{"tool_name":"Write","cwd":"$WS","tool_input":{"file_path":"configs/training/out.toml"}}`,
		`{"tool_name":"MultiEdit","cwd":"$WS","tool_input":{"file_path":"$WS/configs/../linkws/../other/rollouts/r/main.py"}}`,
		`{"tool_name":"Write","cwd":"$WS","tool_input":{"file_path":"configs/training/base.toml"}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, event string) {
		input := strings.NewReplacer("$WS", root, "$OTHER", other).Replace(event)
		touched := disktest.Record(outside...)
		out, err := Run([]byte(input), Options{ProjectDir: root})
		if seen := touched(); len(seen) > 0 {
			t.Fatalf("touched outside the project: %v", seen)
		}
		text := out.Block + out.Context
		if err != nil {
			text += err.Error()
		}
		if strings.Contains(text, hookCanary) || strings.Contains(text, other) {
			t.Fatalf("the outside was printed:\n%s", text)
		}
	})
}
