package lint

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// The sync rules read a real repository: each case builds one with git (a
// test may run git; the product never does), with origin a GitHub URL and
// its remote-tracking refs laid down with `git update-ref`, so nothing goes
// over the network.

// syncConfig is the config the sync cases check, committed in the base
// repository; extra lines go at the end of [experiment].
func syncConfig(extra ...string) string {
	s := "[experiment]\nrollout = \"calc\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n"
	for _, e := range extra {
		s += e + "\n"
	}
	return s
}

// gitWS is a workspace repository under construction.
type gitWS struct {
	t    testing.TB
	root string
	// clock is the commit time of the next commit, so commits are ordered
	// as in real life.
	clock int
}

// newGitWS builds the base repository: branch main, one commit holding
// rollouts calc and other, a config, a README and a .gitignore; origin is
// https://github.com/acme/ws.git and origin/main (also origin/HEAD) is that
// commit, main's upstream.
func newGitWS(t testing.TB) *gitWS {
	t.Helper()
	gittest.Bin(t)
	g := &gitWS{t: t, root: filepath.Join(t.TempDir(), "ws"), clock: 1700000000}
	g.build()
	return g
}

// build lays down newGitWS's base repository at g.root.
func (g *gitWS) build() {
	g.t.Helper()
	t := g.t
	writeTree(t, g.root, tree{
		"rollouts/calc/main.py":        "print('calc')\n",
		"rollouts/calc/pyproject.toml": "[project]\nname = \"calc\"\ndependencies = [\"osmosis-ai\"]\n",
		"rollouts/calc/lib/util.py":    "X = 1\n",
		"rollouts/other/main.py":       "print('other')\n",
		"rollouts/my-agent/main.py":    "# agent\n",
		"rollouts/my-agent/run.sh":     "#!/bin/sh\n",
		"configs/training/run.toml":    syncConfig(),
		"configs/eval/.gitkeep":        "",
		"data/multiply.jsonl":          "{\"user_prompt\": \"1*2\", \"system_prompt\": \"s\", \"ground_truth\": \"2\"}\n",
		"README.md":                    "# ws\n",
		".gitignore":                   "*.log\n__pycache__/\n",
	})
	g.git("init", "-q", "-b", "main")
	g.commit("init")
	g.git("remote", "add", "origin", "https://github.com/acme/ws.git")
	g.push("main")
	g.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	g.git("config", "branch.main.remote", "origin")
	g.git("config", "branch.main.merge", "refs/heads/main")
}

// copyFor gives test t its own copy of the repository g, to change as it
// likes: the same bytes, modes and modification times (the index then
// matches the files just as in g, so nothing reads as modified that git
// would not call modified; git's inert sample hooks are left out), in a
// directory of t's. Building the base repository once per table and
// copying it spares each case the nine git processes of newGitWS.
func (g *gitWS) copyFor(t testing.TB) *gitWS {
	t.Helper()
	c := &gitWS{t: t, root: filepath.Join(t.TempDir(), "ws"), clock: g.clock}
	type stamp struct {
		path string
		time time.Time
	}
	var dirs []stamp
	err := filepath.WalkDir(g.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(g.root, path)
		if err != nil {
			return err
		}
		dst := filepath.Join(c.root, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			dirs = append(dirs, stamp{dst, info.ModTime()})
			return os.MkdirAll(dst, info.Mode().Perm())
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		case d.Type().IsRegular() && filepath.Dir(rel) == filepath.Join(".git", "hooks") && strings.HasSuffix(rel, ".sample"):
			return nil // git's sample hooks, a quarter of the files: git runs none of them
		case d.Type().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
				return err
			}
			return os.Chtimes(dst, info.ModTime(), info.ModTime())
		}
		return fmt.Errorf("%s: not a file, directory or link", path)
	})
	// directories last, deepest first: writing into one changes its time
	for i := len(dirs) - 1; err == nil && i >= 0; i-- {
		err = os.Chtimes(dirs[i].path, dirs[i].time, dirs[i].time)
	}
	if err != nil {
		t.Fatalf("copy the base repository: %v", err)
	}
	return c
}

