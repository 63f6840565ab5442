package lint

import (
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// conformanceCase is one config with the osmosis CLI's verdict on it.
type conformanceCase struct {
	ID        string   `json:"id"`
	Kind      string   `json:"kind"`
	Name      string   `json:"name"`
	TOML      string   `json:"toml"`
	TOMLB64   string   `json:"toml_b64"`
	Accepted  bool     `json:"accepted"`
	IssueKeys []string `json:"issue_keys"`
	Fatal     *string  `json:"fatal"`
	// Tree, when set, is the workspace the case was run in (see tree):
	// the CLI's verdict then includes its submit preflight, which loads
	// the entrypoint.
	Tree tree `json:"tree"`
}

func (c conformanceCase) source(t testing.TB) []byte {
	if c.TOMLB64 != "" {
		b, err := base64.StdEncoding.DecodeString(c.TOMLB64)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		return b
	}
	return []byte(c.TOML)
}

func loadCases(t testing.TB, name string) []conformanceCase {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	var cases []conformanceCase
	if err := json.NewDecoder(r).Decode(&cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// conformanceFiles are the corpora under testdata/conformance: hand-written
// cases, generated ones, and mistakes.json.gz, accepted configs with the
// mistakes a new user makes (misspelled, aliased, misplaced and missing
// keys, missing sections, legacy shapes, wrong types and names), each with
// the verdict of the osmosis CLI's own loaders.
var conformanceFiles = []string{"cases.json", "generated.json.gz", "mistakes.json.gz"}

// caseInput is the check input of a case: alone, or placed in the example
// workspace.
func caseInput(t testing.TB, c conformanceCase, withEnv bool) Input {
	kind, ok := schema.ParseKind(c.Kind)
	if !ok {
		t.Fatalf("%s: kind %q", c.ID, c.Kind)
	}
	in := Input{Path: "configs/" + c.Kind + "/" + c.ID + ".toml", Kind: kind}
	if withEnv {
		in.Env, in.Settings = exampleEnv(t, in.Path)
	}
	return in
}

// verdict compares the submit-stage findings of one case with the CLI's.
func verdict(c conformanceCase, fs []Finding) string {
	var submit []Finding
	keys := map[string]bool{}
	for _, f := range fs {
		if f.Stage == StageSubmit && f.Severity == Error {
			submit = append(submit, f)
			keys[f.Key] = true
		}
	}
	describe := func() string {
		var b strings.Builder
		for _, f := range fs {
			b.WriteString("\n    " + f.Rule + " [" + string(f.Stage) + "] key=" + f.Key + ": " + f.Message)
		}
		return b.String()
	}
	switch {
	case c.Accepted && len(submit) > 0:
		return "the CLI accepts it but we report submit errors:" + describe()
	case !c.Accepted && len(submit) == 0:
		fatal := ""
		if c.Fatal != nil {
			fatal = *c.Fatal
		}
		return "the CLI rejects it (" + fatal + " " + strings.Join(c.IssueKeys, ",") + ") but we report no submit error:" + describe()
	}
	var missing []string
	for _, k := range c.IssueKeys {
		if !keys[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return "no submit finding has the CLI's issue key(s) " + strings.Join(missing, ", ") + ":" + describe()
	}
	return ""
}

func runConformance(t *testing.T, file string, min int) {
	cases := loadCases(t, file)
	if len(cases) < min {
		t.Fatalf("%s: %d cases, want at least %d", file, len(cases), min)
	}
	bad := 0
	for _, c := range cases {
		kind, ok := schema.ParseKind(c.Kind)
		if !ok {
			t.Fatalf("%s: kind %q", c.ID, c.Kind)
		}
		fs := Check(c.source(t), Input{Path: "configs/" + c.Kind + "/" + c.ID + ".toml", Kind: kind})
		if msg := numberDoubles(fs); msg != "" {
			t.Errorf("%s (%s): one value, two findings: %s", c.ID, c.Name, msg)
		}
		if msg := verdict(c, fs); msg != "" {
			bad++
			if bad <= 25 {
				t.Errorf("%s (%s): %s\n  %q", c.ID, c.Name, msg, c.source(t))
			}
		}
	}
	t.Logf("%s: %d of %d cases agree", file, len(cases)-bad, len(cases))
	if bad > 0 {
		t.Errorf("%d of %d cases disagree with the osmosis CLI", bad, len(cases))
	}
}

func TestConformanceCases(t *testing.T) {
	t.Parallel()
	runConformance(t, "testdata/conformance/cases.json", 142)
}

func TestConformanceGenerated(t *testing.T) {
	t.Parallel()
	runConformance(t, "testdata/conformance/generated.json.gz", 5000)
}

func TestConformanceMistakes(t *testing.T) {
	t.Parallel()
	runConformance(t, "testdata/conformance/mistakes.json.gz", 1000)
}

// TestConformanceWorkspace runs the cases whose verdict depends on the
// workspace (the CLI's submit preflight loads the entrypoint), each in a
// workspace of its own; the verdict was recorded by running the osmosis
// CLI's loaders and preflight on the same tree.
func TestConformanceWorkspace(t *testing.T) {
	t.Parallel()
	cases := loadCases(t, "testdata/conformance/cli-workspace.json")
	if len(cases) < 50 {
		t.Fatalf("%d cases, want at least 50", len(cases))
	}
	rejected := 0
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			if c.Tree == nil {
				t.Fatal("no tree")
			}
			kind, _ := schema.ParseKind(c.Kind)
			rc := ruleCase{kind: kind, src: string(c.source(t)), ws: c.Tree, path: "configs/" + c.Kind + "/" + c.ID + ".toml"}
			if msg := verdict(c, Check(c.source(t), rc.input(t))); msg != "" {
				t.Errorf("%s: %s\n%s", c.Name, msg, numbered(rc.src))
			}
		})
		if !c.Accepted {
			rejected++
		}
	}
	if rejected == 0 || rejected == len(cases) {
		t.Errorf("%d of %d cases rejected: the corpus needs both verdicts", rejected, len(cases))
	}
}
