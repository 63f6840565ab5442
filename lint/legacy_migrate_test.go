package lint

import (
	"os"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// TestMigrateLocalEval: the local-eval config of osmosis-ai 0.2.18 to 0.2.22
// becomes a current eval config that the CLI accepts, keeping the leading
// comments and saying what to do next; a second run changes nothing.
func TestMigrateLocalEval(t *testing.T) {
	src, err := os.ReadFile("testdata/legacy/local-eval.toml")
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Path: "configs/eval/old.toml", Kind: schema.Eval}
	before := Check(src, in)
	var rules []string
	for _, f := range before {
		rules = append(rules, f.Rule)
	}
	if strings.Contains(strings.Join(rules, " "), "missing-section") {
		t.Errorf("a local-eval file also gets missing-section: %v", rules)
	}
	res := FixSource(src, in, FixOptions{Unsafe: true})
	if len(res.Applied) == 0 || !res.Converged || len(res.Skipped) > 0 {
		t.Fatalf("applied %v, skipped %v, converged %v", res.Applied, res.Skipped, res.Converged)
	}
	fixed := res.Src
	got := string(fixed)
	for _, want := range []string{
		"# Multiply eval (old local-eval format)\n",
		"[experiment]\nrollout = \"multiply\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n",
		"[evaluation]\nlimit = 50\nn = 3\npass_threshold = 0.8\nagent_workflow_timeout_s = 600\n",
		"[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		"osmosis dataset upload data/multiply.jsonl",
		"[output] has no place",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("migrated config lacks %q:\n%s", want, got)
		}
	}
	for _, f := range Check(fixed, in) {
		if f.Stage == StageSubmit && f.Severity == Error {
			t.Errorf("the migrated config is still rejected at submit: %s %s", f.Rule, f.Message)
		}
	}
	again := FixSource(fixed, in, FixOptions{Unsafe: true})
	if len(again.Applied) != 0 || string(again.Src) != got {
		t.Errorf("a second migration changed the file")
	}
	// the migration needs review: --fix alone does not apply it
	if res := FixSource(src, in, FixOptions{}); len(res.Applied) != 0 {
		t.Errorf("the migration is marked safe")
	}
}
