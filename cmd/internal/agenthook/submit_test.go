package agenthook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// prePayload is a PreToolUse input of Claude Code's Bash tool.
func prePayload(t testing.TB, cwd, command string) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": cwd,
		"hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input": map[string]any{"command": command, "description": "submit"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pushedWorkspace is newWorkspace committed and pushed: its branch and the
// remote-tracking branch of origin are the same commit.
func pushedWorkspace(t *testing.T) string {
	t.Helper()
	gittest.Bin(t)
	root := newWorkspace(t)
	if err := os.RemoveAll(root + "/.git"); err != nil {
		t.Fatal(err)
	}
	gitIn(t, root,
		[]string{"init", "-q", "-b", "main"}, []string{"add", "-A"}, []string{"commit", "-q", "-m", "init"},
		[]string{"remote", "add", "origin", "https://github.com/acme/ws.git"},
		[]string{"update-ref", "refs/remotes/origin/main", "HEAD"},
		[]string{"symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"},
		[]string{"config", "branch.main.remote", "origin"},
		[]string{"config", "branch.main.merge", "refs/heads/main"})
	return root
}

func gitIn(t *testing.T, root string, commands ...[]string) {
	t.Helper()
	for _, args := range commands {
		gittest.Run(t, root, args...)
	}
}

// TestSubmitHookUnpushedRollout: a rollout change committed and not pushed
// is context before the submit too (the platform runs what is pushed).
func TestSubmitHookUnpushedRollout(t *testing.T) {
	root := pushedWorkspace(t)
	write(t, root, "rollouts/multiply-agent/main.py", "print('changed')\n")
	gitIn(t, root, []string{"commit", "-q", "-am", "change"})
	out := run(t, root, prePayload(t, root, "osmosis train submit configs/training/base.toml"))
	if out.Block != "" || !strings.Contains(out.Context, "[rollout-unpushed]") || !strings.Contains(out.Context, "rollouts/multiply-agent") {
		t.Fatalf("want context naming the unpushed rollout, got %+v", out)
	}
}

// TestSubmitHookUncommittedRollout: before `osmosis train submit` of a
// config whose rollout has a file that is not committed, the agent is told
// so (the platform runs the pushed rollout), without the command being
// denied.
func TestSubmitHookUncommittedRollout(t *testing.T) {
	root := pushedWorkspace(t)
	write(t, root, "rollouts/multiply-agent/main.py", "print('changed')\n")
	for _, command := range []string{
		"osmosis train submit configs/training/base.toml",
		"uv run osmosis train submit --yes configs/training/base.toml",
		"git status && osmosis --json train submit 'configs/training/base.toml' -y",
	} {
		t.Run(command, func(t *testing.T) {
			out := run(t, root, prePayload(t, root, command))
			if !out.BeforeSubmit || out.Block != "" {
				t.Fatalf("a warning denied the submit (or no PreToolUse outcome): %+v", out)
			}
			for _, want := range []string{"configs/training/base.toml", "rollouts/multiply-agent/main.py", "not committed"} {
				if !strings.Contains(out.Context, want) {
					t.Errorf("context lacks %q:\n%s", want, out.Context)
				}
			}
		})
	}
}

// TestSubmitHookError: a config the CLI refuses denies the submit, the
// findings being the reason; relative to the command's cwd.
func TestSubmitHookError(t *testing.T) {
	root := pushedWorkspace(t)
	write(t, root, "configs/training/run.toml", misspelled)
	out := run(t, root, prePayload(t, filepath.Join(root, "configs"), "osmosis train submit training/run.toml"))
	if !strings.Contains(out.Block, "[unknown-key]") || !strings.Contains(out.Block, "training/run.toml:9:1") {
		t.Fatalf("want a block naming unknown-key, got %+v", out)
	}
}

// TestSubmitHookEvalBeforeTrain: before `osmosis train submit` of a
// config whose rollout no eval config names, or whose eval config runs
// another entrypoint, the agent is told so as context (advice: the submit
// goes on), not by an edit of the config (an edit's hook leaves advice out).
func TestSubmitHookEvalBeforeTrain(t *testing.T) {
	root := pushedWorkspace(t)
	if err := os.Remove(filepath.Join(root, "configs", "eval", "base.toml")); err != nil {
		t.Fatal(err)
	}
	out := run(t, root, prePayload(t, root, "osmosis train submit configs/training/base.toml"))
	if out.Block != "" || !strings.Contains(out.Context, "[eval-before-train]") || !strings.Contains(out.Context, "no eval config under configs/eval/ names rollout multiply-agent") {
		t.Fatalf("want eval-before-train as context, got %+v", out)
	}
	edit := run(t, root, payload(t, "Write", root, map[string]any{"file_path": filepath.Join(root, "configs", "training", "base.toml"), "content": clean}))
	if strings.Contains(edit.Context, "eval-before-train") {
		t.Errorf("an edit's hook gave the advice: %+v", edit)
	}
	write(t, root, "rollouts/multiply-agent/other.py", "")
	write(t, root, "configs/eval/base.toml", strings.Replace(cleanEval, "main.py", "other.py", 1))
	out = run(t, root, prePayload(t, root, "osmosis train submit configs/training/base.toml"))
	if out.Block != "" || !strings.Contains(out.Context, "[eval-train-mismatch]") {
		t.Fatalf("want eval-train-mismatch as context, got %+v", out)
	}
}

// TestSubmitHookReferenceTemplate: a reference template the platform's
// template manages, about to be submitted, is judged as the CLI judges
// it: its placeholders deny the submit.
func TestSubmitHookReferenceTemplate(t *testing.T) {
	root := pushedWorkspace(t)
	write(t, root, ".osmosis/template.json", `{"overwriteManaged": ["configs/**/default.toml"]}`)
	write(t, root, "configs/training/default.toml", "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"<your-entrypoint-file>\"\nmodel_path = \"<your-model-path>\"\ndataset = \"<your-dataset-name>\"\n")
	out := run(t, root, prePayload(t, root, "osmosis train submit configs/training/default.toml"))
	if strings.Count(out.Block, "[placeholder]") != 4 || strings.Contains(out.Block, "reference-template") {
		t.Fatalf("want a block naming the four placeholders, got %+v", out)
	}
}

// TestSubmitHookSilent: a clean pushed workspace, commands that are no
// submit, and paths that leave the workspace say nothing.
func TestSubmitHookSilent(t *testing.T) {
	root := pushedWorkspace(t)
	outside := t.TempDir()
	write(t, outside, "evil.toml", misspelled)
	if err := os.Symlink(outside, filepath.Join(root, "configs", "out")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	for _, command := range []string{
		"osmosis train submit configs/training/base.toml",
		"eval $(osmosis train submit configs/training/base.toml)",
		"ls",
		"osmosis train list",
		"echo osmosis train submit configs/out/evil.toml",
		"osmosis train submit configs/out/evil.toml",
		"osmosis train submit " + filepath.Join(outside, "evil.toml"),
		"osmosis train submit ../" + filepath.Base(outside) + "/evil.toml",
		"cd configs && osmosis train submit out/evil.toml",
		"osmosis train submit configs/out/evil.toml | tee log",
		"osmosis train submit --help configs/out/evil.toml",
	} {
		t.Run(command, func(t *testing.T) {
			if out := run(t, root, prePayload(t, root, command)); out.Block != "" || out.Context != "" {
				t.Fatalf("want silence, got %+v", out)
			}
		})
	}
	// an edit tool's PreToolUse, and a Bash PostToolUse, are not this hook's
	b, _ := json.Marshal(map[string]any{"hook_event_name": "PostToolUse", "tool_name": "Bash", "cwd": root,
		"tool_input": map[string]any{"command": "osmosis train submit configs/out/evil.toml"}})
	if out := run(t, root, b); out != (Outcome{}) {
		t.Fatalf("PostToolUse Bash: want silence, got %+v", out)
	}
}

func TestSubmitConfigs(t *testing.T) {
	for _, c := range []struct {
		command string
		want    []string
	}{
		{"osmosis train submit a.toml", []string{"a.toml"}},
		{"osmosis eval submit a.toml --secrets-file .env", []string{"a.toml"}},
		{"osmosis benchmark submit -y -- a.toml", []string{"a.toml"}},
		{"/usr/local/bin/osmosis-ai --platform https://x train submit a.toml", []string{"a.toml"}},
		{"uvx osmosis-ai@1.0 train submit \"my config.toml\"", []string{"my config.toml"}},
		{"uvx --from osmosis-ai osmosis train submit a\\ b.toml", []string{"a b.toml"}},
		{"python -m osmosis_ai.cli.main train submit a.toml", []string{"a.toml"}},
		{"uvx osmosis_ai==1.0 eval submit a.toml", []string{"a.toml"}},
		{"uvx osmosis train submit a.toml", nil},
		{"uvx --from other osmosis train submit a.toml", nil},
		{"uvx --from osmosis-ai echo train submit a.toml", nil},
		{"FOO=1 osmosis train submit a.toml; osmosis eval submit b.toml", []string{"a.toml", "b.toml"}},
		{"osmosis train submit a.toml && osmosis train submit b.toml", []string{"a.toml", "b.toml"}},
		{"osmosis train submit", nil},
		{"osmosis train submit a.toml b.toml", nil},
		{"osmosis train submit --watch a.toml", nil},
		{"osmosis train list", nil},
		{"osmosis dataset submit a.toml", nil},
		{"echo osmosis train submit a.toml", nil},
		{"osmosis train submit $CONFIG", nil},
		{"osmosis train submit a.toml &", nil},
		{"osmosis train submit a.toml || true", nil},
		{"osmosis train submit a.toml > log", nil},
		{"osmosis train submit ~/a.toml", nil},
		{"osmosis train submit 'a.toml", nil},
		{"cd x && osmosis train submit a.toml", nil},
		{"osmosis train submit a.toml # note", nil},
		{"python -m osmosis train submit a.toml", nil},
		{"uv run --with x osmosis train submit a.toml", nil},
		{"osmosis train submit a.toml\nrm -rf x", nil},
	} {
		if got := SubmitConfigs(c.command); !slices.Equal(got, c.want) {
			t.Errorf("SubmitConfigs(%q) = %q, want %q", c.command, got, c.want)
		}
	}
}

// FuzzSubmitConfigs: the parser never panics, finds a config only in a
// command that spells a submit and the config (quoting aside), and
// reads the canonical submit of each path it returns back to that path.
func FuzzSubmitConfigs(f *testing.F) {
	for _, s := range []string{
		"osmosis train submit configs/training/base.toml",
		"uv run osmosis eval submit -y 'a b.toml' && ls",
		"echo osmosis train submit x",
		"uvx --from osmosis-ai osmosis benchmark submit -- \"c.toml\"",
		"osmosis train submit a\\ b",
	} {
		f.Add(s)
	}
	unquote := strings.NewReplacer("\\", "", "'", "", "\"", "")
	f.Fuzz(func(t *testing.T, command string) {
		got := SubmitConfigs(command)
		// the command without its quoting spells each word the shell reads
		bare := unquote.Replace(command)
		for _, p := range got {
			if p == "" {
				t.Fatalf("%q: an empty config path", command)
			}
			if !strings.Contains(bare, "submit") || !strings.Contains(bare, unquote.Replace(p)) {
				t.Fatalf("%q: a config %q from a command with no submit of it", command, p)
			}
			quoted := "'" + p + "'"
			if strings.Contains(p, "'") {
				continue // no single-quoted spelling; the others are checked
			}
			if again := SubmitConfigs("osmosis train submit " + quoted); !slices.Equal(again, []string{p}) {
				t.Fatalf("%q: the submit of %q reads as %q", command, p, again)
			}
		}
	})
}

// FuzzSubmitHookContained: whatever the command, the hook says something
// only when the command's words are a submit of a config inside the
// workspace (the misspelled config is the only one with anything to say,
// and the one outside is never read).
func FuzzSubmitHookContained(f *testing.F) {
	for _, s := range []string{
		"osmosis train submit configs/training/run.toml",
		"osmosis train submit configs/out/evil.toml",
		"osmosis train submit ./configs/../configs/training/run.toml",
		"osmosis train submit configs/training/../out/evil.toml",
	} {
		f.Add(s)
	}
	root := newWorkspace(f)
	write(f, root, "configs/training/run.toml", misspelled)
	outside := f.TempDir()
	write(f, outside, "evil.toml", misspelled)
	if err := os.Symlink(outside, filepath.Join(root, "configs", "out")); err != nil {
		f.Skip("no symlinks here:", err)
	}
	f.Fuzz(func(t *testing.T, command string) {
		out, err := Run(prePayload(t, root, command), Options{ProjectDir: root})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.Block+out.Context, "evil") {
			t.Fatalf("%q: a config outside the workspace was read:\n%s", command, out.Block+out.Context)
		}
		if out.Block == "" && out.Context == "" {
			return
		}
		inside := false
		for _, p := range SubmitConfigs(command) {
			if !filepath.IsAbs(p) {
				p = filepath.Join(root, p)
			}
			if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
				inside = true
			}
		}
		if !inside {
			t.Fatalf("%q: the hook spoke for a command that submits nothing inside the workspace:\n%s", command, out.Block+out.Context)
		}
	})
}
