package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// escapeTree is a workspace with every kind of symlink the path rules must
// survive. "outside/" is a sibling of the root that must never be read.
func escapeTree(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "ws")
	outside = filepath.Join(base, "outside")
	writeTree(t, base, files{
		"outside/main.py":               "print('outside')\n",
		"outside/dir/":                  "",
		"ws/.git/":                      "",
		"ws/rollouts/demo/main.py":      "",
		"ws/rollouts/demo/sub/x.py":     "",
		"ws/rollouts/demo/pkg/":         "",
		"ws/rollouts/demo/out.py":       "->../../../outside/main.py",
		"ws/rollouts/demo/abs-out.py":   "->" + filepath.Join(base, "outside/main.py"),
		"ws/rollouts/demo/abs-in.py":    "->" + filepath.Join(base, "ws/rollouts/demo/main.py"),
		"ws/rollouts/demo/up":           "->..",
		"ws/rollouts/demo/loop-a":       "->loop-b",
		"ws/rollouts/demo/loop-b":       "->loop-a",
		"ws/rollouts/demo/self":         "->self",
		"ws/rollouts/demo/dangling.py":  "->nowhere.py",
		"ws/rollouts/demo/to-other":     "->../other",
		"ws/rollouts/demo/shared":       "->../../shared",
		"ws/rollouts/other/main.py":     "",
		"ws/rollouts/escaped":           "->../../outside",
		"ws/rollouts/escaped-abs":       "->" + filepath.Join(base, "outside"),
		"ws/rollouts/alias":             "->demo",
		"ws/rollouts/elsewhere":         "->../shared",
		"ws/shared/lib.py":              "",
		"ws/configs/training/ok.toml":   "",
		"ws/configs/training/Up.TOML":   "",
		"ws/configs/training/.toml":     "",
		"ws/configs/training/link.toml": "->../eval/real.toml",
		"ws/configs/training/out.toml":  "->../../../outside/main.py",
		"ws/configs/eval/real.toml":     "",
		"ws/configs/benchmark/b.toml":   "",
		"ws/configs/stray.toml":         "",
		"ws/other.toml":                 "",
	})
	return root, outside
}

func TestResolve(t *testing.T) {
	root, outside := escapeTree(t)
	s := mustLoad(t, root, Options{})
	tests := []struct {
		path                           string
		wantPath                       string
		inside, exists, isDir, regular bool
		loop                           bool
		escapeVia                      string
	}{
		{"rollouts/demo/main.py", "rollouts/demo/main.py", true, true, false, true, false, ""},
		{"rollouts/demo/sub/../main.py", "rollouts/demo/main.py", true, true, false, true, false, ""},
		{"rollouts/demo/./sub//x.py", "rollouts/demo/sub/x.py", true, true, false, true, false, ""},
		{"rollouts/demo/up/demo/main.py", "rollouts/demo/main.py", true, true, false, true, false, ""},
		{"rollouts/demo/up/../AGENTS.md", "AGENTS.md", true, false, false, false, false, ""},
		{"rollouts/demo/up/../../AGENTS.md", "", false, false, false, false, false, ""},
		{"rollouts/demo/missing/../main.py", "rollouts/demo/main.py", true, true, false, true, false, ""},
		{"rollouts/demo/main.py/x", "rollouts/demo/main.py/x", true, false, false, false, false, ""},
		{"rollouts/demo/abs-in.py", "rollouts/demo/main.py", true, true, false, true, false, ""},
		{"rollouts/demo/dangling.py", "rollouts/demo/nowhere.py", true, false, false, false, false, ""},
		{"rollouts/demo/shared/lib.py", "shared/lib.py", true, true, false, true, false, ""},
		{"rollouts/demo/out.py", "", false, false, false, false, false, "rollouts/demo/out.py"},
		{"rollouts/demo/abs-out.py", "", false, false, false, false, false, "rollouts/demo/abs-out.py"},
		{"rollouts/escaped/main.py", "", false, false, false, false, false, "rollouts/escaped"},
		{"rollouts/escaped-abs", "", false, false, false, false, false, "rollouts/escaped-abs"},
		{"rollouts/demo/loop-a", "", true, false, false, false, true, ""},
		{"rollouts/demo/self/x", "", true, false, false, false, true, ""},
		{"../outside/main.py", "", false, false, false, false, false, ""},
		{"rollouts/../../outside", "", false, false, false, false, false, ""},
		{filepath.Join(outside, "main.py"), "", false, false, false, false, false, ""},
		{filepath.Join(root, "rollouts/demo"), "rollouts/demo", true, true, true, false, false, ""},
		{root + "/rollouts/demo/up/../AGENTS.md", "AGENTS.md", true, false, false, false, false, ""},
		{root + "/../ws/AGENTS.md", "", false, false, false, false, false, ""},
		{".", ".", true, true, true, false, false, ""},
		{"", ".", true, true, true, false, false, ""},
	}
	for _, tc := range tests {
		r := s.Resolve(tc.path)
		if r.Inside != tc.inside || r.Exists != tc.exists || r.IsDir != tc.isDir || r.IsRegular != tc.regular ||
			r.Loop != tc.loop || r.EscapeVia != tc.escapeVia || (tc.wantPath != "" && r.Path != tc.wantPath) {
			t.Errorf("Resolve(%q) = %+v", tc.path, r)
		}
		if !r.Inside && r.EscapeVia != "" && r.EscapeTarget == "" {
			t.Errorf("Resolve(%q): no escape target", tc.path)
		}
	}
}

