package lint

import "testing"

func TestCommitNotFound(t *testing.T) {
	const at = "6:14-6:56 commit-not-found experiment.commit_sha"
	runSyncCases(t, "commit-not-found", []syncCase{
		{name: "unknown full id", src: syncConfig(`commit_sha = "0123456789abcdef0123456789abcdef01234567"`),
			want: []string{at}, msg: []string{"no commit `0123456789abcdef0123456789abcdef01234567` in the local repository"}},
		{name: "unknown short id", src: syncConfig(`commit_sha = "0123456"`),
			want: []string{"6:14-6:23 commit-not-found experiment.commit_sha"}},
		{name: "known", srcFn: func(g *gitWS) string { return syncConfig(`commit_sha = "` + g.git("rev-parse", "HEAD") + `"`) }},
		{name: "shallow clone: nothing known", src: syncConfig(`commit_sha = "0123456789abcdef0123456789abcdef01234567"`), setup: func(g *gitWS) {
			g.write(tree{".git/shallow": g.git("rev-parse", "HEAD") + "\n"})
		}},
	})
}

// TestCommitFoundByID checks full and short ids of real commits.
func TestCommitFoundByID(t *testing.T) {
	g := newGitWS(t)
	head := g.git("rev-parse", "HEAD")
	for _, sha := range []string{head, head[:7], head[:12]} {
		if fs := g.check(RuleCommitNotFound, syncConfig(`commit_sha = "`+sha+`"`)); len(fs) > 0 {
			t.Errorf("%s: %s", sha, fs[0].Message)
		}
		if fs := g.check(RuleCommitNotPushed, syncConfig(`commit_sha = "`+sha+`"`)); len(fs) > 0 {
			t.Errorf("%s: %s", sha, fs[0].Message)
		}
	}
}
