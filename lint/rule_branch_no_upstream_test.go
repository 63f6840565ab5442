package lint

import "testing"

func TestBranchNoUpstream(t *testing.T) {
	const at = "2:11-2:17 branch-no-upstream experiment.rollout"
	feature := func(touch bool) func(g *gitWS) {
		return func(g *gitWS) {
			g.git("symbolic-ref", "--delete", "refs/remotes/origin/HEAD")
			g.git("checkout", "-q", "-b", "feature")
			if touch {
				g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			} else {
				g.write(tree{"README.md": "x\n"})
			}
			g.commit("work")
		}
	}
	runSyncCases(t, "branch-no-upstream", []syncCase{
		{name: "a new branch changing the rollout", setup: feature(true),
			want: []string{at}, msg: []string{"branch `feature` has no upstream, and 1 commit that changes rollouts/calc/ (newest: `work`) is on no branch of origin"}},
		{name: "a new branch changing other files", setup: feature(false)},
		{name: "pushed without -u", setup: func(g *gitWS) { feature(true)(g); g.push("feature") }},
		{name: "upstream set", setup: func(g *gitWS) {
			feature(true)(g)
			g.push("feature")
			g.git("branch", "-q", "--set-upstream-to=origin/feature")
		}},
		{name: "default branch known: default-branch-differs says it", setup: func(g *gitWS) {
			g.git("checkout", "-q", "-b", "feature")
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("work")
		}},
	})
}
