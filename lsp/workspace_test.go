package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// File change types of workspace/didChangeWatchedFiles.
const (
	created = 1
	changed = 2
	deleted = 3
)

func (c *client) watched(changes ...any) {
	c.t.Helper()
	var evs []map[string]any
	for i := 0; i+1 < len(changes); i += 2 {
		evs = append(evs, map[string]any{"uri": docURI(changes[i].(string)), "type": changes[i+1]})
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": evs})
}

func TestWatchedFiles(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{watch: true})
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	long := filepath.Join(root, "configs", "training", "multiply-long.toml")

	// the server asks for the files the cross-file rules read
	deadline := time.After(waitFor)
	for {
		c.mu.Lock()
		regs := append([]json.RawMessage(nil), c.registers...)
		c.mu.Unlock()
		if len(regs) > 0 {
			var p struct {
				Registrations []struct {
					Method          string `json:"method"`
					RegisterOptions struct {
						Watchers []struct {
							GlobPattern string `json:"globPattern"`
						} `json:"watchers"`
					} `json:"registerOptions"`
				} `json:"registrations"`
			}
			if err := json.Unmarshal(regs[0], &p); err != nil || len(p.Registrations) != 1 || p.Registrations[0].Method != "workspace/didChangeWatchedFiles" {
				t.Fatalf("registration %s", regs[0])
			}
			var globs []string
			for _, w := range p.Registrations[0].RegisterOptions.Watchers {
				globs = append(globs, w.GlobPattern)
			}
			for _, want := range []string{"**/rollouts/**", "**/data/**", "**/pyproject.toml", "**/configs/**", "**/data", "**/rollouts", "**/configs", "**/.env", "**/.osmosis/template.json", "**/*.json"} {
				if !slices.Contains(globs, want) {
					t.Errorf("watchers %v lack %s", globs, want)
				}
			}
			break
		}
		select {
		case <-c.changed:
		case <-deadline:
			t.Fatal("no client/registerCapability")
		}
	}

	c.open(eval, readFile(t, eval))
	if p := c.waitVersion(eval, 1); !hasCode(p.Diagnostics, "rollout-not-found") {
		t.Fatalf("eval config: %v", codes(p.Diagnostics))
	}
	c.open(long, readFile(t, long))
	c.waitVersion(long, 1)

	// creating the missing rollout directory makes rollout-not-found go
	// away, for the open document at its version
	writeFile(t, filepath.Join(root, "rollouts", "multiply-agnet", "main.py"), "print('hi')\n")
	c.watched(filepath.Join(root, "rollouts", "multiply-agnet"), created, filepath.Join(root, "rollouts", "multiply-agnet", "main.py"), created)
	p := c.waitPub(eval, func(p publication) bool { return !hasCode(p.Diagnostics, "rollout-not-found") })
	if p.Version == nil || *p.Version != 1 {
		t.Errorf("after creating the rollout: version %v, want 1", p.Version)
	}

	// a changed pyproject.toml setting applies: unknown-key ignored,
	// param-range made a warning
	writeFile(t, filepath.Join(root, "pyproject.toml"), "[tool.osmosis-lint]\nignore = [\"unknown-key\"]\nseverity = {param-range = \"warning\"}\n")
	c.watched(filepath.Join(root, "pyproject.toml"), changed)
	p = c.waitPub(long, func(p publication) bool { return !hasCode(p.Diagnostics, "unknown-key") })
	if d := findCode(t, p.Diagnostics, "param-range"); d.Severity != 2 {
		t.Errorf("param-range severity %d, want warning (2)", d.Severity)
	}

	// a bad setting is shown to the user, and the defaults apply
	writeFile(t, filepath.Join(root, "pyproject.toml"), "[tool.osmosis-lint]\nignore = [\"no-such-rule\"]\n")
	c.watched(filepath.Join(root, "pyproject.toml"), changed)
	deadline = time.After(waitFor)
	for {
		c.mu.Lock()
		msgs := strings.Join(c.messages, "\n")
		c.mu.Unlock()
		if strings.Contains(msgs, "no-such-rule") {
			break
		}
		select {
		case <-c.changed:
		case <-deadline:
			t.Fatalf("bad setting not shown; messages: %s", msgs)
		}
	}
	p = c.waitPub(long, func(p publication) bool { return hasCode(p.Diagnostics, "unknown-key") })

	// a config deleted on disk loses its diagnostics; a new one gets them;
	// the other configs are not checked again
	c.settle(100 * time.Millisecond)
	other := filepath.Join(root, "configs", "training", "multiply-baseline.toml")
	before := len(c.publications(other))
	base := filepath.Join(root, "configs", "benchmark", "terminal-bench.toml")
	writeFile(t, base, "")
	added := filepath.Join(root, "configs", "training", "added.toml")
	writeFile(t, added, "[training]\nlerning_rate = 1\n[env]\nADDED_NAME = \"1\"\n")
	c.watched(base, deleted, added, created)
	p = c.waitPub(base, func(p publication) bool { return len(p.Diagnostics) == 0 })
	if p.diagsNull {
		t.Errorf("cleared with null")
	}
	p = c.waitPub(added, func(p publication) bool { return p.Version == nil && hasCode(p.Diagnostics, "unknown-key") })
	// and it is not cleared by a workspace lint that began before it
	c.settle(100 * time.Millisecond)
	if pubs := c.publications(added); !hasCode(pubs[len(pubs)-1].Diagnostics, "unknown-key") {
		t.Errorf("new config cleared: %s", c.describePubs(docURI(added)))
	}

	if n := len(c.publications(other)); n != before {
		t.Errorf("a change of two configs published %s again (%d times)", other, n-before)
	}
	// the names the new config uses are offered
	e := c.edit(filepath.Join(root, "configs", "eval", "n.toml"), "")
	if items := e.complete("[env]\n|"); item(items, "ADDED_NAME") == nil {
		t.Errorf("env names after the change: %v", labels(items))
	}

	// changes outside any workspace, or of unrelated files, are harmless
	c.watched(filepath.Join(t.TempDir(), "x.toml"), changed, filepath.Join(root, "README.md"), changed)
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

// A pulling client is asked to pull again when the workspace changes.
func TestWatchedFilesPull(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{pull: true, refresh: true})
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	e := c.edit(eval, readFile(t, eval))
	if !hasCode(e.pull(), "rollout-not-found") {
		t.Fatal("no rollout-not-found")
	}
	writeFile(t, filepath.Join(root, "rollouts", "multiply-agnet", "main.py"), "print('hi')\n")
	c.watched(filepath.Join(root, "rollouts", "multiply-agnet", "main.py"), created)
	deadline := time.After(waitFor)
	for {
		c.mu.Lock()
		n := c.refreshes
		c.mu.Unlock()
		if n > 0 {
			break
		}
		select {
		case <-c.changed:
		case <-deadline:
			t.Fatal("no workspace/diagnostic/refresh")
		}
	}
	if ds := e.pull(); hasCode(ds, "rollout-not-found") {
		t.Errorf("after creating the rollout: %v", codes(ds))
	}
	var ws workspaceReport
	c.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, &ws)
	for _, it := range ws.Items {
		if it.URI == docURI(eval) && hasCode(it.Items, "rollout-not-found") {
			t.Errorf("workspace diagnostics still report the rollout")
		}
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

// A change under the git directory reaches the workspace it belongs to,
// though no workspace root can be found from inside .git.
func TestWatchedGitConfig(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{watch: true})
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	c.open(eval, readFile(t, eval))
	c.waitVersion(eval, 1)
	origin := func() workspace.Origin {
		return c.srv.sess.snapshot().spaces[root].ws.Snapshot.Origin()
	}
	if o := origin(); o.Found {
		t.Fatalf("origin before: %+v", o)
	}
	writeFile(t, filepath.Join(root, ".git", "config"), "[remote \"origin\"]\n\turl = git@github.com:acme/multiply.git\n")
	c.watched(filepath.Join(root, ".git", "config"), changed)
	deadline := time.After(waitFor)
	for origin().Identity.Repo != "acme/multiply" {
		select {
		case <-deadline:
			t.Fatalf("origin after the change: %+v", origin())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func TestRouteChanges(t *testing.T) {
	outer := filepath.FromSlash("/w/repo")
	inner := filepath.Join(outer, "sub")
	snap := &snapshot{spaces: map[string]*space{
		outer:                        {root: outer, ws: &lint.Workspace{}},
		inner:                        {root: inner, ws: &lint.Workspace{}},
		filepath.Clean("/w/loading"): nil,
	}}
	ch := func(p string) workspace.Change { return workspace.Change{Path: filepath.FromSlash(p)} }
	got := routeChanges(snap.roots(), []workspace.Change{ch("/w/repo/.git/config"), ch("/w/repo/sub/rollouts/a/main.py"), ch("/w/repo/subway/x"), ch("/home/u/.cache/osmosis/datasets/d.json")})
	paths := func(cs []workspace.Change) string {
		var out []string
		for _, c := range cs {
			out = append(out, filepath.ToSlash(c.Path))
		}
		return strings.Join(out, " ")
	}
	if want := "/w/repo/.git/config /w/repo/subway/x /home/u/.cache/osmosis/datasets/d.json"; paths(got[outer]) != want {
		t.Errorf("outer root got %q, want %q", paths(got[outer]), want)
	}
	if want := "/w/repo/sub/rollouts/a/main.py /home/u/.cache/osmosis/datasets/d.json"; paths(got[inner]) != want {
		t.Errorf("inner root got %q, want %q", paths(got[inner]), want)
	}
	if len(got) != 2 {
		t.Errorf("routed to %d roots, want 2", len(got))
	}
}

// A client that cannot watch files still sees the workspace change: the
// server looks for changed files when a document is saved or opened.
func TestRescanWithoutWatcher(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	long := filepath.Join(root, "configs", "training", "multiply-long.toml")
	c.open(eval, readFile(t, eval))
	if p := c.waitVersion(eval, 1); !hasCode(p.Diagnostics, "rollout-not-found") {
		t.Fatalf("eval config: %v", codes(p.Diagnostics))
	}
	// the missing rollout appears on disk; a save makes the server look
	writeFile(t, filepath.Join(root, "rollouts", "multiply-agnet", "main.py"), "print('hi')\n")
	c.notify("textDocument/didSave", map[string]any{"textDocument": textDoc(eval)})
	p := c.waitPub(eval, func(p publication) bool { return !hasCode(p.Diagnostics, "rollout-not-found") })
	if p.Version == nil || *p.Version != 1 {
		t.Errorf("after creating the rollout: version %v, want 1", p.Version)
	}
	// a settings change is seen when another document is opened
	writeFile(t, filepath.Join(root, "pyproject.toml"), "[tool.osmosis-lint]\nignore = [\"unknown-key\"]\n")
	c.open(long, readFile(t, long))
	c.waitPub(long, func(p publication) bool {
		return p.Version != nil && *p.Version == 1 && !hasCode(p.Diagnostics, "unknown-key") && hasCode(p.Diagnostics, "param-range")
	})
}

// A client that watches files gets no rescans: its watcher reports changes.
func TestNoRescanWithWatcher(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{watch: true})
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	c.open(eval, readFile(t, eval))
	c.waitVersion(eval, 1)
	n := c.srv.rescans.count()
	if n != 0 {
		t.Errorf("stamps kept for %d workspaces of a client that watches files", n)
	}
}

// Completion looks for changed files too, for a client that cannot watch
// them: a rollout made on disk is offered without a save.
func TestRescanOnCompletion(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	e := c.edit(filepath.Join(root, "configs", "training", "fresh.toml"), "")
	e.complete("[experiment]\nrollout = \"|\"\n")
	writeFile(t, filepath.Join(root, "rollouts", "brand-new", "main.py"), "print('new')\n")
	deadline := time.Now().Add(waitFor)
	for !slices.Contains(labels(e.complete("[experiment]\nrollout = \"|\"\n")), "brand-new") {
		if time.Now().After(deadline) {
			t.Fatal("a rollout made on disk is never offered")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestWatchedDotenv checks that a change of the root .env, which the
// osmosis CLI loads before every command, refreshes env-platform-url on
// the open configs.
func TestWatchedDotenv(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{watch: true})
	eval := filepath.Join(root, "configs", "eval", "multiply-eval.toml")
	c.open(eval, readFile(t, eval))
	if p := c.waitVersion(eval, 1); hasCode(p.Diagnostics, "env-platform-url") {
		t.Fatalf("before the .env: %v", codes(p.Diagnostics))
	}
	env := filepath.Join(root, ".env")
	writeFile(t, env, "OSMOSIS_PLATFORM_URL=http://platform.example.com\n")
	c.watched(env, created)
	p := c.waitPub(eval, func(p publication) bool { return hasCode(p.Diagnostics, "env-platform-url") })
	if d := findCode(t, p.Diagnostics, "env-platform-url"); !strings.Contains(d.Message, ".env:1") || strings.Contains(d.Message, "example.com") {
		t.Errorf("message %q", d.Message)
	}
	writeFile(t, env, "OSMOSIS_PLATFORM_URL=https://platform.example.com\n")
	c.watched(env, changed)
	c.waitPub(eval, func(p publication) bool { return !hasCode(p.Diagnostics, "env-platform-url") })
}

// TestSavedListsSetting: the model-list and secret-list settings reach the
// server's rules, and an edit of a saved list is seen through the watched
// files.
func TestSavedListsSetting(t *testing.T) {
	root := newWorkspace(t, map[string]string{
		"pyproject.toml":     "[tool.osmosis-lint]\nmodel-list = \"lists/models.json\"\nsecret-list = \"lists/secrets.json\"\n",
		"lists/models.json":  `{"schema_version":1,"base_models":{"items":[{"model_name":"Org/Base-7B"}]},"lora_models":{"items":[]}}`,
		"lists/secrets.json": `{"schema_version":1,"items":[]}`,
	})
	c := start(t, root, caps{watch: true})
	train := filepath.Join(root, "configs", "training", "listed.toml")
	text := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = [\"WANDB_API_KEY\"]\n"
	writeFile(t, train, text)
	c.open(train, text)
	p := c.waitVersion(train, 1)
	if !hasCode(p.Diagnostics, "model-unknown") || !hasCode(p.Diagnostics, "run-secret-not-stored") {
		t.Fatalf("with the saved lists: %v", codes(p.Diagnostics))
	}
	writeFile(t, filepath.Join(root, "lists", "secrets.json"), `{"schema_version":1,"items":[{"name":"WANDB_API_KEY","scope":"personal"}]}`)
	c.watched(filepath.Join(root, "lists", "secrets.json"), changed)
	c.waitPub(train, func(p publication) bool { return !hasCode(p.Diagnostics, "run-secret-not-stored") })
	writeFile(t, filepath.Join(root, "lists", "models.json"), `{"schema_version":1,"items":[{"model_name":"Qwen/Qwen3.6-35B-A3B"}]}`)
	c.watched(filepath.Join(root, "lists", "models.json"), changed)
	c.waitPub(train, func(p publication) bool { return !hasCode(p.Diagnostics, "model-unknown") })
}
