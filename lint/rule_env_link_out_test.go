package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEnvLinkOut(t *testing.T) {
	// a file outside the workspace the CLI would load and refuse
	outside := filepath.Join(t.TempDir(), "shared.env")
	if err := os.WriteFile(outside, []byte("OSMOSIS_PLATFORM_URL=http://tok3n.example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runRuleCases(t, "env-link-out", []ruleCase{
		{name: "no .env", src: goodTraining, ws: rolloutWS},
		{name: "a .env in the workspace", src: goodTraining, ws: withWS(tree{".env": "A=1\n"})},
		{name: "a link inside the workspace", src: goodTraining, ws: withWS(tree{"env/dev.env": "A=1\n", ".env": "->env/dev.env"})},
		{name: "a link out", src: goodTraining, ws: withWS(tree{".env": "->" + outside}),
			want: []string{`1:1-1:13 env-link-out ""`}, msg: []string{".env is a symlink that leads outside the workspace: the osmosis CLI loads the file it leads to"}},
		{name: "a relative link out", src: goodTraining, ws: withWS(tree{".env": "->../../" + filepath.Base(filepath.Dir(outside)) + "/shared.env"}),
			want: []string{`1:1-1:13 env-link-out ""`}},
	})
}

// TestEnvLinkOutReadsNothing: the file outside is neither judged nor
// printed, and env-platform-url says nothing of it.
func TestEnvLinkOutReadsNothing(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "shared.env")
	if err := os.WriteFile(outside, []byte("OSMOSIS_PLATFORM_URL=http://tok3n.example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := ruleCase{src: goodTraining, ws: withWS(tree{".env": "->" + outside})}
	fs := Check([]byte(c.src), c.input(t))
	if len(fs) != 1 || fs[0].Rule != RuleEnvLinkOut || fs[0].Severity != Warning || fs[0].Stage != StageSubmit {
		t.Fatalf("findings: %s", describeFindings(fs))
	}
	if m := fs[0].Message; strings.Contains(m, "tok3n") || strings.Contains(m, dir) {
		t.Errorf("the message names what lies outside: %s", m)
	}
}
