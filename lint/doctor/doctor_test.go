package doctor

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// gitInit makes dir a git worktree the way the tests of the osmosis CLI do
// (a .git directory), with an optional origin.
func gitInit(t *testing.T, dir, origin string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := "[core]\n\trepositoryformatversion = 0\n"
	if origin != "" {
		cfg += "[remote \"origin\"]\n\turl = " + origin + "\n"
	}
	write(t, filepath.Join(dir, ".git", "config"), cfg)
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// full adds the scaffold the CLI's tests call "full".
func full(t *testing.T, dir string) {
	t.Helper()
	for _, d := range []string{"rollouts", "configs/training", "configs/eval", "data"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"AGENTS.md", "CLAUDE.md", "configs/AGENTS.md"} {
		write(t, filepath.Join(dir, f), "# "+f+"\n")
	}
}

func doctor(t *testing.T, dir string, opts Options) *Report {
	t.Helper()
	opts.Dir = dir
	rep, err := Run(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func status(rep *Report, id string) []Status {
	var out []Status
	for _, c := range rep.Checks {
		if c.ID == id {
			out = append(out, c.Status)
		}
	}
	return out
}

// The osmosis CLI's doctor tests (missing list, order, identity, exit).
func TestMissingScaffoldInOrder(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	rep := doctor(t, ws, Options{})
	want := []string{"rollouts/", "configs/training/", "configs/eval/", "data/", "AGENTS.md", "CLAUDE.md", "configs/AGENTS.md"}
	if !reflect.DeepEqual(rep.Missing, want) {
		t.Errorf("missing = %q, want %q", rep.Missing, want)
	}
	if rep.Valid {
		t.Error("a bare repository is valid")
	}
	if !reflect.DeepEqual(rep.RequiredPaths, []string{"rollouts/", "configs/training/", "configs/eval/", "data/"}) {
		t.Errorf("required_paths = %q", rep.RequiredPaths)
	}
}

func TestExistingDirectoryIsNotMissing(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	if err := os.Mkdir(filepath.Join(ws, "rollouts"), 0o755); err != nil {
		t.Fatal(err)
	}
	rep := doctor(t, ws, Options{})
	for _, m := range rep.Missing {
		if strings.HasPrefix(m, "rollouts") || strings.Contains(m, ".gitkeep") || strings.Contains(m, ".osmosis") {
			t.Errorf("reported missing: %s", m)
		}
	}
}

func TestGitIdentity(t *testing.T) {
	cases := []struct {
		origin, identity, url, warning string
	}{
		{"git@github.com:Acme/Rollouts.git", "acme/rollouts", "ssh://git@github.com/Acme/Rollouts.git", ""},
		{"https://github.com/Acme/Rollouts.git", "acme/rollouts", "https://github.com/Acme/Rollouts.git", ""},
		{"https://gitlab.com/acme/rollouts.git", "", "", "github.com"},
		{"", "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.origin, func(t *testing.T) {
			ws := t.TempDir()
			gitInit(t, ws, c.origin)
			full(t, ws)
			rep := doctor(t, ws, Options{})
			got := ""
			if rep.Git.Identity != nil {
				got = *rep.Git.Identity
			}
			url := ""
			if rep.Git.RemoteURL != nil {
				url = *rep.Git.RemoteURL
			}
			if got != c.identity || url != c.url {
				t.Errorf("identity %q url %q, want %q %q", got, url, c.identity, c.url)
			}
			if c.warning != "" && !strings.Contains(rep.Git.Warning, c.warning) {
				t.Errorf("warning %q, want it to mention %q", rep.Git.Warning, c.warning)
			}
			// the origin never decides validity
			if !rep.Valid {
				t.Errorf("a full scaffold is invalid: %+v", rep.Checks)
			}
			if c.identity == "" && !slices.Contains(status(rep, "origin-identity"), Warn) {
				t.Errorf("no origin warning: %+v", rep.Checks)
			}
		})
	}
}

func TestNotAWorkspace(t *testing.T) {
	dir := t.TempDir()
	_, err := Run(dir, Options{Dir: dir, Fix: true})
	if !errors.Is(err, ErrNotWorkspace) {
		t.Fatalf("err = %v, want ErrNotWorkspace", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("--fix outside a workspace created %d entries", len(entries))
	}
}

func TestFixCreatesScaffoldFromTemplate(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	tpl := t.TempDir()
	write(t, filepath.Join(tpl, "AGENTS.md"), "template agents\n")
	write(t, filepath.Join(tpl, "CLAUDE.md"), "template claude\n")
	write(t, filepath.Join(tpl, "configs", "AGENTS.md"), "template configs\n")
	write(t, filepath.Join(tpl, ".claude", "settings.json"), "{}\n")
	rep := doctor(t, ws, Options{Fix: true, Template: tpl})
	if len(rep.Missing) != 0 || !rep.Valid {
		t.Fatalf("after --fix: missing %q, checks %+v", rep.Missing, rep.Checks)
	}
	got, _ := os.ReadFile(filepath.Join(ws, "AGENTS.md"))
	if string(got) != "template agents\n" {
		t.Errorf("AGENTS.md = %q", got)
	}
	for _, d := range []string{"rollouts", "configs/training", "configs/eval", "data"} {
		if _, err := os.Stat(filepath.Join(ws, d, ".gitkeep")); err != nil {
			t.Errorf("%s/.gitkeep: %v", d, err)
		}
	}
	for _, never := range []string{".osmosis", ".claude/settings.json", "configs/training/default.toml"} {
		if _, err := os.Lstat(filepath.Join(ws, never)); err == nil {
			t.Errorf("--fix created %s", never)
		}
	}
	// a second run changes nothing
	before := snapshotTree(t, ws)
	rep2 := doctor(t, ws, Options{Fix: true, Template: tpl})
	if len(rep2.Fixed) != 0 || !reflect.DeepEqual(before, snapshotTree(t, ws)) {
		t.Errorf("the second --fix changed %q", rep2.Fixed)
	}
}

func TestFixTemplateFromEnvironment(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	full(t, ws)
	if err := os.Remove(filepath.Join(ws, "CLAUDE.md")); err != nil {
		t.Fatal(err)
	}
	tpl := t.TempDir()
	write(t, filepath.Join(tpl, "CLAUDE.md"), "from env\n")
	t.Setenv("OSMOSIS_WORKSPACE_TEMPLATE_PATH", tpl)
	rep := doctor(t, ws, Options{Fix: true})
	got, _ := os.ReadFile(filepath.Join(ws, "CLAUDE.md"))
	if string(got) != "from env\n" || !rep.Valid {
		t.Errorf("CLAUDE.md = %q, valid %v", got, rep.Valid)
	}
}

func TestFixWithoutTemplateSaysWhere(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	t.Setenv("OSMOSIS_WORKSPACE_TEMPLATE_PATH", "")
	rep := doctor(t, ws, Options{Fix: true})
	if !reflect.DeepEqual(rep.Missing, []string{"AGENTS.md", "CLAUDE.md", "configs/AGENTS.md"}) {
		t.Errorf("missing = %q", rep.Missing)
	}
	found := false
	for _, c := range rep.Checks {
		if c.ID == "missing-agent-file" && strings.Contains(c.Message, "--template") {
			found = true
		}
	}
	if !found {
		t.Errorf("no hint about --template: %+v", rep.Checks)
	}
}

func TestFixNeverOverwritesNorFollowsSymlinks(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	full(t, ws)
	write(t, filepath.Join(ws, "CLAUDE.md"), "mine\n")
	// a dangling symlink in place of AGENTS.md
	if err := os.Remove(filepath.Join(ws, "AGENTS.md")); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "target.md")
	if err := os.Symlink(outside, filepath.Join(ws, "AGENTS.md")); err != nil {
		t.Fatal(err)
	}
	tpl := t.TempDir()
	for _, f := range []string{"AGENTS.md", "CLAUDE.md", "configs/AGENTS.md"} {
		write(t, filepath.Join(tpl, f), "template\n")
	}
	rep := doctor(t, ws, Options{Fix: true, Template: tpl})
	if got, _ := os.ReadFile(filepath.Join(ws, "CLAUDE.md")); string(got) != "mine\n" {
		t.Errorf("CLAUDE.md overwritten: %q", got)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("wrote through the dangling symlink")
	}
	if rep.Valid {
		t.Error("valid with AGENTS.md still missing")
	}
}

func TestSymlinkedDirectoryCounts(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	full(t, ws)
	if err := os.Remove(filepath.Join(ws, "data")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(ws, "datasets"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("datasets", filepath.Join(ws, "data")); err != nil {
		t.Fatal(err)
	}
	if rep := doctor(t, ws, Options{}); len(rep.Missing) != 0 {
		t.Errorf("missing %q", rep.Missing)
	}
}

func TestConfigsDatasetsRolloutsAndSkills(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "https://github.com/acme/ws.git")
	full(t, ws)
	write(t, filepath.Join(ws, "rollouts", "agent", "main.py"), "pass\n")
	write(t, filepath.Join(ws, "rollouts", "agent", "pyproject.toml"), "[project]\nname = \"agent\"\ndependencies = [\"osmosis-ai[server]>=0.3\"]\n")
	write(t, filepath.Join(ws, "rollouts", "spare", "main.py"), "pass\n")
	write(t, filepath.Join(ws, "configs", "training", "run.toml"),
		"[experiment]\nrollout = \"agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"train\"\n\n[training]\nlerning_rate = 1\n")
	write(t, filepath.Join(ws, "data", "train.jsonl"), "{\"user_prompt\": \"a\", \"ground_truth\": \"1\"}\n{\"user_prompt\": \"b\"}\n")
	write(t, filepath.Join(ws, ".agents", "skills", "plan", "SKILL.md"), "---\nname: plan\ndescription: Plan a run.\n---\nbody\n")
	write(t, filepath.Join(ws, ".agents", "skills", "submit", "SKILL.md"), "---\nname: wrong\ndescription: Submit.\n---\n")
	if err := os.MkdirAll(filepath.Join(ws, ".claude", "skills"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../.agents/skills/submit", filepath.Join(ws, ".claude", "skills", "submit")); err != nil {
		t.Fatal(err)
	}
	rep := doctor(t, ws, Options{})
	if rep.Valid {
		t.Error("valid despite errors")
	}
	rules := map[string]bool{}
	for _, f := range rep.Findings {
		rules[f.Rule] = true
	}
	for _, want := range []string{"unknown-key", "dataset-file", "skill-frontmatter", "rollout-pyproject"} {
		if !rules[want] {
			t.Errorf("no %s finding: %+v", want, rep.Findings)
		}
	}
	if !slices.Contains(status(rep, "unused-rollout"), Info) {
		t.Errorf("spare rollout not reported: %+v", rep.Checks)
	}
	// the dataset problem has its line
	for _, f := range rep.Findings {
		if f.Rule == "dataset-file" && f.Severity == lint.Error && f.Line < 1 {
			t.Errorf("dataset finding without a line: %+v", f)
		}
	}
	// --fix links the skill without its link
	rep = doctor(t, ws, Options{Fix: true})
	target, err := os.Readlink(filepath.Join(ws, ".claude", "skills", "plan"))
	if err != nil || target != "../../.agents/skills/plan" {
		t.Errorf("link = %q, %v; fixed %q", target, err, rep.Fixed)
	}
}

func TestEnvFiles(t *testing.T) {
	gittest.Bin(t)
	ws := t.TempDir()
	run := func(args ...string) { t.Helper(); gittest.Run(t, ws, args...) }
	run("init", "-q")
	full(t, ws)
	write(t, filepath.Join(ws, ".env"), "OPENAI_API_KEY=sk-x\n")
	write(t, filepath.Join(ws, ".env.local"), "A=1\n")
	write(t, filepath.Join(ws, ".env.example"), "A=\n")
	run("add", ".env")
	rep := doctor(t, ws, Options{})
	var tracked, unignored bool
	for _, c := range rep.Checks {
		if c.ID == "env-file" && c.Path == ".env" && c.Status == Fail {
			tracked = true
		}
		if c.ID == "env-file" && c.Path == ".env.local" && c.Status == Warn {
			unignored = true
		}
		if c.ID == "env-file" && c.Path == ".env.example" {
			t.Errorf(".env.example reported: %+v", c)
		}
	}
	if !tracked || !unignored || rep.Valid {
		t.Errorf("tracked %v unignored %v valid %v: %+v", tracked, unignored, rep.Valid, rep.Checks)
	}
	write(t, filepath.Join(ws, ".gitignore"), ".env*\n!.env.example\n")
	run("rm", "-q", "--cached", ".env")
	rep = doctor(t, ws, Options{})
	if !slices.Equal(status(rep, "env-file"), []Status{OK}) {
		t.Errorf("after ignoring: %+v", rep.Checks)
	}
	// ignored only by a .git/info/exclude that links out of the git
	// directory: git follows it, the door does not, so nothing is claimed
	outside := filepath.Join(t.TempDir(), "exclude")
	write(t, outside, ".env.local\n")
	os.Remove(filepath.Join(ws, ".git", "info", "exclude"))
	if err := os.Symlink(outside, filepath.Join(ws, ".git", "info", "exclude")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(ws, ".gitignore"), ".env\n")
	rep = doctor(t, ws, Options{})
	if got := status(rep, "env-file"); !slices.Equal(got, []Status{Skipped}) {
		t.Errorf("a .env ignored by a linked info/exclude: %v %+v", got, rep.Checks)
	}
}

// snapshotTree lists every path under dir with its content or link target.
func snapshotTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "-> " + target
		case fi.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			out[rel] = string(b)
		default:
			out[rel] = "dir"
		}
		return nil
	})
	return out
}

// TestScaffoldReportedOnce: a missing data/ is doctor's missing-scaffold
// check, not a finding of every config again (check reports it on each,
// as workspace-scaffold).
func TestScaffoldReportedOnce(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	write(t, filepath.Join(ws, "rollouts", "agent", "main.py"), "")
	write(t, filepath.Join(ws, "configs", "eval", ".gitkeep"), "")
	write(t, filepath.Join(ws, "configs", "training", "a.toml"), "[experiment]\nrollout = \"agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n")
	rep := doctor(t, ws, Options{})
	if !reflect.DeepEqual(rep.Missing[:1], []string{"data/"}) {
		t.Errorf("missing = %q", rep.Missing)
	}
	for _, f := range rep.Findings {
		if f.Rule == lint.RuleWorkspaceScaffold {
			t.Errorf("the configs check repeats the scaffold: %s", f.Message)
		}
	}
}
