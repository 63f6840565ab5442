package workspace

import (
	"testing"
)

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

func FuzzCompileGlob(f *testing.F) {
	f.Add("a/**/b*[c-d]?", "a/x/bcc")
	f.Fuzz(func(t *testing.T, pattern, text string) {
		if len(pattern) > 64 || len(text) > 256 {
			return
		}
		if g, err := CompileGlob(pattern); err == nil {
			g.Match(text)
		}
	})
}
