package lint

import (
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// FuzzCheck lints arbitrary bytes as each config kind, alone or inside the
// example workspace. The seed corpus in testdata/fuzz/FuzzCheck (real
// configs and the conformance cases) runs with plain go test. sel picks the
// kind (sel%3, in the order of schema.Kinds) and the workspace (sel/3%2).
func FuzzCheck(f *testing.F) {
	f.Add([]byte("[experiment]\nrollout = \"multiply-agnet\"\n[training]\nlerning_rate = 1\n"), byte(3))
	f.Add([]byte("[[agents]]\nharness = \"cursor-cli\"\n[agents.model]\ntype = \"provider\"\n"), byte(2))
	f.Fuzz(func(t *testing.T, src []byte, sel byte) {
		kinds := schema.Kinds()
		in := Input{Kind: kinds[int(sel)%len(kinds)]}
		in.Path = "configs/" + string(in.Kind) + "/run.toml"
		if sel/3%2 == 1 {
			in.Env, in.Settings = exampleEnv(t, in.Path)
		}
		checkFindings(t, src, in)
	})
}

var exampleWS struct {
	once     sync.Once
	snap     *workspace.Snapshot
	settings *Settings
	err      error
}

// exampleEnv places a config in the example workspace, loaded once.
func exampleEnv(t testing.TB, rel string) (*Env, *Settings) {
	t.Helper()
	exampleWS.once.Do(func() {
		snap, err := workspace.Load("../workspace/example", workspace.Options{})
		if err != nil {
			exampleWS.err = err
			return
		}
		st := snap.Settings()
		exampleWS.snap = snap
		exampleWS.settings, exampleWS.err = NewSettings(st.Ignore, st.Severity)
	})
	if exampleWS.err != nil {
		t.Fatal(exampleWS.err)
	}
	return NewEnv(exampleWS.snap, rel), exampleWS.settings
}

// checkFindings lints src and asserts what must hold for any input:
// findings in the catalog with a severity and stage, positions that match
// their byte ranges, fixes whose edits lie within the source, and a fix
// run (safe fixes, then unsafe ones too) that keeps the file as good as it
// was and, when it settles, is idempotent on its output (see checkFixed).
// Arbitrary input may chain fixes beyond the fixer's rounds (a key defined
// 100 times, removed once a round); the fixer must then say so.
func checkFindings(t testing.TB, src []byte, in Input) []Finding {
	t.Helper()
	fs := Check(src, in)
	validFindings(t, src, in, fs)
	for _, unsafe := range []bool{false, true} {
		checkFixed(t, "", src, in, fs, FixOptions{Unsafe: unsafe}, false)
	}
	return fs
}

// validFindings asserts that the findings of src are well formed and
// returns all their fixes.
func validFindings(t testing.TB, src []byte, in Input, fs []Finding) []Fix {
	t.Helper()
	lines := toml.Parse(src).Lines
	valid := func(what string, r toml.Range) {
		t.Helper()
		if r.Start < 0 || r.Start > r.End || r.End > len(src) {
			t.Fatalf("%s range %v outside the %d-byte source", what, r, len(src))
		}
	}
	var all []Fix
	for _, f := range fs {
		if _, ok := Lookup(f.Rule); !ok {
			t.Fatalf("finding of unknown rule %q: %s", f.Rule, f.Message)
		}
		switch f.Severity {
		case Error, Warning, Info:
		default:
			t.Fatalf("%s: severity %q", f.Rule, f.Severity)
		}
		switch f.Stage {
		case StageSubmit, StagePlatform, StageRuntime, StageAdvice:
		default:
			t.Fatalf("%s: stage %q", f.Rule, f.Stage)
		}
		if f.Message == "" || !utf8.ValidString(f.Message) {
			t.Fatalf("%s: message %q is empty or not UTF-8", f.Rule, f.Message)
		}
		valid(f.Rule, f.Range)
		l, c := pos1(lines, f.Range.Start)
		el, ec := pos1(lines, f.Range.End)
		if f.Line != l || f.Column != c || f.EndLine != el || f.EndColumn != ec {
			t.Fatalf("%s: position %d:%d-%d:%d, range %v is at %d:%d-%d:%d", f.Rule, f.Line, f.Column, f.EndLine, f.EndColumn, f.Range, l, c, el, ec)
		}
		if f.Line < 1 || f.Column < 1 || f.EndLine < f.Line || (f.EndLine == f.Line && f.EndColumn < f.Column) {
			t.Fatalf("%s: position %d:%d-%d:%d", f.Rule, f.Line, f.Column, f.EndLine, f.EndColumn)
		}
		if f.Path != in.Path {
			t.Fatalf("%s: path %q, want %q", f.Rule, f.Path, in.Path)
		}
		for _, fx := range f.Fixes {
			if fx.Title == "" || len(fx.Edits) == 0 {
				t.Fatalf("%s: fix %q with %d edits", f.Rule, fx.Title, len(fx.Edits))
			}
			for _, e := range fx.Edits {
				valid(f.Rule+" fix "+fx.Title, e.Range)
			}
			all = append(all, fx)
		}
	}
	return all
}
