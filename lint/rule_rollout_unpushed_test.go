package lint

import "testing"

func TestRolloutUnpushed(t *testing.T) {
	const at = "2:11-2:17 rollout-unpushed experiment.rollout"
	runSyncCases(t, "rollout-unpushed", []syncCase{
		{name: "pushed"},
		{name: "a commit to the rollout not pushed", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("calc: first")
			g.write(tree{"rollouts/calc/main.py": "print(2)\n"})
			g.commit("calc: faster")
		}, want: []string{at}, msg: []string{"2 commits that change rollouts/calc/ (newest: `calc: faster`) are on branch `main` and not on origin/main"}},
		{name: "commits to other files only", setup: func(g *gitWS) {
			g.write(tree{"README.md": "x\n", "rollouts/other/main.py": "x\n"})
			g.commit("docs")
		}},
		{name: "a commit and its revert", setup: func(g *gitWS) {
			g.write(tree{"README.md": "x\n"})
			g.commit("docs")
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("calc: change")
			g.push("main")
		}},
		{name: "pinned commit: not this rule's", src: syncConfig(`commit_sha = "0123456"`), setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("calc: change")
		}},
		{name: "explicit branch, checked out", src: syncConfig(`branch = "main"`), setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("calc: change")
		}, want: []string{at}, msg: []string{"1 commit that changes rollouts/calc/ (newest: `calc: change`) is on branch `main`"}},
		{name: "no origin/HEAD: the upstream", setup: func(g *gitWS) {
			g.git("symbolic-ref", "--delete", "refs/remotes/origin/HEAD")
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("calc: change")
		}, want: []string{at}, msg: []string{"not on its upstream origin/main"}},
		{name: "detached HEAD (CI)", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("calc: change")
			g.git("checkout", "-q", "--detach")
		}},
		{name: "no remote-tracking refs", setup: func(g *gitWS) {
			g.git("update-ref", "-d", "refs/remotes/origin/HEAD")
			g.git("update-ref", "-d", "refs/remotes/origin/main")
			g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
			g.commit("calc: change")
		}},
	})
}
