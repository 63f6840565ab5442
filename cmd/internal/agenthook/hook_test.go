package agenthook

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const clean = `[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "multiply"

[training]
lr = 1e-6
`

// cleanEval is the eval config of clean's rollout.
const cleanEval = `[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "openai/gpt-5-mini"
dataset = "multiply"

[secrets]
required = ["OPENAI_API_KEY"]
`

// misspelled is clean with a key the CLI refuses.
const misspelled = clean + "lerning_rate = 1\n"

// newWorkspace makes a workspace with one rollout, a training config and
// the eval config of its rollout, and returns its root.
func newWorkspace(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	write(t, root, ".git/HEAD", "ref: refs/heads/main\n")
	write(t, root, "rollouts/multiply-agent/main.py", "print('hi')\n")
	write(t, root, "data/.gitkeep", "")
	write(t, root, "configs/eval/base.toml", cleanEval)
	write(t, root, "configs/training/base.toml", clean)
	return root
}

func write(t testing.TB, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// payload is a PostToolUse input as Claude Code sends it.
func payload(t *testing.T, tool, cwd string, input map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": cwd,
		"hook_event_name": "PostToolUse", "tool_name": tool, "tool_input": input,
		"tool_response": map[string]any{"success": true},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func run(t *testing.T, root string, input []byte) Outcome {
	t.Helper()
	out, err := Run(input, Options{ProjectDir: root})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEditedConfigWithAnError(t *testing.T) {
	root := newWorkspace(t)
	p := write(t, root, "configs/training/run.toml", misspelled)
	for _, tool := range []string{"Write", "Edit", "MultiEdit"} {
		t.Run(tool, func(t *testing.T) {
			out := run(t, root, payload(t, tool, root, map[string]any{"file_path": p}))
			for _, want := range []string{
				"configs/training/run.toml:9:1: error [unknown-key]",
				"line 9: lerning_rate = 1",
				"stage: submit",
				"fix: Remove `lerning_rate`",
				"more: osmosis-lint explain unknown-key",
			} {
				if !strings.Contains(out.Block, want) {
					t.Errorf("the blocking text lacks %q:\n%s", want, out.Block)
				}
			}
		})
	}
}

func TestSilentCases(t *testing.T) {
	root := newWorkspace(t)
	bad := write(t, root, "configs/training/run.toml", misspelled)
	notes := write(t, root, "notes.md", "lerning_rate = 1\n")
	other := t.TempDir() // another workspace, outside the project
	write(t, other, ".git/HEAD", "")
	outside := write(t, other, "configs/training/x.toml", misspelled)
	for name, input := range map[string][]byte{
		"clean config":      payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "configs/training/base.toml")}),
		"not a config":      payload(t, "Write", root, map[string]any{"file_path": notes}),
		"a read":            payload(t, "Read", root, map[string]any{"file_path": bad}),
		"a notebook":        payload(t, "NotebookEdit", root, map[string]any{"notebook_path": bad}),
		"before the tool":   []byte(`{"hook_event_name":"PreToolUse","tool_name":"Write","cwd":"` + root + `","tool_input":{"file_path":"` + bad + `"}}`),
		"outside a project": payload(t, "Write", root, map[string]any{"file_path": outside}),
		"no file":           payload(t, "Write", root, map[string]any{}),
		"odd tool input":    payload(t, "Write", root, map[string]any{"file_path": 3}),
	} {
		t.Run(name, func(t *testing.T) {
			if out := run(t, root, input); out != (Outcome{}) {
				t.Fatalf("want silence, got %+v", out)
			}
		})
	}
}

// Outside a git repository there is no workspace: nothing is checked.
func TestSilentOutsideAWorkspace(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "configs/training/run.toml", misspelled)
	if out := run(t, dir, payload(t, "Write", dir, map[string]any{"file_path": p})); out != (Outcome{}) {
		t.Fatalf("want silence, got %+v", out)
	}
}

func TestWarningsAreContextNotABlock(t *testing.T) {
	root := newWorkspace(t)
	p := write(t, root, "configs/training/run.toml", clean+"n_samples_per_prompt = 1\n")
	out := run(t, root, payload(t, "Edit", root, map[string]any{"file_path": p}))
	if out.Block != "" || !strings.Contains(out.Context, "warning [grpo-group-size]") {
		t.Fatalf("want the warning as context only, got %+v", out)
	}
}

// A relative path is the agent's cwd's; Codex's apply_patch names its
// files in the patch.
func TestRelativePathsAndPatches(t *testing.T) {
	root := newWorkspace(t)
	write(t, root, "configs/training/run.toml", misspelled)
	out := run(t, root, payload(t, "Write", filepath.Join(root, "configs"), map[string]any{"file_path": "training/run.toml"}))
	if !strings.Contains(out.Block, "[unknown-key]") {
		t.Fatalf("relative path: %+v", out)
	}
	patch := "*** Begin Patch\n*** Update File: configs/training/run.toml\n@@\n-lr = 1\n+lerning_rate = 1\n*** Delete File: configs/training/gone.toml\n*** End Patch\n"
	out = run(t, root, payload(t, "apply_patch", root, map[string]any{"command": patch}))
	if !strings.Contains(out.Block, "training/run.toml:9:1") {
		t.Fatalf("apply_patch: %+v", out)
	}
}

