package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// conformanceCases are the configs of the conformance suite: a corpus of
// real mistakes for the code action tests.
func conformanceCases(t testing.TB) []struct {
	ID, Kind, TOML string
} {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "lint", "testdata", "conformance", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		ID, Kind, TOML string
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// pull returns the diagnostics of an open document.
func (e *editor) pull() []diagnostic {
	e.c.t.Helper()
	var rep fullReport
	e.c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(e.path)}, &rep)
	return rep.Items
}

func (e *editor) actions(r rng, diags []diagnostic, only ...string) []codeAction {
	e.c.t.Helper()
	ctx := map[string]any{"diagnostics": diags}
	if len(only) > 0 {
		ctx["only"] = only
	}
	var out []codeAction
	e.c.mustCall("textDocument/codeAction", map[string]any{"textDocument": textDoc(e.path), "range": r, "context": ctx}, &out)
	return out
}

// whole is the range of the whole text.
func (e *editor) whole() rng {
	end := posOf(e.c.t, e.text+"\x00", "\x00", 0, e.utf16)
	return rng{End: end}
}

// applyAction applies a code action's edit to the document's text.
func (e *editor) applyAction(a codeAction) string {
	e.c.t.Helper()
	if a.Edit == nil {
		e.c.t.Fatalf("action %q has no edit", a.Title)
	}
	for u := range a.Edit.Changes {
		if u != docURI(e.path) {
			e.c.t.Fatalf("action %q edits %s, not the document", a.Title, u)
		}
	}
	return applyEdits(e.c.t, e.text, a.Edit.Changes[docURI(e.path)], e.utf16)
}

func sameFinding(a, b diagnostic) bool { return a.Code == b.Code && a.Message == b.Message }

func countFinding(ds []diagnostic, d diagnostic) int {
	n := 0
	for _, x := range ds {
		if sameFinding(x, d) {
			n++
		}
	}
	return n
}

// Every quick fix of every finding of the conformance configs removes the
// finding it fixes, and "ignore on this line" silences it without an
// unused suppression.
func TestEveryFix(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, nil)
	c := start(t, root, caps{pull: true})
	fixes, ignores := 0, 0
	for _, cc := range conformanceCases(t) {
		path := filepath.Join(root, "configs", cc.Kind, cc.ID+".toml")
		e := c.edit(path, cc.TOML)
		diags := e.pull()
		var safe []diagnostic // findings with a preferred (safe) fix
		for _, d := range diags {
			actions := e.actions(d.Range, []diagnostic{d})
			for _, a := range actions {
				if a.Kind != "quickfix" || len(a.Diagnostics) != 1 || !sameFinding(a.Diagnostics[0], d) {
					continue
				}
				if a.IsPreferred {
					safe = append(safe, d)
				}
				e.set(e.applyAction(a))
				after := e.pull()
				name := fmt.Sprintf("%s: %s: %q", cc.ID, d.Code, a.Title)
				if countFinding(after, d) >= countFinding(diags, d) {
					t.Errorf("%s: the finding is still there:\n%s", name, e.text)
				}
				if hasCode(after, "toml-syntax") && !hasCode(diags, "toml-syntax") {
					t.Errorf("%s: the fix broke the TOML:\n%s", name, e.text)
				}
				if strings.HasPrefix(a.Title, "Ignore ") {
					ignores++
					if hasCode(after, "unused-suppression") {
						t.Errorf("%s: the suppression is reported unused:\n%s", name, e.text)
					}
				} else {
					fixes++
				}
				e.set(cc.TOML)
			}
		}
		// fix all: the safe fixes at once, never a broken file
		all := e.actions(rng{}, nil, "source.fixAll")
		if len(safe) > 0 && len(all) != 1 {
			t.Errorf("%s: %d fix-all actions for %d safe fixes", cc.ID, len(all), len(safe))
		}
		for _, a := range all {
			if a.Kind != "source.fixAll" {
				t.Errorf("%s: %q of kind %q for only=source.fixAll", cc.ID, a.Title, a.Kind)
				continue
			}
			e.set(e.applyAction(a))
			after := e.pull()
			if hasCode(after, "toml-syntax") && !hasCode(diags, "toml-syntax") {
				t.Errorf("%s: fix all broke the TOML:\n%s", cc.ID, e.text)
			}
			for _, d := range safe {
				if countFinding(after, d) >= countFinding(diags, d) {
					t.Errorf("%s: fix all left %s: %s", cc.ID, d.Code, d.Message)
				}
			}
			// the fixer runs to a fixed point, as --fix does: nothing is
			// left for a second fix all
			if again := e.actions(rng{}, nil, "source.fixAll"); len(again) > 0 {
				t.Errorf("%s: fix all offered again after fix all:\n%s", cc.ID, e.text)
			}
			e.set(cc.TOML)
		}
		c.notify("textDocument/didClose", map[string]any{"textDocument": textDoc(path)})
	}
	t.Logf("%d fixes and %d ignores applied", fixes, ignores)
	if fixes < 20 || ignores < 20 {
		t.Errorf("only %d fixes and %d ignores: the corpus has more", fixes, ignores)
	}
}

