package workspace

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
)

// identityVectors are the CLI's verdicts on origin URLs, recorded by running
// its normalizer: the research test vectors plus edge cases.
type identityVector struct {
	URL      string `json:"url"`
	Identity string `json:"identity"`
	Display  string `json:"display"`
	Reason   string `json:"reason"`
}

func loadIdentityVectors(t *testing.T) []identityVector {
	t.Helper()
	data, err := os.ReadFile("testdata/identity_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []identityVector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	return file.Vectors
}

func TestParseOriginVectors(t *testing.T) {
	vectors := loadIdentityVectors(t)
	if len(vectors) < 100 {
		t.Fatalf("only %d vectors", len(vectors))
	}
	for _, v := range vectors {
		got, err := ParseOrigin(v.URL)
		if v.Reason == "" {
			if err != nil {
				t.Errorf("ParseOrigin(%q): unexpected error %v", v.URL, err)
				continue
			}
			if got.Repo != v.Identity || got.DisplayURL != v.Display {
				t.Errorf("ParseOrigin(%q) = %q, %q; want %q, %q", v.URL, got.Repo, got.DisplayURL, v.Identity, v.Display)
			}
			continue
		}
		var ie *IdentityError
		if !errors.As(err, &ie) {
			t.Errorf("ParseOrigin(%q) = %+v, %v; want rejection %s", v.URL, got, err, v.Reason)
			continue
		}
		if ie.Reason.String() != v.Reason {
			t.Errorf("ParseOrigin(%q): reason %s, want %s", v.URL, ie.Reason, v.Reason)
		}
	}
}

// TestParseOriginResearchVectors pins the accepted and rejected URLs of the
// research notes, so they are checked even if the vector file changes.
func TestParseOriginResearchVectors(t *testing.T) {
	accepted := []struct{ url, repo, display string }{
		{"https://github.com/acme/rollouts.git", "acme/rollouts", "https://github.com/acme/rollouts.git"},
		{"https://github.com/Acme/Rollouts.git", "acme/rollouts", "https://github.com/Acme/Rollouts.git"},
		{"https://user:token@github.com/acme/rollouts.git", "acme/rollouts", "https://github.com/acme/rollouts.git"},
		{"http://github.com/acme/rollouts", "acme/rollouts", "http://github.com/acme/rollouts"},
		{"git://github.com/acme/rollouts.git", "acme/rollouts", "git://github.com/acme/rollouts.git"},
		{"git@github.com:acme/rollouts.git", "acme/rollouts", "ssh://git@github.com/acme/rollouts.git"},
		{"ssh://git@github.com/acme/rollouts.git", "acme/rollouts", "ssh://git@github.com/acme/rollouts.git"},
		{"ssh://git@github.com/acme/repo_name.git/", "acme/repo_name", "ssh://git@github.com/acme/repo_name.git/"},
	}
	for _, tc := range accepted {
		got, err := ParseOrigin(tc.url)
		if err != nil || got.Repo != tc.repo || got.DisplayURL != tc.display {
			t.Errorf("ParseOrigin(%q) = %+v, %v; want %s %s", tc.url, got, err, tc.repo, tc.display)
		}
	}
	rejected := []string{
		"", "   ", "not a url", "https://", "/Users/me/repo", "../repo",
		"git@github-work:acme/rollouts.git", "https://gitlab.com/acme/rollouts.git",
		"https://github.com/acme/team/rollouts.git", "https://github.com/acme.git",
		"https://github.com/acme/has%2fslash.git", "https://github.com/acme/has%5cslash.git",
		"https://github.com/acme/white space.git", "https://github.com/-bad/rollouts.git",
		"https://github.com/acme/bad~repo.git", "https://[github.com/acme/rollouts.git",
	}
	for _, c := range []string{"\x7f", "\u0080", "\u009f"} {
		for _, tmpl := range []string{
			"https://github.com/acme/rollouts.git?token=%s",
			"https://github.com/acme/rollouts.git#%s",
			"https://user%s:token@github.com/acme/rollouts.git",
			"https://github.com/acme/rollouts%s.git",
			"git@github.com:acme/rollouts%s.git",
		} {
			rejected = append(rejected, strings.Replace(tmpl, "%s", c, 1))
		}
	}
	for _, url := range rejected {
		if got, err := ParseOrigin(url); err == nil {
			t.Errorf("ParseOrigin(%q) = %+v; want rejection", url, got)
		}
	}
}

func TestParseOriginNeverLeaksCredentials(t *testing.T) {
	got, err := ParseOrigin("https://token:secret@github.com/Acme/Rollouts.git")
	if err != nil {
		t.Fatal(err)
	}
	if got.Repo != "acme/rollouts" || strings.Contains(got.DisplayURL, "secret") || strings.Contains(got.DisplayURL, "token") {
		t.Fatalf("got %+v", got)
	}
	_, err = ParseOrigin("https://token:secret@gitlab.com/a/b")
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Fatalf("error %v", err)
	}
	if _, err := ParseOrigin("https://github.com/a/b\xff"); err == nil {
		t.Fatal("invalid UTF-8 accepted")
	}
}

func FuzzParseOrigin(f *testing.F) {
	f.Add("git@github.com:acme/rollouts.git")
	f.Add("https://u:p@github.com:443/a/b.git/")
	f.Add("https://[::1]/a/b")
	f.Fuzz(func(t *testing.T, url string) {
		got, err := ParseOrigin(url)
		if err != nil {
			return
		}
		if !githubIdentity(got.Repo) || strings.Contains(got.DisplayURL, "@") && !strings.HasPrefix(got.DisplayURL, "ssh://git@") {
			t.Fatalf("ParseOrigin(%q) = %+v", url, got)
		}
	})
}

var githubIdentitySeeds = []string{
	"a/b", "acme/rollouts", "a-b/c.d_e-f", "-a/b", "a/", "/b", "a/b/c", "a//b", "a_b/c", "a/b c", "A9/Z.", "", "a",
	"a/b\n", "\na/b", "é/b", "a/é", "a-/b", "a/-", "a/..", "a/b/",
}

// TestGithubIdentityAsPattern holds githubIdentity to the pattern it
// writes out.
func TestGithubIdentityAsPattern(t *testing.T) {
	for _, s := range githubIdentitySeeds {
		sameGithubIdentity(t, s)
	}
}

func FuzzGithubIdentity(f *testing.F) {
	for _, s := range githubIdentitySeeds {
		f.Add(s)
	}
	f.Fuzz(sameGithubIdentity)
}

var githubIdentityRE = regexp.MustCompile(githubIdentityPattern)

func sameGithubIdentity(t *testing.T, s string) {
	if got, want := githubIdentity(s), githubIdentityRE.MatchString(s); got != want {
		t.Fatalf("%q: githubIdentity %v, the pattern %v", s, got, want)
	}
}
