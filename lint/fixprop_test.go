package lint

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// checkFixed runs the fixer on src, whose findings are before, and asserts
// what every fixed file must satisfy: it parses whenever src did; it has no
// submit error src did not have, except on a `<your-...>`
// placeholder the fixer wrote, which the placeholder rule reports (see
// newError); no more empty or blank strings than src had; the fixer
// settled (or, where mustSettle is false, said it did not); its findings
// are those of the file it returns; and a
// second run changes nothing.
func checkFixed(t testing.TB, name string, src []byte, in Input, before []Finding, opts FixOptions, mustSettle bool) FixResult {
	t.Helper()
	res := FixSource(src, in, opts)
	t.Helper()
	show := func() string {
		return "\n" + name + "\ninput:\n" + numbered(string(src)) + "output:\n" + numbered(string(res.Src)) + "findings after:\n" + describeFindings(res.Findings)
	}
	if !res.Converged && (mustSettle || len(res.Skipped) == 0) {
		t.Fatalf("the fixer did not settle: %v%s", res.Skipped, show())
	}
	if len(res.Applied) == 0 && !bytes.Equal(res.Src, src) {
		t.Fatalf("no fix applied, yet the file changed%s", show())
	}
	if syntaxErrors(before) == 0 && syntaxErrors(res.Findings) > 0 || syntaxErrors(res.Findings) > syntaxErrors(before) {
		t.Fatalf("the fixes broke the file (%d syntax errors before, %d after)%s", syntaxErrors(before), syntaxErrors(res.Findings), show())
	}
	if f, ok := newError(before, res.Findings); ok {
		t.Fatalf("the fixes added an error: %s: %s%s", formatFinding(f), f.Message, show())
	}
	if b, a := blankStrings(src), blankStrings(res.Src); a > b {
		t.Fatalf("the fixes wrote an empty value (%d blank strings before, %d after)%s", b, a, show())
	}
	if got := Check(res.Src, in); describeFindings(got) != describeFindings(res.Findings) {
		t.Fatalf("%s: the fixer's findings are not those of its result:\n%s\nwant:\n%s", name, describeFindings(res.Findings), describeFindings(got))
	}
	if !res.Converged {
		return res // said so; a second run goes on from there
	}
	again := FixSource(res.Src, in, opts)
	if len(again.Applied) > 0 || !bytes.Equal(again.Src, res.Src) {
		t.Fatalf("%s: a second run changed the file again: %v\nfirst:\n%s\nsecond:\n%s", name, again.Applied, res.Src, again.Src)
	}
	return res
}

func syntaxErrors(fs []Finding) int { return countRule(fs, RuleTOMLSyntax) }

// newError returns a submit error of after that is new: before had no
// error of that rule on that key, no submit error on that key or on a
// table above it (a table that was missing, then written from the user's
// own misspelled one, shows what it lacks); and it is not on a
// `<your-...>` placeholder new in after. The fixer is stricter round by
// round: there, only a table that was present excuses.
func newError(before, after []Finding) (Finding, bool) {
	had := map[string]int{}
	onKey := map[string]bool{}
	for _, f := range before {
		if !f.IsError() {
			continue
		}
		had[f.Rule+"\x00"+f.Key]++
		if f.Stage == StageSubmit {
			onKey[f.Key] = true
		}
	}
	var holes []Finding
	for _, f := range after {
		if f.Rule == RulePlaceholder && had[RulePlaceholder+"\x00"+f.Key] == 0 {
			holes = append(holes, f)
		}
	}
	for _, f := range after {
		if !f.IsError() || f.Stage != StageSubmit {
			continue
		}
		if k := f.Rule + "\x00" + f.Key; had[k] > 0 {
			had[k]--
			continue
		}
		excused := onKey[f.Key]
		for i := range len(f.Key) {
			if f.Key[i] == '.' && onKey[f.Key[:i]] {
				excused = true
			}
		}
		for _, h := range holes {
			if f.Range.Start < h.Range.End && h.Range.Start < f.Range.End {
				excused = true
			}
		}
		if !excused {
			return f, true
		}
	}
	return Finding{}, false
}