// TestResolveRolloutPath covers the submit rules rollout-escape and
// entrypoint-escape, and the research vectors (multi-segment names are the
// caller's lexical check; ../../main.py escapes).
func TestResolveRolloutPath(t *testing.T) {
	root, outside := escapeTree(t)
	s := mustLoad(t, root, Options{})
	tests := []struct {
		rollout, entry          string
		dirContained, dirExists bool
		entryContained, regular bool
	}{
		{"demo", "main.py", true, true, true, true},
		{"demo", "sub/../main.py", true, true, true, true},
		{"demo", "sub/x.py", true, true, true, true},
		{"demo", "../../main.py", true, true, false, false},
		{"demo", "../other/main.py", true, true, false, true},
		{"demo", "../../../../etc/passwd", true, true, false, false},
		{"demo", "/etc/passwd", true, true, false, false},
		{"demo", filepath.Join(outside, "main.py"), true, true, false, false},
		{"demo", filepath.Join(root, "rollouts/demo/main.py"), true, true, true, true},
		{"demo", "out.py", true, true, false, false},
		{"demo", "abs-out.py", true, true, false, false},
		{"demo", "to-other/main.py", true, true, false, true},
		{"demo", "up/demo/main.py", true, true, true, true},
		{"demo", "loop-a", true, true, true, false},
		{"demo", "pkg", true, true, true, false},
		{"demo", "missing.py", true, true, true, false},
		{"demo", "", true, true, true, false},
		{"alias", "main.py", true, true, true, true},
		{"escaped", "main.py", false, false, false, false},
		{"escaped-abs", "main.py", false, false, false, false},
		{"elsewhere", "lib.py", false, true, false, false},
		{"nope", "main.py", true, false, true, false},
	}
	for _, tc := range tests {
		rp := s.ResolveRolloutPath(tc.rollout, tc.entry)
		if rp.DirContained != tc.dirContained || (rp.DirContained && rp.Dir.Exists != tc.dirExists) ||
			rp.EntryContained != tc.entryContained || rp.Entry.IsRegular != tc.regular {
			t.Errorf("ResolveRolloutPath(%q, %q) = %+v", tc.rollout, tc.entry, rp)
		}
	}
	if rp := s.ResolveRolloutPath("alias", "main.py"); rp.Dir.Path != "rollouts/demo" || rp.Entry.Path != "rollouts/demo/main.py" {
		t.Errorf("alias resolved to %+v", rp)
	}
}

