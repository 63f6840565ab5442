package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestWorkspaceGit(t *testing.T) {
	good := merged(rolloutWS, gitRepo(originConfig("https://github.com/acme/rollouts.git")))
	runRuleCases(t, "workspace-git", []ruleCase{
		{name: "a repository", src: goodTraining, ws: good},
		{name: "a .git file naming a repository inside", src: goodTraining, ws: merged(rolloutWS, tree{
			".git/": absent, ".git": "gitdir: .realgit\n", ".realgit/HEAD": "ref: refs/heads/main\n", ".realgit/objects/": "", ".realgit/refs/": "",
			".realgit/config": originConfig("https://github.com/acme/rollouts.git")})},
		{name: "a hand-made .git directory: git looks above, not judged", src: goodTraining, ws: rolloutWS},
		{name: "a .git file naming nothing", src: goodTraining, ws: merged(rolloutWS, tree{".git/": absent, ".git": "gitdir: ../gone/.git/worktrees/ws\n"}),
			want: []string{`1:1-1:13 workspace-git ""`}, msg: []string{"names no git directory"}},
		{name: "a .git file that is not a gitdir file", src: goodTraining, ws: merged(rolloutWS, tree{".git/": absent, ".git": "garbage\n"}),
			want: []string{`1:1-1:13 workspace-git ""`}},
	})
}

func TestWorkspaceGitOutsideGit(t *testing.T) {
	in := Input{Path: "configs/training/run.toml", Kind: schema.Training, OutsideGit: true}
	var got []string
	for _, f := range Check([]byte(goodTraining), in) {
		got = append(got, formatFinding(f))
	}
	if len(got) != 1 || got[0] != `1:1-1:13 workspace-git ""` {
		t.Errorf("got %q", got)
	}
	in.OutsideGit = false
	if fs := Check([]byte(goodTraining), in); len(fs) != 0 {
		t.Errorf("a config checked alone: %v", fs)
	}
}
