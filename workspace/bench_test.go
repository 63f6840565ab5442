package workspace

import (
	"fmt"
	"path/filepath"
	"testing"
)

// benchWorkspace is a large workspace: 1,000 configs across the three
// kinds and 200 rollouts of 6 files each (plus a virtual environment per
// rollout that the listing must skip).
func benchWorkspace(b *testing.B) string {
	b.Helper()
	tree := fullScaffold()
	kinds := []string{"training", "eval", "benchmark"}
	for i := 0; i < 1000; i++ {
		tree[fmt.Sprintf("configs/%s/group-%02d/run-%04d.toml", kinds[i%3], i%20, i)] = "[experiment]\n"
	}
	for i := 0; i < 200; i++ {
		r := fmt.Sprintf("rollouts/rollout-%03d/", i)
		for _, f := range []string{"main.py", "pyproject.toml", "README.md", "pkg/__init__.py", "pkg/agent.py", "pkg/grader.py"} {
			tree[r+f] = ""
		}
		for j := 0; j < 10; j++ {
			tree[fmt.Sprintf("%s.venv/lib/python3.12/site-packages/m%d.py", r, j)] = ""
		}
	}
	for i := 0; i < 20; i++ {
		tree[fmt.Sprintf("data/set-%02d.jsonl", i)] = "{}\n"
	}
	tree["pyproject.toml"] = "[tool.osmosis-lint]\nignore = [\"a\"]\nexclude = [\"configs/**/old/**\"]\n"
	tree[".gitignore"] = ".env*\n"
	tree[".env"] = "A=1\n"
	return newWorkspace(b, tree)
}

func BenchmarkLoad(b *testing.B) {
	root := benchWorkspace(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s, err := Load(root, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Configs()) != 1000 || len(s.Rollouts()) != 200 {
			b.Fatalf("%d configs, %d rollouts", len(s.Configs()), len(s.Rollouts()))
		}
	}
}

func BenchmarkApply(b *testing.B) {
	root := benchWorkspace(b)
	s := mustLoad(b, root, Options{})
	cases := []struct {
		name    string
		changes []Change
	}{
		{"rollout-file", []Change{{Path: filepath.Join(root, "rollouts/rollout-100/pkg/agent.py"), Kind: Changed}}},
		{"config-file", []Change{{Path: "configs/eval/group-03/run-0004.toml", Kind: Created}}},
		{"config-dir", []Change{{Path: "configs/eval/group-03", Kind: Created}}},
		{"data-file", []Change{{Path: "data/set-01.jsonl"}}},
		{"settings", []Change{{Path: "pyproject.toml"}}},
		{"env-file", []Change{{Path: ".env"}}},
		{"unrelated", []Change{{Path: "docs/readme.md"}}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.Apply(tc.changes)
			}
		})
	}
}

func BenchmarkResolveRolloutPath(b *testing.B) {
	root := benchWorkspace(b)
	s := mustLoad(b, root, Options{})
	b.ReportAllocs()
	for b.Loop() {
		rp := s.ResolveRolloutPath("rollout-042", "pkg/agent.py")
		if !rp.EntryContained || !rp.Entry.IsRegular {
			b.Fatal(rp)
		}
	}
}

func BenchmarkConfigKind(b *testing.B) {
	root := benchWorkspace(b)
	s := mustLoad(b, root, Options{})
	b.ReportAllocs()
	for b.Loop() {
		if p := s.ConfigKind("configs/eval/group-01/run-0001.toml"); p.Kind != KindEval {
			b.Fatal(p)
		}
	}
}

// BenchmarkStamp is the cost of a look for changes on save, for clients
// that cannot watch files: a walk of the large workspace and a comparison.
func BenchmarkStamp(b *testing.B) {
	root := benchWorkspace(b)
	s := mustLoad(b, root, Options{})
	old := s.Stamp()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if ch := s.Stamp().Changes(old); len(ch) != 0 {
			b.Fatalf("changes in an unchanged tree: %v", ch)
		}
	}
}
