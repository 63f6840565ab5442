package lint

import "testing"

func TestBranchNotOnOrigin(t *testing.T) {
	const at = "6:10-6:16 branch-not-on-origin experiment.branch"
	runSyncCases(t, "branch-not-on-origin", []syncCase{
		{name: "on origin", src: syncConfig(`branch = "main"`)},
		{name: "typo", src: syncConfig(`branch = "mian"`), want: []string{at}, msg: []string{"origin has no branch `mian` (as of the last fetch)", "did you mean `main`?"}},
		{name: "checked out, never pushed", src: syncConfig(`branch = "feat"`), setup: func(g *gitWS) {
			g.git("checkout", "-q", "-b", "feat")
		}, want: []string{at}, msg: []string{"push it with `git push -u origin feat`"}},
		{name: "pushed", src: syncConfig(`branch = "feat"`), setup: func(g *gitWS) {
			g.git("checkout", "-q", "-b", "feat")
			g.push("feat")
		}},
		{name: "no remote-tracking refs", src: syncConfig(`branch = "mian"`), setup: func(g *gitWS) {
			g.git("update-ref", "-d", "refs/remotes/origin/HEAD")
			g.git("update-ref", "-d", "refs/remotes/origin/main")
		}},
	})
}