// blankStrings counts the string values of src that are empty or blank.
func blankStrings(src []byte) int {
	n := 0
	toml.WalkValues(toml.Parse(src).Root, nil, func(_ []string, _ *toml.Entry, v *toml.Value) {
		if v.Kind == toml.KindString && strings.TrimSpace(v.Str) == "" {
			n++
		}
	})
	return n
}

// TestFixProperty runs the fixer over every conformance corpus, alone and
// inside the example workspace, with safe fixes and with unsafe ones too:
// every fixed file keeps parsing, gains no error and settles (checkFixed).
func TestFixProperty(t *testing.T) {
	t.Parallel()
	for _, file := range conformanceFiles {
		t.Run(strings.TrimSuffix(file, ".json.gz"), func(t *testing.T) {
			t.Parallel()
			cases := loadCases(t, "testdata/conformance/"+file)
			fixed, files := 0, 0
			for _, c := range sampleCases(cases) {
				for _, withEnv := range []bool{false, true} {
					in := caseInput(t, c, withEnv)
					src := c.source(t)
					before := Check(src, in)
					for _, f := range before {
						checkFixable(t, f)
					}
					for _, unsafe := range []bool{false, true} {
						files++
						name := fmt.Sprintf("case %s (%s), workspace %v, unsafe %v", c.ID, c.Name, withEnv, unsafe)
						if res := checkFixed(t, name, src, in, before, FixOptions{Unsafe: unsafe}, true); len(res.Applied) > 0 {
							fixed++
						}
					}
				}
			}
			t.Logf("%s: %d fix runs, %d changed the file", file, files, fixed)
		})
	}
}

// TestFixPropertyWorkspace runs the fixer over the cases whose verdict
// depends on the workspace, each in its own tree, where the fixes that
// read the workspace (rollout and entrypoint names) come into play.
func TestFixPropertyWorkspace(t *testing.T) {
	t.Parallel()
	fixed := 0
	for _, c := range loadCases(t, "testdata/conformance/cli-workspace.json") {
		kind, _ := schema.ParseKind(c.Kind)
		rc := ruleCase{kind: kind, src: string(c.source(t)), ws: c.Tree, path: "configs/" + c.Kind + "/" + c.ID + ".toml"}
		in := rc.input(t)
		src := c.source(t)
		before := Check(src, in)
		for _, unsafe := range []bool{false, true} {
			name := fmt.Sprintf("case %s (%s), unsafe %v", c.ID, c.Name, unsafe)
			if res := checkFixed(t, name, src, in, before, FixOptions{Unsafe: unsafe}, true); len(res.Applied) > 0 {
				fixed++
			}
		}
	}
	if fixed == 0 {
		t.Error("no fix applied: the corpus has fixable cases")
	}
	t.Logf("%d fix runs changed the file", fixed)
}

// sampleCases is every case in a normal run; under -short and the race
// detector (which has nothing to find here) it is every 14th case and the
// first case of each family (caseFamily), so that each family is fixed at
// least once.
func sampleCases(cases []conformanceCase) []conformanceCase {
	if !raceEnabled && !testing.Short() {
		return cases
	}
	const step = 14
	var out []conformanceCase
	seen := map[string]bool{}
	for i, c := range cases {
		f := caseFamily(c)
		if i%step == 0 || !seen[f] {
			out = append(out, c)
		}
		seen[f] = true
	}
	return out
}

// caseFamily is the kind and shape of a conformance case: the base config
// of a generated case ("base=scaffold; ..."), the first word of the
// mistake of a mistakes case ("eval-gen-00392: type experiment.branch =
// true"), the whole name of a hand-written one.
func caseFamily(c conformanceCase) string {
	name := c.Name
	if id, rest, ok := strings.Cut(name, ": "); ok && strings.Contains(id, "-gen-") {
		if w := strings.Fields(rest); len(w) > 0 {
			return c.Kind + " " + strings.TrimSuffix(w[0], ";")
		}
		return c.Kind
	}
	base, _, _ := strings.Cut(name, ";")
	return c.Kind + " " + base
}
