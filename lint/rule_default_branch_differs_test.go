package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

func TestDefaultBranchDiffers(t *testing.T) {
	const at = "2:11-2:17 default-branch-differs experiment.rollout"
	feature := func(path string) func(g *gitWS) {
		return func(g *gitWS) {
			g.git("checkout", "-q", "-b", "feature")
			g.write(tree{path: "print(1)\n"})
			g.commit("feature work")
		}
	}
	runSyncCases(t, "default-branch-differs", []syncCase{
		{name: "feature branch pushed", setup: func(g *gitWS) { feature("rollouts/calc/main.py")(g); g.push("feature") },
			want: []string{at}, msg: []string{"the platform runs origin's default branch `main`, whose rollouts/calc/ differs from the one on branch `feature`; set branch = \"feature\""}},
		{name: "feature branch not pushed", setup: feature("rollouts/calc/main.py"),
			want: []string{at}, msg: []string{"push the branch (`git push -u origin feature`) and set branch = \"feature\""}},
		{name: "feature branch changing another rollout", setup: feature("rollouts/other/main.py")},
		{name: "branch set", src: syncConfig(`branch = "feature"`), setup: func(g *gitWS) { feature("rollouts/calc/main.py")(g); g.push("feature") }},
		{name: "on the default branch", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("main work")
		}},
		{name: "detached HEAD (CI)", setup: func(g *gitWS) { feature("rollouts/calc/main.py")(g); g.git("checkout", "-q", "--detach") }},
	})
}

// TestDefaultBranchDiffersFix checks the offered fix: display-only, and the
// config it makes names the branch.
func TestDefaultBranchDiffersFix(t *testing.T) {
	g := newGitWS(t)
	g.git("checkout", "-q", "-b", "feature")
	g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
	g.commit("feature work")
	g.push("feature")
	src := syncConfig()
	fs := g.check(RuleDefaultBranchDiffers, src)
	if len(fs) != 1 || len(fs[0].Fixes) != 1 {
		t.Fatalf("want one finding with one fix, got %s", describeFindings(fs))
	}
	fx := fs[0].Fixes[0]
	if fx.Applicability != DisplayOnly {
		t.Errorf("applicability %s, want display-only: it changes what runs", fx.Applicability)
	}
	out, _ := fix.Apply([]byte(src), fx.Edits)
	got := string(out)
	if want := syncConfig(`branch = "feature"`); got != want {
		t.Errorf("fixed config:\n%s\nwant:\n%s", got, want)
	}
	if fs := g.check(RuleDefaultBranchDiffers, got); len(fs) != 0 {
		t.Errorf("the fixed config still has %s", describeFindings(fs))
	}
}