// TestResolveRolloutsDirOutside: a rollouts/ symlinked outside the root is
// never followed, so nothing under it is contained.
func TestResolveRolloutsDirOutside(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, files{"elsewhere/demo/main.py": "", "ws/.git/": "", "ws/rollouts": "->../elsewhere"})
	s := mustLoad(t, filepath.Join(base, "ws"), Options{})
	rp := s.ResolveRolloutPath("demo", "main.py")
	if rp.DirContained || rp.Rollouts.Inside || rp.Rollouts.EscapeVia != "rollouts" {
		t.Fatalf("got %+v", rp)
	}
	if rs := s.Rollouts(); len(rs) != 0 {
		t.Fatalf("rollouts listed through an escaping link: %+v", rs)
	}
}

func TestConfigKind(t *testing.T) {
	root, outside := escapeTree(t)
	s := mustLoad(t, root, Options{})
	tests := []struct {
		path string
		kind Kind
		loc  Location
	}{
		{"configs/training/ok.toml", KindTraining, LocationKindDir},
		{filepath.Join(root, "configs/training/ok.toml"), KindTraining, LocationKindDir},
		{"configs/training/new/deep.toml", KindTraining, LocationKindDir},
		{"configs/training/Up.TOML", KindTraining, LocationWrongSuffix},
		{"configs/training/.toml", KindTraining, LocationWrongSuffix},
		{"configs/training/x.toml.bak", KindTraining, LocationWrongSuffix},
		{"configs/training", KindTraining, LocationWrongSuffix},
		{"configs/training/link.toml", KindEval, LocationKindDir},
		{"configs/training/out.toml", KindUnknown, LocationEscapes},
		{"configs/eval/real.toml", KindEval, LocationKindDir},
		{"configs/benchmark/b.toml", KindBenchmark, LocationKindDir},
		{"configs/stray.toml", KindUnknown, LocationConfigs},
		{"configs/training/../stray.toml", KindUnknown, LocationConfigs},
		{"other.toml", KindUnknown, LocationOutside},
		{"../outside/x.toml", KindUnknown, LocationEscapes},
		{filepath.Join(outside, "main.py"), KindUnknown, LocationEscapes},
	}
	for _, tc := range tests {
		p := s.ConfigKind(tc.path)
		if p.Kind != tc.kind || p.Location != tc.loc {
			t.Errorf("ConfigKind(%q) = %s %s", tc.path, p.Kind, p.Location)
		}
	}
}

// TestConfigKindSymlinkedKindDir: a kind directory that is itself a
// symlink inside the workspace counts after resolution, as in the CLI.
func TestConfigKindSymlinkedKindDir(t *testing.T) {
	root := newWorkspace(t, files{
		"shared/training/a.toml": "",
		"configs/training":       "->../shared/training",
		"configs/eval/":          "",
	})
	s := mustLoad(t, root, Options{})
	if p := s.ConfigKind("configs/training/a.toml"); p.Kind != KindTraining || p.Location != LocationKindDir {
		t.Fatalf("got %+v", p)
	}
	if p := s.ConfigKind("shared/training/a.toml"); p.Kind != KindTraining {
		t.Fatalf("the resolved path is what counts: got %+v", p)
	}
	cfgs := s.Configs()
	if len(cfgs) != 1 || cfgs[0].Path != "configs/training/a.toml" || !cfgs[0].Symlink || cfgs[0].Kind != KindTraining {
		t.Fatalf("configs %+v", cfgs)
	}
}

// TestResolveSymlinkedRoot: absolute link targets written through the
// root's real path or its symlinked spelling both count as inside.
func TestResolveSymlinkedRoot(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	writeTree(t, base, files{
		"real/.git/":                  "",
		"real/rollouts/demo/main.py":  "",
		"real/rollouts/demo/via-real": "->" + filepath.Join(real, "rollouts/demo/main.py"),
		"real/rollouts/demo/via-link": "->" + filepath.Join(base, "link/rollouts/demo/main.py"),
		"link":                        "->real",
	})
	s := mustLoad(t, filepath.Join(base, "link"), Options{})
	for _, p := range []string{"rollouts/demo/via-real", "rollouts/demo/via-link"} {
		if r := s.Resolve(p); !r.Inside || !r.IsRegular || r.Path != "rollouts/demo/main.py" {
			t.Errorf("Resolve(%q) = %+v", p, r)
		}
	}
	if rel, ok := s.Rel(filepath.Join(real, "configs/x.toml")); !ok || rel != "configs/x.toml" {
		t.Errorf("Rel through the real root = %q %v", rel, ok)
	}
}

