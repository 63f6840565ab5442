package lint

import "testing"

func TestCommitNotPushed(t *testing.T) {
	pinHead := func(g *gitWS) string { return syncConfig(`commit_sha = "` + g.git("rev-parse", "HEAD") + `"`) }
	pinShort := func(g *gitWS) string {
		return syncConfig(`commit_sha = "` + g.git("rev-parse", "--short=9", "HEAD") + `"`)
	}
	local := func(g *gitWS) {
		g.write(tree{"rollouts/calc/main.py": "print(1)\n"})
		g.commit("calc: local")
	}
	runSyncCases(t, "commit-not-pushed", []syncCase{
		{name: "local commit", setup: local, srcFn: pinHead,
			want: []string{"6:14-6:56 commit-not-pushed experiment.commit_sha"}, msg: []string{"is on no branch of origin (as of the last fetch): the platform cannot fetch it"}},
		{name: "local commit, short id", setup: local, srcFn: pinShort,
			want: []string{"6:14-6:25 commit-not-pushed experiment.commit_sha"}},
		{name: "pushed commit", setup: func(g *gitWS) { local(g); g.push("main") }, srcFn: pinHead},
		{name: "pushed on another branch of origin", setup: func(g *gitWS) {
			g.git("checkout", "-q", "-b", "side")
			local(g)
			g.push("side")
			g.git("checkout", "-q", "main")
		}, srcFn: func(g *gitWS) string { return syncConfig(`commit_sha = "` + g.git("rev-parse", "side") + `"`) }},
		{name: "shallow clone: nothing known", setup: func(g *gitWS) {
			local(g)
			g.git("checkout", "-q", "--detach")
			g.write(tree{".git/shallow": g.git("rev-parse", "HEAD~1") + "\n"})
		}, srcFn: pinHead},
	})
}
