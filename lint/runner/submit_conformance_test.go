package runner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// submitCase is a workspace with the osmosis CLI's verdict on submitting
// one config from it, recorded by testdata/submit/oracle.py, which builds
// the workspaces and runs the CLI's own pre-network functions on each (the
// root callback's .env step, the workspace and origin context, the config
// path and loaders, and the rollout backend preflight).
type submitCase struct {
	ID     string            `json:"id"`
	Name   string            `json:"name"`
	Family string            `json:"family"`
	Tree   map[string]string `json:"tree"`
	Config string            `json:"config"`
	// Cwd is where the CLI runs, relative to the workspace root.
	Cwd string `json:"cwd"`
	// WorkspaceFlag passes the CLI's directory as --workspace: the config is
	// submitted from a root other than the one around it.
	WorkspaceFlag bool   `json:"workspace_flag"`
	Accepted      bool   `json:"accepted"`
	RefusedAt     string `json:"refused_at"`
}

// deliberate lists the cases where osmosis-lint's submit verdict differs
// from the CLI's on purpose, with the reason.
var deliberate = map[string]string{
	"deps-missing-entrypoint-missing":     depsSkip,
	"deps-missing-entrypoint-dir":         depsSkip,
	"deps-cli-version-entrypoint-missing": depsSkip,
	"link-rollouts-out-missing":           "rollouts/ links outside the workspace, where the CLI finds no rollout and refuses; osmosis-lint reads nothing outside the workspace, and reports the link at stage platform (workspace-link-out), since the platform's clone cannot follow it either",
	"env-link-out":                        outsideEnv + "; a root .env that is such a link gets an env-link-out warning (stage submit) on each config, saying the CLI loads a file osmosis-lint cannot check",
	"env-above":                           outsideEnv,
	"git-dotgit-empty":                    "a .git directory git does not take for a repository (no HEAD, objects/ or refs/): git looks above the workspace, which osmosis-lint does not read, so workspace-git says nothing (hand-made fixtures have such a .git)",
}

const (
	depsSkip   = "the CLI's environment lacks a dependency the rollout declares (numpy, or an osmosis-ai version it is not), so it skips loading the entrypoint and the platform refuses it after installing them; which environment the CLI runs in is not known here, so the entrypoint finding stays a submit error, and its message says which side refuses it when"
	outsideEnv = "the CLI loads the nearest .env from its directory upwards, through symlinks and above the workspace; osmosis-lint reads only the workspace root's own .env, nothing outside the workspace"
)

func TestSubmitConformance(t *testing.T) {
	data, err := os.ReadFile("testdata/submit/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []submitCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 60 {
		t.Fatalf("%d cases, want at least 60", len(cases))
	}
	agree, rejected := 0, 0
	families := map[string]bool{}
	used := map[string]bool{}
	var mu sync.Mutex // agree and used, counted by the parallel cases
	// the cases run in parallel (each in a workspace of its own); the group
	// ends when they all have
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			families[c.Family] = true
			if !c.Accepted {
				rejected++
			}
			t.Run(c.ID, func(t *testing.T) {
				t.Parallel()
				submitCaseVerdict(t, c, &mu, &agree, used)
			})
		}
	})
	t.Logf("%d of %d cases agree with the osmosis CLI; %d deliberate differences", agree, len(cases), len(used))
	for id := range deliberate {
		if !used[id] && !t.Failed() {
			found := false
			for _, c := range cases {
				found = found || c.ID == id
			}
			if !found {
				t.Errorf("deliberate difference %s names no case", id)
			}
		}
	}
	if rejected == 0 || rejected == len(cases) {
		t.Errorf("%d of %d cases rejected: the corpus needs both verdicts", rejected, len(cases))
	}
	for _, f := range []string{"origin", "env", "git", "pyproject", "link", "deps"} {
		if !families[f] {
			t.Errorf("no case of family %s", f)
		}
	}
}

// submitCaseVerdict compares case c's submit verdict with the CLI's,
// counting an agreement in agree and a deliberate difference in used
// (both under mu).
func submitCaseVerdict(t *testing.T, c submitCase, mu *sync.Mutex, agree *int, used map[string]bool) {
	submit, all := submitVerdict(t, c)
	reason, known := deliberate[c.ID]
	mu.Lock()
	defer mu.Unlock()
	switch {
	case (len(submit) == 0) == c.Accepted:
		*agree++
		if known {
			t.Errorf("listed as a deliberate difference, but agrees: %s", reason)
		}
	case known:
		used[c.ID] = true
		t.Logf("deliberate difference: %s", reason)
	case c.Accepted:
		t.Errorf("%s: the CLI accepts it, but we report submit errors:%s", c.Name, all)
	default:
		t.Errorf("%s: the CLI refuses it (at %s), but we report no submit error:%s", c.Name, c.RefusedAt, all)
	}
}

// submitVerdict builds a case's workspace, checks its config as the
// command line does from the CLI's directory, and returns the submit-stage
// errors, and all findings described.
func submitVerdict(t *testing.T, c submitCase) ([]lint.Finding, string) {
	base := t.TempDir()
	root := filepath.Join(base, "ws")
	tree(t, root, c.Tree)
	cwd := filepath.Join(root, filepath.FromSlash(c.Cwd))
	rel, err := filepath.Rel(cwd, filepath.Join(root, filepath.FromSlash(c.Config)))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Dir: cwd}
	if c.WorkspaceFlag {
		opts.Root = cwd
	}
	res, err := Run([]string{rel}, opts)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	var submit []lint.Finding
	var b strings.Builder
	for _, r := range res.Files {
		for _, f := range r.Findings {
			b.WriteString("\n    " + f.Rule + " [" + string(f.Stage) + " " + string(f.Severity) + "] " + f.Message)
			if f.Stage == lint.StageSubmit && f.Severity == lint.Error {
				submit = append(submit, f)
			}
		}
	}
	if b.Len() == 0 {
		b.WriteString(" (no findings)")
	}
	return submit, b.String()
}
