package lint

import "testing"

func TestRolloutUncommitted(t *testing.T) {
	const at = "2:11-2:17 rollout-uncommitted experiment.rollout"
	runSyncCases(t, "rollout-uncommitted", []syncCase{
		{name: "clean tree"},
		{name: "modified", setup: func(g *gitWS) { g.write(tree{"rollouts/calc/main.py": "print('changed')\n"}) },
			want: []string{at}, msg: []string{"1 file of rollouts/calc/ is modified and not committed (rollouts/calc/main.py)"}},
		{name: "staged", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/new.py": "x = 2\n"})
			g.git("add", "rollouts/calc/new.py")
		}, want: []string{at}, msg: []string{"is staged and not committed (rollouts/calc/new.py)"}},
		{name: "deleted", setup: func(g *gitWS) { g.remove("rollouts/calc/lib/util.py") },
			want: []string{at}, msg: []string{"deleted and the deletion not committed (rollouts/calc/lib/util.py)"}},
		{name: "deletion staged", setup: func(g *gitWS) { g.git("rm", "-q", "rollouts/calc/lib/util.py") },
			want: []string{at}, msg: []string{"staged and not committed (rollouts/calc/lib/util.py)"}},
		{name: "untracked", setup: func(g *gitWS) { g.write(tree{"rollouts/calc/tool.py": "y = 1\n"}) },
			want: []string{at}, msg: []string{"is untracked (rollouts/calc/tool.py)"}},
		{name: "ignored files are not dirt", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/run.log": "x\n", "rollouts/calc/lib/__pycache__/util.pyc": "x"})
		}},
		{name: "nested gitignore", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/.gitignore": "out/\n"})
			g.commit("ignore out")
			g.push("main")
			g.write(tree{"rollouts/calc/out/result.txt": "x\n"})
		}},
		{name: "a tracked link to a directory is one entry", setup: func(g *gitWS) {
			g.write(tree{"shared/tools.py": "T = 1\n", "rollouts/calc/shared": "->../../shared"})
			g.commit("share tools")
			g.push("main")
		}},
		{name: "a filter makes the content incomparable", setup: func(g *gitWS) {
			g.write(tree{".gitattributes": "*.bin filter=lfs diff=lfs merge=lfs -text\n", "rollouts/calc/model.bin": "pointer\n"})
			g.commit("lfs")
			g.push("main")
			g.write(tree{"rollouts/calc/model.bin": "the smudged content, as git-lfs leaves it\n"})
		}},
		{name: "dirt elsewhere is not this config's", setup: func(g *gitWS) {
			g.write(tree{"README.md": "changed\n", "rollouts/other/main.py": "changed\n", "rollouts/other/new.py": "",
				"configs/training/run.toml": syncConfig("# edited")})
		}},
		{name: "a touched file with the same content", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/main.py": "print('calc')\n"})
			g.git("update-index", "--refresh")
			g.write(tree{"rollouts/calc/main.py": "print('calc')\n"})
		}},
		{name: "first few named, the rest counted", setup: func(g *gitWS) {
			g.write(tree{"rollouts/calc/a.py": "", "rollouts/calc/b.py": "", "rollouts/calc/c.py": "", "rollouts/calc/main.py": "changed\n"})
			g.remove("rollouts/calc/lib/util.py")
		}, want: []string{at}, msg: []string{"5 files of rollouts/calc/ are not committed (rollouts/calc/a.py, rollouts/calc/b.py, rollouts/calc/c.py and 2 more)"}},
		{name: "no remote-tracking refs: nothing known", setup: func(g *gitWS) {
			g.git("update-ref", "-d", "refs/remotes/origin/HEAD")
			g.git("update-ref", "-d", "refs/remotes/origin/main")
			g.write(tree{"rollouts/calc/main.py": "changed\n"})
		}},
		{name: "detached HEAD still has dirt", setup: func(g *gitWS) {
			g.git("checkout", "-q", "--detach")
			g.write(tree{"rollouts/calc/main.py": "changed\n"})
		}, want: []string{at}},
	})
}