func TestCodeActions(t *testing.T) {
	root := newWorkspace(t, nil)
	c := start(t, root, caps{pull: true})
	path := filepath.Join(root, "configs", "training", "multiply-long.toml")
	e := c.edit(path, readFile(t, path))
	diags := e.pull()

	// the actions of the unknown key: rename (did you mean), remove; no
	// ignore, since a comment cannot silence a submit error
	d := findCode(t, diags, "unknown-key")
	var titles []string
	for _, a := range e.actions(d.Range, []diagnostic{d}) {
		titles = append(titles, a.Title)
		if len(a.Diagnostics) != 1 || a.Diagnostics[0].Code != "unknown-key" {
			t.Errorf("%q is not tied to its diagnostic: %v", a.Title, a.Diagnostics)
		}
		// an unsafe rename and a display-only removal (it loses the
		// value) are offered for the user to choose, never preferred
		if a.IsPreferred {
			t.Errorf("%q is preferred", a.Title)
		}
	}
	want := []string{"Rename to `n_samples_per_prompt`", "Remove `n_sample_per_prompt`"}
	if !slices.Equal(titles, want) {
		t.Errorf("actions %q, want %q", titles, want)
	}

	// the dataset path: the name is the preferred fix
	d = findCode(t, diags, "dataset-is-path")
	acts := e.actions(d.Range, []diagnostic{d})
	if len(acts) == 0 || !acts[0].IsPreferred || acts[0].Title != `Use the dataset name "multiply"` {
		t.Fatalf("dataset-is-path actions: %+v", acts)
	}
	if got := e.applyAction(acts[0]); !strings.Contains(got, "dataset = \"multiply\"\n") {
		t.Errorf("applied:\n%s", got)
	}

	// actions only for findings in the range; none on a clean line
	if acts := e.actions(span(0, 0, 0, 5), nil); len(acts) != 0 {
		t.Errorf("actions on the comment line: %+v", acts)
	}
	// only=quickfix leaves out fix all; only=source.fixAll leaves out quick fixes
	for _, a := range e.actions(e.whole(), nil, "quickfix") {
		if a.Kind != "quickfix" {
			t.Errorf("only quickfix: got %q (%s)", a.Title, a.Kind)
		}
	}
	all := e.actions(rng{}, nil, "source")
	if len(all) != 1 || all[0].Kind != "source.fixAll" {
		t.Fatalf("only source: %+v", all)
	}
	fixed := e.applyAction(all[0])
	if !strings.Contains(fixed, "dataset = \"multiply\"") || !strings.Contains(fixed, "n_sample_per_prompt") {
		t.Errorf("fix all applies the safe fixes only:\n%s", fixed)
	}
	// the edits touch the lines that change, not the whole document
	for _, edits := range all[0].Edit.Changes {
		for _, te := range edits {
			if te.Range.Start.Line == 0 && te.Range.Start.Character == 0 && int(te.Range.End.Line) >= strings.Count(e.text, "\n") {
				t.Errorf("fix all replaces the whole document: %+v", te.Range)
			}
		}
	}

	// ignore on a line with a comment puts the directive above; on a line
	// with a directive it joins it
	e.set("[experiment] # the run\nrollout = \"x/y\"  # osmosis-lint: ignore[rollout-not-found]\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n[secrets]\nrequired = []\n[training]\nlerning_rate = 1 # typo\n")
	diags = e.pull()
	for _, code := range []string{"rollout-name", "unknown-key"} {
		d := findCode(t, diags, code)
		for _, a := range e.actions(d.Range, []diagnostic{d}) {
			if !strings.HasPrefix(a.Title, "Ignore") {
				continue
			}
			text := e.applyAction(a)
			switch code {
			case "rollout-name":
				if !strings.Contains(text, "# osmosis-lint: ignore[rollout-not-found, rollout-name]") {
					t.Errorf("ignore joins the directive:\n%s", text)
				}
			case "unknown-key":
				if !strings.Contains(text, "# osmosis-lint: ignore[unknown-key]\nlerning_rate = 1 # typo") {
					t.Errorf("ignore above a commented line:\n%s", text)
				}
			}
		}
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}