// git runs git in the workspace and returns its trimmed output.
func (g *gitWS) git(args ...string) string {
	g.t.Helper()
	cmd := exec.Command(gittest.Bin(g.t), args...)
	cmd.Dir = g.root
	date := fmt.Sprintf("@%d +0000", g.clock)
	cmd.Env = append(gittest.Env(g.root), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// write writes workspace files (see tree).
func (g *gitWS) write(entries tree) { g.t.Helper(); writeTree(g.t, g.root, entries) }

// remove deletes a workspace file.
func (g *gitWS) remove(rel string) {
	g.t.Helper()
	if err := os.Remove(filepath.Join(g.root, filepath.FromSlash(rel))); err != nil {
		g.t.Fatal(err)
	}
}

// commit commits everything and returns the new commit's id.
func (g *gitWS) commit(msg string) string {
	g.t.Helper()
	g.git("add", "-A")
	g.git("commit", "-q", "--allow-empty", "-m", msg)
	g.clock += 60
	return g.git("rev-parse", "HEAD")
}

// push lays down origin/<branch> at the local branch, as a push and fetch
// would.
func (g *gitWS) push(branch string) {
	g.t.Helper()
	g.git("update-ref", "refs/remotes/origin/"+branch, "refs/heads/"+branch)
}

// check lints src as configs/training/run.toml of the workspace (the file
// on disk is left as committed) and returns the findings of rule.
func (g *gitWS) check(rule, src string) []Finding {
	g.t.Helper()
	snap, err := workspace.Load(g.root, workspace.Options{})
	if err != nil {
		g.t.Fatal(err)
	}
	abs := filepath.Join(g.root, "configs", "training", "run.toml")
	in := Input{Path: "configs/training/run.toml", Kind: "training", Env: NewEnv(snap, abs)}
	var out []Finding
	for _, f := range Check([]byte(src), in) {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}

// syncCase is one scenario of a sync rule: a change to the base
// repository, the config, and the findings of the rule (formatFinding) with
// substrings of their messages.
type syncCase struct {
	name  string
	setup func(g *gitWS)
	src   string
	// srcFn, when set, makes the config after setup (to name its commits).
	srcFn func(g *gitWS) string
	want  []string
	msg   []string
}

func runSyncCases(t *testing.T, rule string, cases []syncCase) {
	t.Helper()
	r, ok := Lookup(rule)
	if !ok {
		t.Fatalf("no rule %q", rule)
	}
	fires, quiet := false, false
	for _, c := range cases {
		fires = fires || len(c.want) > 0
		quiet = quiet || len(c.want) == 0
	}
	if !fires || !quiet {
		t.Errorf("%s: the table needs a case that fires and a case that stays quiet", rule)
	}
	base := newGitWS(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := base.copyFor(t)
			if c.setup != nil {
				c.setup(g)
			}
			src := c.src
			if c.srcFn != nil {
				src = c.srcFn(g)
			}
			if src == "" {
				src = syncConfig()
			}
			fs := g.check(rule, src)
			var got []string
			for _, f := range fs {
				got = append(got, formatFinding(f))
				checkFixable(t, f)
				if f.Severity != r.Severity || f.Stage != r.Stage {
					t.Errorf("%s: severity %s stage %s, the catalog says %s %s", formatFinding(f), f.Severity, f.Stage, r.Severity, r.Stage)
				}
			}
			if d := diffLines(c.want, got); d != "" {
				t.Fatalf("findings of %s differ (-want +got):\n%s\nmessages:\n%s", rule, d, describeFindings(fs))
			}
			var msgs []string
			for _, f := range fs {
				msgs = append(msgs, f.Message)
			}
			for _, sub := range c.msg {
				if !strings.Contains(strings.Join(msgs, "\n"), sub) {
					t.Errorf("messages %q do not contain %q", msgs, sub)
				}
			}
		})
	}
}

// TestSyncCICheckouts: checkouts as CI makes them (a detached HEAD at a
// pull request's commit, shallow or with full history) give no sync
// warning for a config that is right, and only true ones for one that is
// not.
func TestSyncCICheckouts(t *testing.T) {
	g := newGitWS(t)
	g.git("checkout", "-q", "-b", "feature")
	g.write(tree{"rollouts/calc/main.py": "print('feature')\n"})
	g.commit("calc: feature")
	g.push("feature")
	g.git("checkout", "-q", "main")
	// origin as a local path for the clones; the clones then name GitHub
	origin := g.root
	for _, depth := range []string{"--depth=1", "--no-single-branch"} {
		t.Run(depth, func(t *testing.T) {
			ci := &gitWS{t: t, root: filepath.Join(t.TempDir(), "ci"), clock: g.clock}
			ci.t = t
			cmd := exec.Command(gittest.Bin(t), "clone", "-q", depth, "--branch", "feature", "file://"+origin, ci.root)
			cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("clone: %v\n%s", err, out)
			}
			ci.git("remote", "set-url", "origin", "https://github.com/acme/ws.git")
			ci.git("checkout", "-q", "--detach")
			for _, src := range []string{
				syncConfig(),
				syncConfig(`branch = "feature"`),
				syncConfig(`branch = "main"`),
				syncConfig(`commit_sha = "` + ci.git("rev-parse", "HEAD") + `"`),
				syncConfig(`commit_sha = "` + ci.git("rev-parse", "--short=8", "HEAD") + `"`),
			} {
				for _, r := range Rules() {
					if r.Stage != StageSync || r.Doctor {
						continue
					}
					if fs := ci.check(r.ID, src); len(fs) > 0 {
						t.Errorf("%s: false %s: %s\n%s", depth, r.ID, fs[0].Message, src)
					}
				}
			}
			// a real problem is still found where history is complete
			if depth != "--depth=1" {
				if fs := ci.check(RuleBranchNotOnOrigin, syncConfig(`branch = "nope"`)); len(fs) != 1 {
					t.Errorf("full clone, branch nope: %s", describeFindings(fs))
				}
			}
			if fs := ci.check(RuleBranchNotOnOrigin, syncConfig(`branch = "nope"`)); depth == "--depth=1" && len(fs) != 0 {
				t.Errorf("shallow clone: nothing is known of origin's other branches: %s", describeFindings(fs))
			}
		})
	}
}
