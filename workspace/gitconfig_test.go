package workspace

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	gitBinary(t)
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
	runGit(t, dir, "init", "-q", "-b", "main")
	runGit(t, dir, "remote", "add", "origin", "git@github.com:Acme/Rollouts.git")
	runGit(t, dir, "config", "url.git@github.com:.insteadOf", "gh:")
	runGit(t, dir, "remote", "add", "upstream", "gh:acme/upstream")
	s := mustLoad(t, dir, Options{})
	o := s.Origin()
	if !o.Found || o.Identity.Repo != "acme/rollouts" || o.Identity.DisplayURL != "ssh://git@github.com/Acme/Rollouts.git" {
		t.Fatalf("origin %+v", o)
	}
	// The research vector: an invalid origin is reported, not fatal.
	runGit(t, dir, "remote", "set-url", "origin", "https://gitlab.com/acme/rollouts.git")
	o = mustLoad(t, dir, Options{}).Origin()
	var ie *IdentityError
	if !o.Found || !errors.As(o.Err, &ie) || ie.Reason != ReasonNotGitHub || o.Identity.Repo != "" {
		t.Fatalf("origin %+v", o)
	}
	// A worktree made by git shares the origin.
	runGit(t, dir, "commit", "-q", "--allow-empty", "-m", "init")
	wt := filepath.Join(t.TempDir(), "wt")
	runGit(t, dir, "worktree", "add", "-q", wt)
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
