package lint

import (
	"strings"
	"testing"
)

// gitRepo is a .git directory git takes for a repository, with config as
// its config file ("" for none).
func gitRepo(config string) tree {
	t := tree{".git/HEAD": "ref: refs/heads/main\n", ".git/objects/": "", ".git/refs/heads/": ""}
	if config != "" {
		t[".git/config"] = config
	}
	return t
}

// originConfig is a git config whose origin is url.
func originConfig(url string) string {
	return "[core]\n\trepositoryformatversion = 0\n[remote \"origin\"]\n\turl = " + url + "\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
}

// merged returns the entries of all trees, later ones winning.
func merged(trees ...tree) tree {
	out := tree{}
	for _, t := range trees {
		for k, v := range t {
			out[k] = v
		}
	}
	return out
}

func TestOriginRemote(t *testing.T) {
	ws := func(config string) tree { return merged(rolloutWS, gitRepo(config)) }
	runRuleCases(t, "origin-remote", []ruleCase{
		{name: "https origin", src: goodTraining, ws: ws(originConfig("https://github.com/Acme/rollouts.git"))},
		{name: "scp-like origin", src: goodTraining, ws: ws(originConfig("git@github.com:acme/rollouts.git"))},
		{name: "credentials in the URL are fine, and not printed", src: goodTraining, ws: ws(originConfig("https://x-access-token:ghp_secret@github.com/acme/rollouts"))},
		{name: "insteadOf rewrites to GitHub", src: goodTraining, ws: ws("[url \"https://github.com/\"]\n\tinsteadOf = gh:\n" + originConfig("gh:acme/rollouts"))},
		{name: "origin from an include beside the config", src: goodTraining, ws: merged(ws("[include]\n\tpath = origin.cfg\n"), tree{".git/origin.cfg": originConfig("https://github.com/acme/rollouts.git")})},
		{name: "an include not read: not judged", src: goodTraining, ws: ws("[include]\n\tpath = ../../shared.cfg\n")},
		{name: "an includeIf: not judged", src: goodTraining, ws: ws("[includeIf \"onbranch:main\"]\n\tpath = origin.cfg\n")},
		{name: "a hand-made .git directory is not a repository to git: not judged", src: goodTraining, ws: rolloutWS},
		{name: "no origin", src: goodTraining, ws: ws("[core]\n\tbare = false\n"),
			want: []string{`1:1-1:13 origin-remote ""`}, msg: []string{"no remote named origin"}},
		{name: "an include beside it without origin", src: goodTraining, ws: merged(ws("[include]\n\tpath = more.cfg\n"), tree{".git/more.cfg": "[core]\n\tbare = false\n"}),
			want: []string{`1:1-1:13 origin-remote ""`}},
		{name: "no config at all", src: goodTraining, ws: ws(""),
			want: []string{`1:1-1:13 origin-remote ""`}},
		{name: "not GitHub", src: goodTraining, ws: ws(originConfig("https://user:hunter2@gitlab.com/acme/rollouts.git")),
			want: []string{`1:1-1:13 origin-remote ""`}, msg: []string{"not hosted on github.com"}},
		{name: "insteadOf rewrites away from GitHub", src: goodTraining, ws: ws("[url \"https://gitlab.com/\"]\n\tinsteadOf = https://github.com/\n" + originConfig("https://github.com/acme/rollouts")),
			want: []string{`1:1-1:13 origin-remote ""`}, msg: []string{"not hosted on github.com"}},
		{name: "more than owner/repo", src: goodTraining, ws: ws(originConfig("https://github.com/acme/rollouts/tree/main")),
			want: []string{`1:1-1:13 origin-remote ""`}, msg: []string{"exactly one"}},
		{name: "only a pushurl", src: goodTraining, ws: ws("[remote \"origin\"]\n\tpushurl = https://github.com/acme/rollouts.git\n"),
			want: []string{`1:1-1:13 origin-remote ""`}, msg: []string{"pushurl but no url"}},
		{name: "a git config that does not parse", src: goodTraining, ws: ws("[remote \"origin\n\turl = https://github.com/acme/r\n"),
			want: []string{`1:1-1:13 origin-remote ""`}, msg: []string{"cannot be read"}},
	})
}

func TestOriginRemoteNeverPrintsTheURL(t *testing.T) {
	c := ruleCase{src: goodTraining, ws: merged(rolloutWS, gitRepo(originConfig("https://user:hunter2@gitlab.com/acme/rollouts.git")))}
	for _, f := range Check([]byte(c.src), c.input(t)) {
		if f.Rule == RuleOriginRemote && (strings.Contains(f.Message, "hunter2") || strings.Contains(f.Message, "gitlab")) {
			t.Errorf("the message prints the URL: %s", f.Message)
		}
	}
}
