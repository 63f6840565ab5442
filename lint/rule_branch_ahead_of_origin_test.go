package lint

import "testing"

func TestBranchAheadOfOrigin(t *testing.T) {
	const at = "6:10-6:19 branch-ahead-of-origin experiment.branch"
	ahead := func(path string) func(g *gitWS) {
		return func(g *gitWS) {
			g.git("checkout", "-q", "-b", "feature")
			g.push("feature")
			g.write(tree{path: "print(1)\n"})
			g.commit("feature: more")
			g.git("checkout", "-q", "main")
		}
	}
	runSyncCases(t, "branch-ahead-of-origin", []syncCase{
		{name: "ahead in the rollout", src: syncConfig(`branch = "feature"`), setup: ahead("rollouts/calc/main.py"),
			want: []string{at}, msg: []string{"the local branch `feature` has 1 commit that changes rollouts/calc/ (newest: `feature: more`) not on origin/feature"}},
		{name: "ahead elsewhere", src: syncConfig(`branch = "feature"`), setup: ahead("rollouts/other/main.py")},
		{name: "pushed", src: syncConfig(`branch = "feature"`), setup: func(g *gitWS) { ahead("rollouts/calc/main.py")(g); g.push("feature") }},
		{name: "checked out: rollout-unpushed says it", src: syncConfig(`branch = "feature"`), setup: func(g *gitWS) {
			ahead("rollouts/calc/main.py")(g)
			g.git("checkout", "-q", "feature")
		}},
	})
}