// A config path that is a link out of the workspace, or excluded by the
// settings, is not read.
func TestLinkedAndExcludedConfigs(t *testing.T) {
	root := newWorkspace(t)
	target := write(t, t.TempDir(), "x.toml", misspelled)
	link := filepath.Join(root, "configs/training/link.toml")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	if out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": link})); out != (Outcome{}) {
		t.Fatalf("a link out of the workspace was checked: %+v", out)
	}
	write(t, root, "pyproject.toml", "[tool.osmosis-lint]\nexclude = [\"configs/training/old/**\"]\n")
	old := write(t, root, "configs/training/old/run.toml", misspelled)
	if out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": old})); out != (Outcome{}) {
		t.Fatalf("an excluded config was checked: %+v", out)
	}
}

// An edit of a rollout's file brings the cross-file errors of the configs
// that name that rollout, as context; other configs stay out.
func TestRolloutEditReportsItsConfigs(t *testing.T) {
	root := newWorkspace(t)
	write(t, root, "configs/eval/uses.toml", "[experiment]\nrollout = \"scorer\"\nentrypoint = \"server.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = []\n")
	write(t, root, "configs/eval/other.toml", "[experiment]\nrollout = \"missing\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = []\n")
	p := write(t, root, "rollouts/scorer/main.py", "")
	out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": p}))
	if out.Block != "" {
		t.Fatalf("a rollout edit blocked: %s", out.Block)
	}
	if !strings.Contains(out.Context, "configs/eval/uses.toml") || !strings.Contains(out.Context, "[entrypoint-not-found]") {
		t.Fatalf("want the entrypoint finding of uses.toml, got:\n%s", out.Context)
	}
	if strings.Contains(out.Context, "other.toml") {
		t.Fatalf("a config of another rollout was reported:\n%s", out.Context)
	}
	write(t, root, "rollouts/scorer/server.py", "")
	if out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": p})); out != (Outcome{}) {
		t.Fatalf("want silence once the entrypoint exists, got %+v", out)
	}
}

// Settings the edit broke are put before the model; settings broken
// before an edit of a config are the hook's failure, for the user.
func TestBadSettings(t *testing.T) {
	root := newWorkspace(t)
	p := write(t, root, "pyproject.toml", "[tool.osmosis-lint]\nignore = [\"no-such-rule\"]\n")
	out := run(t, root, payload(t, "Edit", root, map[string]any{"file_path": p}))
	if !strings.Contains(out.Block, "no-such-rule") {
		t.Fatalf("want the settings problem blocking, got %+v", out)
	}
	cfg := write(t, root, "configs/training/run.toml", misspelled)
	if _, err := Run(payload(t, "Edit", root, map[string]any{"file_path": cfg}), Options{ProjectDir: root}); err == nil {
		t.Fatal("want an error for a config checked under bad settings")
	}
}

func TestBadPayload(t *testing.T) {
	for _, in := range []string{"", "nope", "[1,2]", `{"tool_name": 3}`} {
		if _, err := Run([]byte(in), Options{}); !errors.Is(err, ErrPayload) {
			t.Errorf("Run(%q): err = %v, want ErrPayload", in, err)
		}
	}
}

// A dataset file written under data/ gets the upload's verdict.
func TestDataFileEdit(t *testing.T) {
	root := newWorkspace(t)
	row := `{"user_prompt": "2*3?", "ground_truth": "6"}` + "\n"
	small := write(t, root, "data/small.jsonl", strings.Repeat(row, 3))
	out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": small}))
	if !strings.Contains(out.Block, "data/small.jsonl") || !strings.Contains(out.Block, "[dataset-file]") {
		t.Fatalf("want the upload's refusal blocking, got %+v", out)
	}
	ok := write(t, root, "data/ok.jsonl", strings.Repeat(row, 4))
	if out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": ok})); out != (Outcome{}) {
		t.Fatalf("want silence for a good dataset, got %+v", out)
	}
}

// An agent started above its workspaces (a directory holding several)
// still gets the findings of a config in one of them.
func TestProjectAboveTheWorkspace(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "ws")
	if err := os.Rename(newWorkspace(t), root); err != nil {
		t.Fatal(err)
	}
	p := write(t, root, "configs/training/run.toml", misspelled)
	out := run(t, parent, payload(t, "Write", parent, map[string]any{"file_path": p}))
	if !strings.Contains(out.Block, "ws/configs/training/run.toml:9:1") {
		t.Fatalf("want the finding, shown from the project directory: %+v", out)
	}
}

// A workspace below the git root (ml/ of a repository) is the edited
// config's, as check finds it: its findings, and config-location saying
// the osmosis CLI cannot submit from there.
func TestWorkspaceBelowTheGitRoot(t *testing.T) {
	repo := t.TempDir()
	write(t, repo, ".git/HEAD", "ref: refs/heads/main\n")
	write(t, repo, "ml/rollouts/multiply-agent/main.py", "print('hi')\n")
	p := write(t, repo, "ml/configs/training/run.toml", misspelled)
	out := run(t, repo, payload(t, "Write", repo, map[string]any{"file_path": p}))
	for _, want := range []string{"ml/configs/training/run.toml:9:1: error [unknown-key]", "[config-location]"} {
		if !strings.Contains(out.Block, want) {
			t.Errorf("the blocking text lacks %q:\n%s", want, out.Block)
		}
	}
}

// A rollout's own configs/ (rollouts/agent/configs/) is the rollout's: an
// edit there is a rollout edit, never a config of a workspace of its own.
func TestRolloutsOwnConfigs(t *testing.T) {
	root := newWorkspace(t)
	p := write(t, root, "rollouts/multiply-agent/configs/training/x.toml", misspelled)
	if out := run(t, root, payload(t, "Write", root, map[string]any{"file_path": p})); out.Block != "" {
		t.Fatalf("a rollout's file blocked as a config: %s", out.Block)
	}
}