// TestResolveNeverReadsOutside makes the outside unreadable: resolution
// must not need it.
func TestResolveNeverReadsOutside(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores permissions")
	}
	root, outside := escapeTree(t)
	if err := os.Chmod(outside, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(outside, 0o755) })
	s := mustLoad(t, root, Options{})
	if r := s.Resolve("rollouts/demo/out.py"); r.Inside {
		t.Fatalf("got %+v", r)
	}
}

// TestWalkCycles: directory symlinks that form cycles, point up, or fan
// out to each other end the walk with each config listed once, under the
// first name the depth-first walk meets.
func TestWalkCycles(t *testing.T) {
	root := newWorkspace(t, files{
		"configs/training/a.toml": "",
		"configs/training/self":   "->.",
		"configs/training/up":     "->..",
		"configs/training/root":   "->../../",
		"configs/eval/x/y.toml":   "",
		"configs/eval/x/back":     "->../../eval",
		"shared/p/q.toml":         "",
		"shared/p/to-r":           "->../r",
		"shared/r/s.toml":         "",
		"shared/r/to-p":           "->../p",
		"configs/benchmark/p":     "->../../shared/p",
		"configs/benchmark/r":     "->../../shared/r",
	})
	s := mustLoad(t, root, Options{})
	var got []string
	for _, c := range s.Configs() {
		got = append(got, c.Path)
	}
	want := []string{
		"configs/benchmark/p/q.toml", "configs/benchmark/p/to-r/s.toml",
		"configs/eval/x/y.toml", "configs/training/a.toml",
	}
	if len(got) != len(want) {
		t.Fatalf("configs %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("configs %q, want %q", got, want)
		}
	}
}

// TestRelUnder holds relOf's shortcut to the answer of its walk over
// components, and relOf to no allocation for a config path as listed.
func TestRelUnder(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("the shortcut is for slash paths")
	}
	slow := func(rv resolver, abs string) (string, bool) {
		comps := splitOSPath(abs)
		for _, base := range []string{rv.root, rv.realRoot} {
			bc := splitOSPath(base)
			if len(comps) < len(bc) || !slices.Equal(comps[:len(bc)], bc) {
				continue
			}
			if len(comps) == len(bc) {
				return ".", true
			}
			return strings.Join(comps[len(bc):], "/"), true
		}
		return "", false
	}
	for _, root := range []string{"/ws", "/a/ws", "/a/ws/", "/a//ws", "/", "/a/./ws"} {
		rv := resolver{root: root, realRoot: "/real/ws"}
		for _, abs := range []string{
			"/ws", "/ws/", "/ws/configs/a.toml", "/ws/configs//a.toml", "/ws/./a", "/ws/a/.", "/ws/../x",
			"/ws/a/../b", "/wsx/a", "/a/ws/configs/training/run.toml", "/a/ws", "/a/wsa/b", "/a//ws/c",
			"/real/ws/c.toml", "/ws/.hidden/x", "/ws/a..b", "/",
		} {
			gotRel, gotOK := rv.relOf(abs)
			wantRel, wantOK := slow(rv, abs)
			if gotRel != wantRel || gotOK != wantOK {
				t.Errorf("root %q: relOf(%q) = %q, %v; the walk gives %q, %v", root, abs, gotRel, gotOK, wantRel, wantOK)
			}
		}
	}
	rv := resolver{root: "/home/u/ws", realRoot: "/home/u/ws"}
	if n := testing.AllocsPerRun(100, func() { rv.relOf("/home/u/ws/configs/training/team-1/run-1.toml") }); n != 0 {
		t.Errorf("relOf of a listed config: %v allocations, want 0", n)
	}
}
