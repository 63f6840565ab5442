package workspace

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// step is one file-system edit and the change events a watcher would send.
type step struct {
	name    string
	edit    func(t *testing.T, root, home string)
	changes func(root, home string) []Change
	// shared lists parts that must be the very same after Apply.
	shared []string
}

func write(rel, content string) func(*testing.T, string, string) {
	return func(t *testing.T, root, _ string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func remove(rel string) func(*testing.T, string, string) {
	return func(t *testing.T, root, _ string) {
		if err := os.RemoveAll(filepath.Join(root, rel)); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(target, rel string) func(*testing.T, string, string) {
	return func(t *testing.T, root, _ string) {
		p := filepath.Join(root, rel)
		os.Remove(p)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
}

func rel(paths ...string) func(string, string) []Change {
	return func(string, string) []Change {
		var out []Change
		for _, p := range paths {
			out = append(out, Change{Path: p})
		}
		return out
	}
}

func abs(paths ...string) func(string, string) []Change {
	return func(root, _ string) []Change {
		var out []Change
		for _, p := range paths {
			out = append(out, Change{Path: filepath.Join(root, p), Kind: Created})
		}
		return out
	}
}

// parts returns the snapshot's part pointers by name, to check sharing.
func parts(s *Snapshot) map[string]any {
	return map[string]any{
		"git": s.git, "scaffold": s.scaffold, "rollouts": s.rollouts, "data": s.data, "configs": s.configs,
		"settings": s.settings, "list": s.list, "cache": s.cache, "datasets": s.datasets, "models": s.models,
		"env": s.env, "skills": s.skills,
	}
}

var allButRolloutsScaffold = []string{"git", "data", "configs", "settings", "list", "cache", "datasets", "models", "env", "skills"}

// TestApplyMatchesLoad applies one edit at a time to the rich workspace
// and checks that the updated snapshot reads exactly like a fresh Load,
// that the previous snapshot did not change, and that untouched parts are
// shared.
func TestApplyMatchesLoad(t *testing.T) {
	steps := []step{
		{"new file in a rollout", write("rollouts/demo/tools/helper.py", ""), abs("rollouts/demo/tools/helper.py"),
			[]string{"git", "scaffold", "data", "configs", "settings", "list", "cache", "datasets", "models", "env", "skills"}},
		{"new rollout", write("rollouts/fresh/main.py", ""), rel("rollouts/fresh", "rollouts/fresh/main.py"), allButRolloutsScaffold},
		{"rollout removed", remove("rollouts/other"), rel("rollouts/other"), allButRolloutsScaffold},
		{"rollout symlink retargeted", symlink("fresh", "rollouts/alias"), rel("rollouts/alias"), allButRolloutsScaffold},
		{"hidden rollout ignored", write("rollouts/.tmp/x.py", ""), rel("rollouts/.tmp/x.py"), nil},
		{"rollouts dir replaced", func(t *testing.T, root, home string) {
			remove("rollouts")(t, root, home)
			write("rollouts/only/main.py", "")(t, root, home)
		}, rel("rollouts"), nil},
		{"config added", write("configs/eval/new.toml", ""), abs("configs/eval/new.toml"),
			[]string{"git", "rollouts", "data", "settings", "list", "cache", "datasets", "models", "env", "skills"}},
		{"config edited", write("configs/eval/new.toml", "[experiment]\n"), rel("configs/eval/new.toml"), nil},
		{"config dir added", func(t *testing.T, root, home string) {
			write("configs/training/batch/a.toml", "")(t, root, home)
			write("configs/training/batch/b.toml", "")(t, root, home)
		}, rel("configs/training/batch"), nil},
		{"config dir removed", remove("configs/training/nested"), rel("configs/training/nested"), nil},
		{"config symlink added", symlink("../eval/e.toml", "configs/training/link2.toml"), rel("configs/training/link2.toml"), nil},
		{"config in hidden dir", write("configs/eval/.drafts/x.toml", ""), rel("configs/eval/.drafts/x.toml"), nil},
		{"kind dir becomes a symlink", func(t *testing.T, root, home string) {
			write("shared/bench/z.toml", "")(t, root, home)
			remove("configs/benchmark")(t, root, home)
			symlink("../shared/bench", "configs/benchmark")(t, root, home)
		}, rel("configs/benchmark"), nil},
		{"change behind a linked kind dir", write("shared/bench/y.toml", ""), rel("shared/bench/y.toml"), nil},
		{"data file added", write("data/extra.parquet", "PAR1"), rel("data/extra.parquet"),
			[]string{"git", "rollouts", "configs", "settings", "list", "cache", "models", "env", "skills"}},
		// the exclude setting goes away: the config listing is read again
		{"settings changed", write("pyproject.toml", "[tool.osmosis-lint]\nmodels = [\"New/Model\"]\nseverity = { x = \"bad\" }\n"), rel("pyproject.toml"),
			[]string{"git", "rollouts", "data", "cache", "env", "skills"}},
		{"settings changed, exclude kept", write("pyproject.toml", "[tool.osmosis-lint]\nmodels = [\"Other/Model\"]\nseverity = { x = \"bad\" }\n"), rel("pyproject.toml"),
			[]string{"git", "rollouts", "data", "configs", "cache", "env", "skills"}},
		{"datasets setting back", write("pyproject.toml", "[tool.osmosis-lint]\ndatasets = \"datasets.json\"\n"), rel("pyproject.toml"), nil},
		{"dataset list edited", write("datasets.json", `{"items":[{"file_name":"only","status":"uploaded"}]}`), rel("datasets.json"),
			[]string{"git", "rollouts", "data", "configs", "settings", "cache", "models", "env", "skills"}},
		{"dataset list broken", write("datasets.json", `{"items":`), rel("datasets.json"), nil},
		{"cache entry added", func(t *testing.T, root, home string) {
			write("ds_9/metadata.json", `{"dataset_name":"new-cache"}`)(t, filepath.Join(home, ".cache/osmosis/datasets"), home)
		}, func(_, home string) []Change {
			return []Change{{Path: filepath.Join(home, ".cache/osmosis/datasets/ds_9/metadata.json")}}
		}, []string{"git", "rollouts", "data", "configs", "settings", "list", "models", "env", "skills"}},
		{"gitignore edited", write(".gitignore", "*\n"), rel(".gitignore"),
			[]string{"git", "rollouts", "data", "configs", "settings", "list", "cache", "datasets", "models", "skills"}},
		{"env file added", write(".env.new", "X=1\n"), rel(".env.new"), nil},
		{"git config edited", write(".git/config", "[remote \"origin\"]\nurl = git@github.com:New/Repo.git\n"), rel(".git/config"), nil},
		{"git index replaced", write(".git/index", string(indexBytes(2, ".env"))), abs(".git/index"), nil},
		{"skill added", write(".agents/skills/new-skill/SKILL.md", "---\nname: new-skill\ndescription: d\n---\n"), rel(".agents/skills/new-skill/SKILL.md"), nil},
		{"skill link added", symlink("../../.agents/skills/new-skill", ".claude/skills/new-skill"), rel(".claude/skills/new-skill"), nil},
		{"agent file removed", remove("CLAUDE.md"), rel("CLAUDE.md"), nil},
		{"required dir removed", remove("data"), rel("data"), nil},
		{"root itself", func(*testing.T, string, string) {}, rel("."), nil},
		{"several at once", func(t *testing.T, root, home string) {
			write("rollouts/only/extra.py", "")(t, root, home)
			write("configs/eval/more.toml", "")(t, root, home)
			write("AGENTS.md", "changed")(t, root, home)
		}, rel("rollouts/only/extra.py", "configs/eval/more.toml", "AGENTS.md", "/elsewhere/ignored.txt", "../outside"), nil},
	}
	root, home := richWorkspace(t)
	opts := Options{Home: home}
	ph := map[string]string{root: "$ROOT", home: "$HOME"}
	s := mustLoad(t, root, opts)
	for i, st := range steps {
		before := dump(s, ph)
		st.edit(t, root, home)
		next := s.Apply(st.changes(root, home))
		if got := dump(s, ph); got != before {
			t.Fatalf("%s: the old snapshot changed", st.name)
		}
		want := dump(mustLoad(t, root, opts), ph)
		if got := dump(next, ph); got != want {
			t.Fatalf("%s: Apply differs from Load:\n--- Load\n%s\n--- Apply\n%s", st.name, want, got)
		}
		if next.Generation() != uint64(i+1) {
			t.Fatalf("%s: generation %d", st.name, next.Generation())
		}
		old, cur := parts(s), parts(next)
		for _, name := range st.shared {
			if old[name] != cur[name] {
				t.Errorf("%s: part %s was rebuilt", st.name, name)
			}
		}
		s = next
	}
	if s.Apply(nil) != s {
		t.Fatal("Apply(nil) made a new snapshot")
	}
}

// TestApplyRolloutSharing: re-listing one rollout keeps the others' data.
func TestApplyRolloutSharing(t *testing.T) {
	root := newWorkspace(t, files{"rollouts/a/main.py": "", "rollouts/b/main.py": "", "rollouts/c": "->a"})
	s := mustLoad(t, root, Options{})
	write("rollouts/a/new.py", "")(t, root, "")
	n := s.Apply([]Change{{Path: "rollouts/a/new.py", Kind: Created}})
	if n.rollouts.byName["b"] != s.rollouts.byName["b"] {
		t.Fatal("rollout b re-listed")
	}
	if n.rollouts.byName["a"] == s.rollouts.byName["a"] || n.rollouts.byName["c"] == s.rollouts.byName["c"] {
		t.Fatal("rollout a or its alias c not re-listed")
	}
	if c, _ := n.Rollout("c"); len(c.PyFiles) != 2 {
		t.Fatalf("alias c: %+v", c)
	}
}

// TestApplyConcurrentReaders reads snapshots while successors are built;
// run with -race.
func TestApplyConcurrentReaders(t *testing.T) {
	root, home := richWorkspace(t)
	s := mustLoad(t, root, Options{Home: home})
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				dump(s, nil)
				s.ResolveRolloutPath("demo", "main.py")
				s.ConfigKind("configs/eval/e.toml")
			}
		}()
	}
	cur := s
	for i := 0; i < 50; i++ {
		write("rollouts/demo/gen.py", "")(t, root, home)
		cur = cur.Apply([]Change{{Path: "rollouts/demo/gen.py"}, {Path: "configs/eval/e.toml"}, {Path: "pyproject.toml"}, {Path: "data/x.csv"}})
		dump(cur, nil)
	}
	close(stop)
	wg.Wait()
}

// TestApplyUnrelated: changes nothing in the model reads keep the snapshot.
func TestApplyUnrelated(t *testing.T) {
	root := newWorkspace(t, fullScaffold())
	s := mustLoad(t, root, Options{})
	for _, p := range []string{"docs/readme.md", "README.md", "src/x.py", "/somewhere/else", "../sibling/file", "configs"} {
		n := s.Apply([]Change{{Path: p}})
		if p == "configs" {
			if n == s {
				t.Errorf("%s: kept the snapshot", p)
			}
			continue
		}
		if n != s {
			t.Errorf("%s: made a new snapshot", p)
		}
	}
}

// TestApplyRandomEdits applies a seeded random series of creations,
// deletions and symlinks, reporting each created or deleted path the way
// a watcher does, and checks Apply against a fresh Load after every step.
func TestApplyRandomEdits(t *testing.T) {
	root, home := richWorkspace(t)
	opts := Options{Home: home}
	ph := map[string]string{root: "$ROOT", home: "$HOME"}
	rng := rand.New(rand.NewPCG(randomEditsSeed(), 2))
	dirs := []string{"rollouts", "rollouts/demo", "rollouts/other", "rollouts/new", "rollouts/demo/pkg", "configs", "configs/training",
		"configs/eval", "configs/benchmark", "configs/training/nested", "configs/eval/.hidden", "data", ".agents/skills/s1",
		".claude/skills", "shared", "."}
	names := []string{"a.toml", "b.py", "main.py", "x.jsonl", "y.csv", ".env.z", "SKILL.md", "sub", "pyproject.toml", "AGENTS.md"}
	s := mustLoad(t, root, opts)
	steps := 150
	if testing.Short() {
		steps = 30
	}
	for i := 0; i < steps; i++ {
		dir := dirs[rng.IntN(len(dirs))]
		name := names[rng.IntN(len(names))]
		p := filepath.ToSlash(filepath.Join(dir, name))
		abs := filepath.Join(root, p)
		var changes []Change
		var what string
		switch op := rng.IntN(4); {
		case op == 0:
			// Delete the path or its directory.
			if rng.IntN(2) == 0 {
				p = dir
				abs = filepath.Join(root, dir)
			}
			if p == "." {
				continue
			}
			what = "delete " + p
			os.RemoveAll(abs)
			changes = append(changes, Change{Path: p, Kind: Deleted})
		case op == 1:
			// Symlink to another place in the workspace (or out of it).
			targets := []string{"../demo", "../../shared", "../../..", "main.py", "../eval", "nowhere"}
			target := targets[rng.IntN(len(targets))]
			what = "link " + p + " -> " + target
			changes = createdParents(root, abs)
			os.MkdirAll(filepath.Dir(abs), 0o755)
			os.RemoveAll(abs)
			if os.Symlink(target, abs) != nil {
				continue
			}
			changes = append(changes, Change{Path: p, Kind: Created})
		default:
			what = "write " + p
			// Writing through a symlink changes its target: a watcher reports
			// that path. Targets outside the workspace are not watched, so
			// those writes are left out.
			r := s.Resolve(p)
			if !r.Inside || r.Loop {
				continue
			}
			changes = createdParents(root, abs)
			if r.Symlinked {
				changes = append(changes, createdParents(root, filepath.Join(root, r.Path))...)
			}
			os.MkdirAll(filepath.Dir(abs), 0o755)
			if os.WriteFile(abs, []byte("x = 1\n"), 0o644) != nil {
				continue
			}
			changes = append(changes, Change{Path: abs, Kind: Created}, Change{Path: r.Path, Kind: Created})
		}
		if os.Getenv("OSMOSIS_LINT_APPLY_TRACE") != "" {
			t.Logf("step %d: %s %v", i, what, changes)
		}
		next := s.Apply(changes)
		want := dump(mustLoad(t, root, opts), ph)
		if got := dump(next, ph); got != want {
			t.Fatalf("step %d (%s): Apply differs from Load:\n--- Load\n%s\n--- Apply\n%s", i, what, want, got)
		}
		s = next
	}
}

// randomEditsSeed is 1, or OSMOSIS_LINT_APPLY_SEED to explore other series.
func randomEditsSeed() uint64 {
	if v, err := strconv.ParseUint(os.Getenv("OSMOSIS_LINT_APPLY_SEED"), 10, 64); err == nil {
		return v
	}
	return 1
}

// createdParents lists, as Created changes, the directories above abs
// (inside root) that do not exist yet.
func createdParents(root, abs string) []Change {
	var out []Change
	for d := filepath.Dir(abs); d != root && len(d) > len(root); d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err != nil {
			out = append([]Change{{Path: d, Kind: Created}}, out...)
		}
	}
	return out
}
