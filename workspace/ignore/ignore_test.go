package ignore

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
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

func TestIgnoreRules(t *testing.T) {
	var r Rules
	r.Add(".git/info/exclude", []byte(".env.mine\n"))
	r.Add(".gitignore", []byte("\xef\xbb\xbf# secrets\n.env\n.env.*\n!.env.example\r\nsecret\\ \nbuild/\n\\#hash\n  \n"))
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
		got, by := r.Ignored(tc.path, tc.isDir)
		if got != tc.want || by != tc.by {
			t.Errorf("ignored(%q) = %v %q, want %v %q", tc.path, got, by, tc.want, tc.by)
		}
	}
}

// TestIgnoreRulesAgainstGit compares verdicts with git check-ignore on the
// same .gitignore.
func TestIgnoreRulesAgainstGit(t *testing.T) {
	gittest.Bin(t)
	gitignore := strings.Join([]string{
		".env", ".env.*", "!.env.example", "*.log", "/root-only.txt", "docs/**/*.md",
		"logs/", "!logs/keep.log", "a/**/b", "[Tt]mp*", "**/cache", "deep/*/x", "x\\ ", "odd**name",
		"data/*.csv", "!data/keep.csv", "secret?", "\\!bang", "**/**/***/twice", "m/**/**/n", "q/**/***",
	}, "\n") + "\n"
	paths := []string{
		".env", ".env.local", ".env.example", "sub/.env", "app.log", "sub/app.log", "root-only.txt",
		"sub/root-only.txt", "docs/a.md", "docs/x/y/a.md", "docs/a.txt", "logs/keep.log", "logs/a.txt",
		"a/b", "a/x/y/b", "tmpfile", "Tmp", "sub/tmp1", "cache", "x/cache", "x/cache/y", "deep/q/x",
		"deep/q/r/x", "x ", "oddXXname", "data/a.csv", "data/keep.csv", "secret1", "secret", "!bang",
		"plain.txt", "twice", "a/twice", "a/b/c/twice", "m/n", "m/a/n", "m/a/b/n", "q/r", "q/r/s", "q",
	}
	dir := t.TempDir()
	gittest.Run(t, dir, "init", "-q")
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(gitignore), 0o644); err != nil {
		t.Fatal(err)
	}
	var r Rules
	r.Add(".gitignore", []byte(gitignore))
	sameAsGit(t, dir, &r, paths)
}

