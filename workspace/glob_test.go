package workspace

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestWildmatch(t *testing.T) {
	tests := []struct {
		pattern, text string
		want          bool
	}{
		{"*.toml", "a.toml", true},
		{"*.toml", "dir/a.toml", false},
		{"a/*/c", "a/b/c", true},
		{"a/*/c", "a/b/x/c", false},
		{"a/**/c", "a/c", true},
		{"a/**/c", "a/b/x/c", true},
		{"**/c", "c", true},
		{"**/c", "a/b/c", true},
		{"a/**", "a/b/c", true},
		{"a/**", "a", false},
		{"**", "a/b", true},
		{"a**b", "axxb", true},
		{"a**b", "a/b", false},
		{"?.env", "a.env", true},
		{"?.env", "/.env", false},
		{"[abc].txt", "b.txt", true},
		{"[!abc].txt", "b.txt", false},
		{"[^abc].txt", "d.txt", true},
		{"[a-c]x", "bx", true},
		{"[]]x", "]x", true},
		{"[[:digit:]]", "7", true},
		{"[[:alpha:]]", "7", false},
		{"\\*", "*", true},
		{"\\*", "a", false},
		{".env*", ".env.local", true},
		{"*a*a*a*a*a*a*a*a*b", strings.Repeat("a", 60), false},
		{"[a", "a", false},
	}
	for _, tc := range tests {
		if got := wildmatch(tc.pattern, tc.text); got != tc.want {
			t.Errorf("wildmatch(%q, %q) = %v, want %v", tc.pattern, tc.text, got, tc.want)
		}
	}
}

func TestCompileGlob(t *testing.T) {
	bad := []string{"", "  ", "!configs/x.toml", "configs/[abc", "trailing\\", "[[:nope:]]"}
	for _, p := range bad {
		if _, err := CompileGlob(p); err == nil {
			t.Errorf("CompileGlob(%q) accepted", p)
		}
	}
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"configs/legacy/**", "configs/legacy/a/b.toml", true},
		{"configs/legacy", "configs/legacy/a.toml", true},
		{"configs/legacy/", "configs/legacy/a.toml", true},
		{"configs/legacy/", "configs/legacy", false},
		{"*.draft.toml", "configs/training/x.draft.toml", true},
		{"/x.toml", "configs/x.toml", false},
		{"configs/*/old-*.toml", "configs/eval/old-1.toml", true},
		{"configs/*/old-*.toml", "configs/eval/sub/old-1.toml", false},
		{"**/scratch/**", "configs/training/scratch/a.toml", true},
		{"scratch", "configs/scratch/a.toml", true},
	}
	for _, tc := range tests {
		g, err := CompileGlob(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Match(tc.path); got != tc.want {
			t.Errorf("%q.Match(%q) = %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
		if g.String() != tc.pattern {
			t.Errorf("String() = %q", g.String())
		}
	}
}

func TestIgnoreRules(t *testing.T) {
	var r ignoreRules
	r.addIgnoreFile(".git/info/exclude", []byte(".env.mine\n"))
	r.addIgnoreFile(".gitignore", []byte("\xef\xbb\xbf# secrets\n.env\n.env.*\n!.env.example\r\nsecret\\ \nbuild/\n\\#hash\n  \n"))
	tests := []struct {
		path  string
		isDir bool
		want  bool
		by    string
	}{
		{".env", false, true, ".gitignore:2"},
		{".env.local", false, true, ".gitignore:3"},
		{".env.example", false, false, ".gitignore:4"},
		{".env.mine", false, true, ".gitignore:3"},
		{"sub/.env", false, true, ".gitignore:2"},
		{"secret ", false, true, ".gitignore:5"},
		{"secret", false, false, ""},
		{"build", true, true, ".gitignore:6"},
		{"build", false, false, ""},
		{"build/x.txt", false, true, ".gitignore:6"},
		{"#hash", false, true, ".gitignore:7"},
		{"envfile", false, false, ""},
	}
	for _, tc := range tests {
		got, by := r.ignored(tc.path, tc.isDir)
		if got != tc.want || by != tc.by {
			t.Errorf("ignored(%q) = %v %q, want %v %q", tc.path, got, by, tc.want, tc.by)
		}
	}
}

// TestIgnoreRulesAgainstGit compares verdicts with git check-ignore on the
// same .gitignore.
func TestIgnoreRulesAgainstGit(t *testing.T) {
	gitBinary(t)
	gitignore := strings.Join([]string{
		".env", ".env.*", "!.env.example", "*.log", "/root-only.txt", "docs/**/*.md",
		"logs/", "!logs/keep.log", "a/**/b", "[Tt]mp*", "**/cache", "deep/*/x", "x\\ ", "odd**name",
		"data/*.csv", "!data/keep.csv", "secret?", "\\!bang",
	}, "\n") + "\n"
	paths := []string{
		".env", ".env.local", ".env.example", "sub/.env", "app.log", "sub/app.log", "root-only.txt",
		"sub/root-only.txt", "docs/a.md", "docs/x/y/a.md", "docs/a.txt", "logs/keep.log", "logs/a.txt",
		"a/b", "a/x/y/b", "tmpfile", "Tmp", "sub/tmp1", "cache", "x/cache", "x/cache/y", "deep/q/x",
		"deep/q/r/x", "x ", "oddXXname", "data/a.csv", "data/keep.csv", "secret1", "secret", "!bang",
		"plain.txt",
	}
	dir := t.TempDir()
	runGit(t, dir, "init", "-q")
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(gitignore), 0o644); err != nil {
		t.Fatal(err)
	}
	var r ignoreRules
	r.addIgnoreFile(".gitignore", []byte(gitignore))
	for _, p := range paths {
		cmd := exec.Command("git", "check-ignore", "-q", "--no-index", p)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		err := cmd.Run()
		want := err == nil
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() != 1 {
			t.Fatalf("git check-ignore %q: %v", p, err)
		}
		if got, _ := r.ignored(p, false); got != want {
			t.Errorf("ignored(%q) = %v, git says %v", p, got, want)
		}
	}
}

func FuzzWildmatch(f *testing.F) {
	f.Add("a/**/b*[c-d]?", "a/x/bcc")
	f.Fuzz(func(t *testing.T, pattern, text string) {
		if len(pattern) > 64 || len(text) > 256 {
			return
		}
		wildmatch(pattern, text)
		if g, err := CompileGlob(pattern); err == nil {
			g.Match(text)
		}
	})
}
