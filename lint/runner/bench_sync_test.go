package runner

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// gitHistory turns the benchmark workspace into a repository with commits
// of history (built with git fast-import; the product never runs git): every
// fifth commit changes the rollout, the others the README. origin/main
// (also origin/HEAD, and main's upstream) is unpushed commits behind.
func gitHistory(b *testing.B, root string, commits, unpushed int) {
	b.Helper()
	gittest.Bin(b)
	run := func(stdin string, args ...string) { b.Helper(); gittest.RunInput(b, root, stdin, args...) }
	if err := os.RemoveAll(root + "/.git"); err != nil {
		b.Fatal(err)
	}
	run("", "init", "-q", "-b", "main")
	run("", "add", "-A")
	run("", "commit", "-q", "-m", "init")
	var s strings.Builder
	for i := 1; i < commits; i++ {
		path, content := "README.md", fmt.Sprintf("# bench %d\n", i)
		if i%5 == 0 {
			path, content = "rollouts/multiply-agent/main.py", fmt.Sprintf("def main():\n    pass  # %d\n", i)
		}
		msg := fmt.Sprintf("change %d", i)
		fmt.Fprintf(&s, "commit refs/heads/main\ncommitter t <t@example.com> %d +0000\ndata %d\n%s\n", 1700000000+i*60, len(msg), msg)
		if i == 1 {
			s.WriteString("from refs/heads/main^0\n")
		}
		fmt.Fprintf(&s, "M 644 inline %s\ndata %d\n%s\n", path, len(content), content)
	}
	run(s.String(), "fast-import", "--quiet")
	run("", "reset", "-q", "--hard")
	run("", "remote", "add", "origin", "https://github.com/acme/bench.git")
	run("", "update-ref", "refs/remotes/origin/main", fmt.Sprintf("HEAD~%d", unpushed))
	run("", "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	run("", "branch", "-q", "--set-upstream-to=origin/main")
}

// BenchmarkRun1000Git is BenchmarkRun1000 on a repository of 500 commits,
// all pushed: what reading git for the sync rules costs a run.
func BenchmarkRun1000Git(b *testing.B) { benchGit(b, 0, 0) }

// BenchmarkRun1000GitUnpushed: the last 6 commits are not pushed, and
// one of them changes the rollout: every training and eval config gets a
// rollout-unpushed warning.
func BenchmarkRun1000GitUnpushed(b *testing.B) { benchGit(b, 6, 900) }

func benchGit(b *testing.B, unpushed, findings int) {
	root := benchWorkspace(b, 1000)
	gitHistory(b, root, 500, unpushed)
	opts := Options{Dir: root, Root: root}
	out, err := Run(nil, opts)
	if err != nil {
		b.Fatal(err)
	}
	if len(out.Files) != 1000 {
		b.Fatalf("%d files checked", len(out.Files))
	}
	n := 0
	for _, r := range out.Files {
		for _, f := range r.Findings {
			if f.IsError() {
				b.Fatalf("%s: %s [%s]", r.Path, f.Message, f.Rule)
			}
			if f.Rule == lint.RuleRolloutUnpushed {
				n++
			}
		}
	}
	if n != findings {
		b.Fatalf("%d rollout-unpushed findings, want %d", n, findings)
	}
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if _, err := Run(nil, opts); err != nil {
			b.Fatal(err)
		}
	}
	// the process's CPU time per run: on a shared machine it varies less
	// than the wall time
	b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user and system time so far, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
