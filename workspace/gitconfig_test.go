package workspace

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	gogitconfig "github.com/go-git/go-git/v5/config"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

func TestParseGitConfig(t *testing.T) {
	type v struct{ section, sub, key, value string }
	tests := []struct {
		name string
		in   string
		want []v
	}{
		{"basic", "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@github.com:a/b.git\n",
			[]v{{"core", "", "bare", "false"}, {"remote", "origin", "url", "git@github.com:a/b.git"}}},
		{"case-insensitive names, case-kept subsection", "[REMOTE \"Origin\"]\nURL = x\n",
			[]v{{"remote", "Origin", "url", "x"}}},
		{"deprecated dotted subsection is lower-cased", "[remote.Origin]\nurl = x\n",
			[]v{{"remote", "origin", "url", "x"}}},
		{"comments", "# top\n; also\n[remote \"origin\"] # trailing\n  url = a # comment\n  url = b ; comment\n",
			[]v{{"remote", "origin", "url", "a"}, {"remote", "origin", "url", "b"}}},
		{"quotes keep comment characters and spaces", "[r \"o\"]\nurl = \" a#b;c \"\n",
			[]v{{"r", "o", "url", " a#b;c "}}},
		{"escapes", "[r \"o\"]\nurl = a\\tb\\\\c\\\"d\\ne\n",
			[]v{{"r", "o", "url", "a\tb\\c\"d\ne"}}},
		{"continuation", "[r \"o\"]\nurl = https://github.com/\\\nacme/repo.git\n",
			[]v{{"r", "o", "url", "https://github.com/acme/repo.git"}}},
		{"inner whitespace kept, ends trimmed", "[r \"o\"]\nurl =   a  b   \n",
			[]v{{"r", "o", "url", "a  b"}}},
		{"subsection escapes", "[url \"a\\\"b\\\\c\"]\ninsteadOf = x\n",
			[]v{{"url", "a\"b\\c", "insteadof", "x"}}},
		{"key on the header line", "[remote \"origin\"] url = z\n",
			[]v{{"remote", "origin", "url", "z"}}},
		{"crlf and bom", "\xef\xbb\xbf[remote \"origin\"]\r\n\turl = y\r\n",
			[]v{{"remote", "origin", "url", "y"}}},
		{"bare key", "[core]\n\tbare\n", []v{{"core", "", "bare", ""}}},
		{"empty value", "[remote \"origin\"]\nurl =\n", []v{{"remote", "origin", "url", ""}}},
		{"no final newline", "[remote \"origin\"]\nurl = q", []v{{"remote", "origin", "url", "q"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseGitConfig([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			var got []v
			for _, x := range cfg.vars {
				got = append(got, v{x.section, x.subsection, x.key, x.value})
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("var %d = %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestParseGitConfigErrors(t *testing.T) {
	for _, in := range []string{
		"url = x\n",                     // outside a section
		"[remote \"origin\"\nurl = x\n", // unterminated header
		"[remote origin]\n",             // unquoted subsection
		"[]\n",                          // empty section
		"[r \"o\"]\nurl = \"open\n",     // unterminated quote
		"[r \"o\"]\nurl = a\\qb\n",      // unknown escape
		"[r \"o\"]\n1url = x\n",         // bad key
		"[r \"o\"]\nurl x\n",            // missing =
		"[r \"o\"]\nu_rl = x\n",         // bad key character
	} {
		if _, err := parseGitConfig([]byte(in)); err == nil {
			t.Errorf("parseGitConfig(%q) accepted", in)
		} else {
			var ce *gitConfigError
			if !errors.As(err, &ce) || ce.line < 1 {
				t.Errorf("parseGitConfig(%q): error %v has no line", in, err)
			}
		}
	}
}

// TestParseGitConfigAgainstGit compares remote.origin.url values with what
// git itself reads from the same file.
func TestParseGitConfigAgainstGit(t *testing.T) {
	gittest.Bin(t)
	inputs := []string{
		"[remote \"origin\"]\n\turl = git@github.com:a/b.git\n",
		"[remote \"origin\"]\n\turl = \"quoted # not comment\" ; comment\n",
		"[remote \"origin\"]\n\turl = a\\\n  b   \n",
		"[Remote \"origin\"]\n\tURL = one\n\turl = two\n",
		"[remote.origin]\n\turl = dotted\n",
		"[remote \"Origin\"]\n\turl = other-case\n[remote \"origin\"]\nurl=x\n",
		"[remote \"origin\"]\r\n\turl = crlf\r\n",
		"\xef\xbb\xbf[remote \"origin\"] url = after-bom-on-header\n",
		"[remote \"origin\"]\n\turl = \"  spaced  \"  \n",
		"[remote \"origin\"]\n\turl = tab\\there\n",
	}
	dir := t.TempDir()
	for i, in := range inputs {
		path := filepath.Join(dir, "config")
		if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("git", "config", "--file", path, "--get-all", "remote.origin.url")
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("input %d: git config: %v", i, err)
		}
		want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		cfg, err := parseGitConfig([]byte(in))
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		var got []string
		for _, x := range cfg.values("remote", "origin", "url") {
			got = append(got, x.value)
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("input %d %q: got %q, git reads %q", i, in, got, want)
		}
	}
}

func TestOriginFromConfigs(t *testing.T) {
	tests := []struct {
		name     string
		configs  []string
		found    bool
		url      string
		identity string
		reason   IdentityReason
	}{
		{"none", []string{"[core]\nbare = false\n"}, false, "", "", 0},
		{"first url wins", []string{"[remote \"origin\"]\nurl = git@github.com:Acme/One.git\nurl = git@github.com:acme/two.git\n"},
			true, "git@github.com:Acme/One.git", "acme/one", 0},
		{"global url before local", []string{"[remote \"origin\"]\nurl = https://github.com/g/l\n", "[remote \"origin\"]\nurl = https://github.com/l/l\n"},
			true, "https://github.com/g/l", "g/l", 0},
		{"empty value resets", []string{"[remote \"origin\"]\nurl = https://github.com/g/l\n", "[remote \"origin\"]\nurl =\nurl = https://github.com/l/l\n"},
			true, "https://github.com/l/l", "l/l", 0},
		{"insteadOf", []string{"[url \"https://github.com/\"]\ninsteadOf = gh:\n[remote \"origin\"]\nurl = gh:acme/repo\n"},
			true, "https://github.com/acme/repo", "acme/repo", 0},
		{"longest insteadOf wins", []string{"[url \"https://gitlab.com/\"]\ninsteadOf = g\n[url \"https://github.com/\"]\ninsteadOf = gh:\n[remote \"origin\"]\nurl = gh:a/b\n"},
			true, "https://github.com/a/b", "a/b", 0},
		{"insteadOf from global config", []string{"[url \"git@github.com:\"]\ninsteadOf = work:\n", "[remote \"origin\"]\nurl = work:acme/x.git\n"},
			true, "git@github.com:acme/x.git", "acme/x", 0},
		{"pushInsteadOf ignored", []string{"[url \"https://github.com/\"]\npushInsteadOf = gh:\n[remote \"origin\"]\nurl = gh:a/b\n"},
			true, "gh:a/b", "", ReasonNotGitHub},
		{"not github", []string{"[remote \"origin\"]\nurl = https://gitlab.com/acme/rollouts.git\n"},
			true, "https://gitlab.com/acme/rollouts.git", "", ReasonNotGitHub},
		{"other remote only", []string{"[remote \"upstream\"]\nurl = https://github.com/a/b\n"}, false, "", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var cfgs []*gitConfig
			for _, c := range tc.configs {
				cfg, err := parseGitConfig([]byte(c))
				if err != nil {
					t.Fatal(err)
				}
				cfgs = append(cfgs, cfg)
			}
			o := originFromConfigs(cfgs)
			if o.Found != tc.found || o.URL != tc.url || o.Identity.Repo != tc.identity {
				t.Fatalf("got %+v", o)
			}
			var ie *IdentityError
			if tc.reason != 0 && (!errors.As(o.Err, &ie) || ie.Reason != tc.reason) {
				t.Fatalf("err %v, want %s", o.Err, tc.reason)
			}
			if tc.reason == 0 && o.Err != nil {
				t.Fatalf("err %v", o.Err)
			}
		})
	}
}

func TestOriginNoValueIsAnError(t *testing.T) {
	cfg, err := parseGitConfig([]byte("[remote \"origin\"]\n\turl\n"))
	if err != nil {
		t.Fatal(err)
	}
	if o := originFromConfigs([]*gitConfig{cfg}); o.Found || o.Err == nil {
		t.Fatalf("got %+v", o)
	}
}

// TestOriginLayouts reads origin from an ordinary clone, a linked worktree
// (.git file + commondir), a submodule (relative gitdir) and with the
// user's global config.
func TestOriginLayouts(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, files{
		"main/.git/config":                      "[remote \"origin\"]\n\turl = git@github.com:Acme/Rollouts.git\n",
		"main/.git/worktrees/feature/commondir": "../..\n",
		"main/.git/worktrees/feature/gitdir":    "",
		"feature/.git":                          "gitdir: " + filepath.Join(base, "main/.git/worktrees/feature") + "\n",
		"main/.git/modules/sub/config":          "[remote \"origin\"]\n\turl = https://github.com/acme/sub.git\n",
		"main/sub/.git":                         "gitdir: ../.git/modules/sub\n",
		"home/.gitconfig":                       "[url \"https://github.com/\"]\n\tinsteadOf = gh:\n",
		"viahome/.git/config":                   "[remote \"origin\"]\n\turl = gh:acme/viahome\n",
		"bad/.git":                              "not a gitdir line\n",
		"broken/.git/config":                    "[remote \"origin\"\n",
	})
	tests := []struct {
		root, home, identity string
		wantErr              bool
	}{
		{"main", "", "acme/rollouts", false},
		{"feature", "", "acme/rollouts", false},
		{"main/sub", "", "acme/sub", false},
		{"viahome", filepath.Join(base, "home"), "acme/viahome", false},
		{"bad", "", "", true},
		{"broken", "", "", true},
	}
	for _, tc := range tests {
		s := mustLoad(t, filepath.Join(base, tc.root), Options{Home: tc.home})
		o := s.Origin()
		if o.Identity.Repo != tc.identity || (o.Err != nil) != tc.wantErr {
			t.Errorf("%s: origin %+v", tc.root, o)
		}
	}
	s := mustLoad(t, filepath.Join(base, "feature"), Options{})
	dirs, err := s.GitDirs()
	if err != nil || dirs.CommonDir != filepath.Join(base, "main/.git") || dirs.GitDir != filepath.Join(base, "main/.git/worktrees/feature") {
		t.Fatalf("dirs %+v %v", dirs, err)
	}
}

// TestOriginRealRepository reads what `git remote add` wrote.
func TestOriginRealRepository(t *testing.T) {
	dir := t.TempDir()
	gittest.Run(t, dir, "init", "-q", "-b", "main")
	gittest.Run(t, dir, "remote", "add", "origin", "git@github.com:Acme/Rollouts.git")
	gittest.Run(t, dir, "config", "url.git@github.com:.insteadOf", "gh:")
	gittest.Run(t, dir, "remote", "add", "upstream", "gh:acme/upstream")
	s := mustLoad(t, dir, Options{})
	o := s.Origin()
	if !o.Found || o.Identity.Repo != "acme/rollouts" || o.Identity.DisplayURL != "ssh://git@github.com/Acme/Rollouts.git" {
		t.Fatalf("origin %+v", o)
	}
	// The research vector: an invalid origin is reported, not fatal.
	gittest.Run(t, dir, "remote", "set-url", "origin", "https://gitlab.com/acme/rollouts.git")
	o = mustLoad(t, dir, Options{}).Origin()
	var ie *IdentityError
	if !o.Found || !errors.As(o.Err, &ie) || ie.Reason != ReasonNotGitHub || o.Identity.Repo != "" {
		t.Fatalf("origin %+v", o)
	}
	// A worktree made by git shares the origin.
	gittest.Run(t, dir, "commit", "-q", "--allow-empty", "-m", "init")
	wt := filepath.Join(t.TempDir(), "wt")
	gittest.Run(t, dir, "worktree", "add", "-q", wt)
	if o := mustLoad(t, wt, Options{}).Origin(); o.URL != "https://gitlab.com/acme/rollouts.git" {
		t.Fatalf("worktree origin %+v", o)
	}
}

func FuzzParseGitConfig(f *testing.F) {
	f.Add([]byte("[remote \"origin\"]\n\turl = \"a\\\\b\" # c\n"))
	f.Add([]byte("[a.b]\nc=d\\\ne\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := parseGitConfig(data)
		if err == nil {
			originFromConfigs([]*gitConfig{cfg})
		}
	})
}

// TestGoGitConfigDiffers keeps the reason the hand-written reader stays:
// on each of these files git (asked with `git config --includes` when
// installed) and this reader find origin's URL, and go-git's config reader
// finds another answer or refuses the file.
func TestGoGitConfigDiffers(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string // "config" and what it includes
		url   string
	}{
		{"continuation line", map[string]string{"config": "[remote \"origin\"]\n\turl = https://github.com/\\\nacme/repo.git\n"}, "https://github.com/acme/repo.git"},
		{"byte order mark", map[string]string{"config": "\xef\xbb\xbf[remote \"origin\"]\n\turl = https://github.com/acme/bom\n"}, "https://github.com/acme/bom"},
		{"variable on the header line", map[string]string{"config": "[remote \"origin\"] url = https://github.com/acme/head\n"}, "https://github.com/acme/head"},
		{"deprecated dotted subsection", map[string]string{"config": "[remote.origin]\n\turl = https://github.com/acme/dotted\n"}, "https://github.com/acme/dotted"},
		// go-git reads a url section without insteadOf as rewriting every URL
		{"pushInsteadOf only", map[string]string{"config": "[url \"https://github.com/\"]\n\tpushInsteadOf = gh:\n[remote \"origin\"]\n\turl = gh:a/b\n"}, "gh:a/b"},
		{"include beside the config", map[string]string{
			"config":     "[include]\n\tpath = origin.inc\n",
			"origin.inc": "[remote \"origin\"]\n\turl = git@github.com:acme/inc.git\n",
		}, "git@github.com:acme/inc.git"},
	}
	_, noGit := exec.LookPath("git")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			path := filepath.Join(dir, "config")
			if noGit == nil {
				cmd := exec.Command("git", "config", "--file", path, "--includes", "--get-all", "remote.origin.url")
				cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
				out, err := cmd.Output()
				if first, _, _ := strings.Cut(string(out), "\n"); err != nil || first != tc.url {
					t.Fatalf("git reads %q, %v; the case expects %q", out, err, tc.url)
				}
			}
			cfgs, _, err := loadGitConfigs(GitDirs{GitDir: dir, CommonDir: dir}, "")
			if err != nil {
				t.Fatal(err)
			}
			if o := originFromConfigs(cfgs); o.URL != tc.url {
				t.Fatalf("hand-written reader: origin %+v, want %q", o, tc.url)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			gg := gogitconfig.NewConfig()
			ggURL := ""
			ggErr := gg.Unmarshal(data)
			if r := gg.Remotes["origin"]; ggErr == nil && r != nil && len(r.URLs) > 0 {
				ggURL = r.URLs[0]
			}
			if ggErr == nil && ggURL == tc.url {
				t.Errorf("go-git now reads this config as git does: it could replace gitconfig.go here")
			}
			t.Logf("go-git: %q, %v", ggURL, ggErr)
		})
	}
}

// TestGoGitConfigAgrees runs the origin cases of one file through go-git's
// config reader: where it agrees with git, as here, the difference above
// is the whole reason for the hand-written reader.
func TestGoGitConfigAgrees(t *testing.T) {
	for _, in := range []string{
		"[remote \"origin\"]\n\turl = git@github.com:Acme/One.git\n\turl = git@github.com:acme/two.git\n",
		"[url \"https://github.com/\"]\n\tinsteadOf = gh:\n[remote \"origin\"]\n\turl = gh:acme/repo\n",
		"[url \"https://gitlab.com/\"]\n\tinsteadOf = g\n[url \"https://github.com/\"]\n\tinsteadOf = gh:\n[remote \"origin\"]\n\turl = gh:a/b\n",
		"[remote \"origin\"]\n\turl = \"quoted # not comment\" ; comment\n",
		"[remote \"origin\"]\r\n\turl = crlf\r\n",
		"[remote \"origin\"]\n\turl = tab\\there\n",
	} {
		cfg, err := parseGitConfig([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		want := originFromConfigs([]*gitConfig{cfg}).URL
		gg := gogitconfig.NewConfig()
		if err := gg.Unmarshal([]byte(in)); err != nil || gg.Remotes["origin"] == nil || gg.Remotes["origin"].URLs[0] != want {
			t.Errorf("%q: go-git %+v, %v; hand-written %q", in, gg.Remotes["origin"], err, want)
		}
	}
}

// TestUpstreamAsGitReadsIt: sync takes the branch's upstream from this
// reader. On each config here git finds the upstream; go-git's config
// reader refuses the file, and sync read through it said "no upstream".
func TestUpstreamAsGitReadsIt(t *testing.T) {
	for name, edit := range map[string]func(string) string{
		"as git writes it": func(c string) string { return c },
		"byte order mark":  func(c string) string { return "\xef\xbb\xbf" + c },
		"variable on the header line": func(c string) string {
			return strings.Replace(c, "[branch \"main\"]\n\tremote = origin\n", "[branch \"main\"] remote = origin\n", 1)
		},
		"continuation line": func(c string) string {
			return strings.Replace(c, "\tmerge = refs/heads/main\n", "\tmerge = refs/heads/\\\nmain\n", 1)
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			gittest.Run(t, dir, "init", "-q", "-b", "main")
			gittest.Run(t, dir, "remote", "add", "origin", "https://github.com/acme/rollouts.git")
			gittest.Run(t, dir, "commit", "-q", "--allow-empty", "-m", "init")
			gittest.Run(t, dir, "update-ref", "refs/remotes/origin/main", "HEAD")
			gittest.Run(t, dir, "branch", "-q", "--set-upstream-to=origin/main")
			path := filepath.Join(dir, ".git", "config")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			edited := edit(string(data))
			if name != "as git writes it" && edited == string(data) {
				t.Fatalf("the edit did not apply to %q", data)
			}
			if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(gittest.Run(t, dir, "rev-parse", "--abbrev-ref", "@{upstream}")); got != "origin/main" {
				t.Fatalf("git reads the upstream as %q", got)
			}
			r := mustLoad(t, dir, Options{}).GitSync()
			if r == nil || r.Unchecked != "" || r.Upstream != "origin/main" || r.UpstreamGone {
				t.Fatalf("sync reads %+v", r)
			}
			if name == "as git writes it" {
				return
			}
			gg := gogitconfig.NewConfig()
			if err := gg.Unmarshal([]byte(edited)); err == nil && gg.Branches["main"] != nil && gg.Branches["main"].Merge == "refs/heads/main" {
				t.Errorf("go-git now reads this branch configuration as git does")
			}
		})
	}
}