func FuzzWildmatch(f *testing.F) {
	f.Add("a/**/b*[c-d]?", "a/x/bcc")
	f.Fuzz(func(t *testing.T, pattern, text string) {
		if len(pattern) > 64 || len(text) > 256 {
			return
		}
		got := wildmatch(pattern, text)
		byMap := wildMatcher{p: pattern, t: text, byMap: true}
		if byMap.match(0, 0) != got {
			t.Errorf("wildmatch(%q, %q): the table memo says %v, the map memo not", pattern, text, got)
		}
		if !strings.ContainsAny(pattern, `*?[\`) && got != (pattern == text) {
			t.Errorf("wildmatch(%q, %q) = %v for a pattern of no special character", pattern, text, got)
		}
		// the run of plain characters a pattern needs is in every text it
		// matches: the filter never turns a match away
		if need := plainRun(pattern); got && !strings.Contains(text, need) {
			t.Errorf("wildmatch(%q, %q) matches a text without its plain run %q", pattern, text, need)
		}
	})
}

// sameAsGit holds the rules' verdict on each path to git check-ignore's
// in dir.
func sameAsGit(t *testing.T, dir string, r *Rules, paths []string) {
	t.Helper()
	for _, p := range paths {
		cmd := exec.Command("git", "check-ignore", "-q", "--no-index", p)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		err := cmd.Run()
		want := err == nil
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() != 1 {
			t.Fatalf("git check-ignore %q: %v", p, err)
		}
		if got, _ := r.Ignored(p, false); got != want {
			t.Errorf("Ignored(%q) = %v, git says %v", p, got, want)
		}
	}
}

// TestScopedRulesAgainstGit compares verdicts with git check-ignore for
// .gitignore files in nested directories: each applies below its own
// directory, matched relative to it, and a deeper one takes precedence.
func TestScopedRulesAgainstGit(t *testing.T) {
	gittest.Bin(t)
	files := []struct{ base, data string }{
		{"", "*.log\n/top.txt\nbuild/\n"},
		{"sub", "!*.log\n/only-here\nnested/*.tmp\n"},
		{"sub/deep", "x\n!build/\n"},
	}
	paths := []string{
		"a.log", "sub/a.log", "sub/deep/a.log", "top.txt", "sub/top.txt", "only-here", "sub/only-here",
		"sub/deep/only-here", "sub/nested/a.tmp", "sub/deep/nested/a.tmp", "x", "sub/x", "sub/deep/x",
		"sub/deep/y/x", "build/a", "sub/build/a", "sub/deep/build/a", "subx/a.log",
	}
	dir := t.TempDir()
	gittest.Run(t, dir, "init", "-q")
	var r Rules
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.base), ".gitignore")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f.data), 0o644); err != nil {
			t.Fatal(err)
		}
		r.AddIn(strings.TrimPrefix(f.base+"/.gitignore", "/"), f.base, []byte(f.data))
	}
	sameAsGit(t, dir, &r, paths)
}

// TestWildmatchHostileLengths: a line of an ignore file may be megabytes
// long. Matching it neither recurses once a "**/" (which would overflow
// the stack, a crash no recover catches) nor allocates a table of the
// pattern's length times the path's.
func TestWildmatchHostileLengths(t *testing.T) {
	deep := strings.Repeat("**/", 5<<20) + "x"
	for _, tc := range []struct {
		text string
		want bool
	}{{"x", true}, {"a/b/x", true}, {"a/b/y", false}, {"xa", false}} {
		if got := wildmatch(deep, tc.text); got != tc.want {
			t.Errorf("wildmatch(\"**/\"×2²⁰ x, %q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	long := "*" + strings.Repeat("a", 4<<20)
	text := strings.Repeat("b", 200)
	if n := testing.AllocsPerRun(1, func() { wildmatch(long, text) }); n > 20 {
		t.Errorf("%v allocations", n)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if wildmatch(long, text) {
		t.Error("a pattern of 4 MiB of a matched b")
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("matching a 4 MiB pattern against 200 bytes allocated %d bytes", got)
	}
}

// TestMatchAllocations: an ignore file may hold hundreds of thousands of
// patterns, each held against every directory of every path: a match of a
// short pattern and name allocates nothing (a literal one is compared
// whole, a wildcard one memoizes on the stack).
func TestMatchAllocations(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { wildmatch("*x*y*z", "main.py") }); n != 0 {
		t.Errorf("wildmatch of a short pattern: %v allocations", n)
	}
	var r Rules
	r.Add(".gitignore", []byte("x\n*.log\n/build/\nlib/**/cache\n!keep.log\n"))
	if n := testing.AllocsPerRun(100, func() { r.Ignored("rollouts/calc/lib/main.py", false) }); n != 0 {
		t.Errorf("Ignored: %v allocations", n)
	}
	// a long pattern's memo is a table kept from one call to the next
	long := "configs/**/" + strings.Repeat("*-run", 40) + ".toml"
	text := "configs/training/" + strings.Repeat("a-run", 30) + ".toml"
	if n := testing.AllocsPerRun(100, func() { wildmatch(long, text) }); n != 0 {
		t.Errorf("wildmatch of a long pattern: %v allocations", n)
	}
}

// TestPlainRun: the run a pattern needs leaves out what may match
// something else than itself, and what "**/" may match with nothing.
func TestPlainRun(t *testing.T) {
	for pattern, want := range map[string]string{
		"configs/**/experiment-*.toml": "experiment-",
		"**/b":                         "b",
		"a\\*bc[xyz]defg?h":            "defg",
		"[]abcdef]x":                   "x",
		"ab[unterminated":              "ab",
		"*":                            "",
	} {
		if got := plainRun(pattern); got != want {
			t.Errorf("plainRun(%q) = %q, want %q", pattern, got, want)
		}
		// and the pattern's match of a text asks for it
		if p := NewPattern(pattern, false); p.need != want && !p.literal {
			t.Errorf("NewPattern(%q).need = %q", pattern, p.need)
		}
	}
}
