package lint

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
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

// lostPieces lists the values and comments of src whose text the
// migrated out no longer holds: a migration keeps every piece, in a key or
// in a comment.
func lostPieces(src, out []byte) []string {
	doc := toml.Parse(src)
	var lost []string
	toml.WalkValues(doc.Root, nil, func(path []string, _ *toml.Entry, v *toml.Value) {
		if v.Kind == toml.KindTable || v.Kind == toml.KindArray {
			return
		}
		text := doc.Text(v.Range)
		if v.Kind == toml.KindString {
			text = v.Str // a path may come back as its stem and a note
		}
		if !bytes.Contains(out, []byte(text)) {
			lost = append(lost, strings.Join(path, ".")+" = "+text)
		}
	})
	for _, c := range doc.Comments {
		if !bytes.Contains(out, []byte(strings.TrimPrefix(c.Text, "#"))) {
			lost = append(lost, c.Text)
		}
	}
	return lost
}

// TestMigrateKeepsEverything: what has no place in the current config
// stays as a comment that says why, and every comment stays.
func TestMigrateKeepsEverything(t *testing.T) {
	src := []byte(`# head comment
[eval]
rollout = "multiply"
entrypoint = "main.py"  # the agent
dataset = "data/multiply.jsonl"
seed = 7

# the model
[llm]
model = "openai/gpt-5-mini"
base_url = "http://localhost:8000/v1"
api_key_env = "OPENAI_API_KEY"

[baseline]
model = "openai/gpt-4o"
`)
	in := Input{Path: "configs/eval/old.toml", Kind: schema.Eval}
	res := FixSource(src, in, FixOptions{Unsafe: true})
	if len(res.Applied) == 0 || len(res.Skipped) > 0 {
		t.Fatalf("applied %v, skipped %v", res.Applied, res.Skipped)
	}
	if lost := lostPieces(src, res.Src); len(lost) > 0 {
		t.Errorf("the migration lost %q:\n%s", lost, res.Src)
	}
	for _, want := range []string{
		"entrypoint = \"main.py\"  # the agent\n",
		"#     seed = 7\n",
		"#     base_url = \"http://localhost:8000/v1\"\n",
		"#     [baseline]\n#     model = \"openai/gpt-4o\"\n",
	} {
		if !strings.Contains(string(res.Src), want) {
			t.Errorf("the migration lacks %q:\n%s", want, res.Src)
		}
	}
	for _, f := range res.Findings {
		if f.Stage == StageSubmit && f.IsError() {
			t.Errorf("still rejected at submit: %s", formatFinding(f))
		}
	}
}

// TestMigrateTemplateEval: the template's eval/default.toml of 1c0cbd38
// put model_path under a short-lived [llm] section and listed no
// [secrets]; the fixes move that model_path (never an empty one) into
// [experiment], and the CLI accepts the result.
func TestMigrateTemplateEval(t *testing.T) {
	src := `# Eval config for the multiply rollout.
[experiment]
rollout = "multiply-local-openai"
entrypoint = "main.py"
dataset = "multiply"

[llm]
model_path = "openai/gpt-5-mini"  # any LiteLLM model id

[evaluation]
limit = 10

# [secrets]
# OPENAI_API_KEY = "openai-api-key"
`
	in := Input{Path: "configs/eval/default.toml", Kind: schema.Eval}
	res := FixSource([]byte(src), in, FixOptions{Unsafe: true})
	want := `# Eval config for the multiply rollout.
[experiment]
rollout = "multiply-local-openai"
entrypoint = "main.py"
dataset = "multiply"
model_path = "openai/gpt-5-mini"  # any LiteLLM model id

[evaluation]
limit = 10

# [secrets]
# OPENAI_API_KEY = "openai-api-key"

[secrets]
required = ["OPENAI_API_KEY"]
`
	if string(res.Src) != want {
		t.Fatalf("(-want +got):\n%s", diffLines(strings.Split(want, "\n"), strings.Split(string(res.Src), "\n")))
	}
	for _, f := range res.Findings {
		if f.Stage == StageSubmit && f.IsError() {
			t.Errorf("still rejected at submit: %s", formatFinding(f))
		}
	}
	if lost := lostPieces([]byte(src), res.Src); len(lost) > 0 {
		t.Errorf("lost %q", lost)
	}
}

// TestMigrateBeside: a local-eval section next to [experiment] moves into
// the current sections; a key whose place is taken stays as a comment.
func TestMigrateBeside(t *testing.T) {
	src := goodEval + "\n[runs]\nn = 3  # tries\npass_threshold = 0.8\n\n[llm]\nmodel = \"openai/gpt-4o\"\napi_key_env = \"OPENAI_API_KEY\"\n"
	in := Input{Path: "configs/eval/run.toml", Kind: schema.Eval}
	res := FixSource([]byte(src), in, FixOptions{Unsafe: true})
	want := strings.Replace(goodEval, "required = []", "required = [\"OPENAI_API_KEY\"]", 1) +
		"\n# From [llm], a section of the local-eval config of osmosis-ai 0.2.18 to 0.2.22:\n" +
		"# - model was not moved: [experiment] model_path is set already; it was:\n#     model = \"openai/gpt-4o\"\n" +
		"# - store the API key as a platform secret: `osmosis secret set OPENAI_API_KEY`\n" +
		"\n[evaluation]\nn = 3  # tries\npass_threshold = 0.8\n"
	if string(res.Src) != want {
		t.Fatalf("(-want +got):\n%s", diffLines(strings.Split(want, "\n"), strings.Split(string(res.Src), "\n")))
	}
	if lost := lostPieces([]byte(src), res.Src); len(lost) > 0 {
		t.Errorf("lost %q", lost)
	}
}

// TestMigrateNeedsWholeFile: the migration rewrites the file from its tree,
// so a file with a skipped statement, or read only up to a limit, keeps its
// text: the migration is not offered.
func TestMigrateNeedsWholeFile(t *testing.T) {
	src, err := os.ReadFile("testdata/legacy/local-eval.toml")
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Path: "configs/eval/old.toml", Kind: schema.Eval}
	for name, extra := range map[string]string{
		"syntax error":   "\n[advanced]\nbroken = \n",
		"past the limit": "\n[advanced]\n" + strings.Repeat("a.", toml.MaxDepth) + "a = 1\n",
	} {
		bad := append(append([]byte(nil), src...), extra...)
		res := FixSource(bad, in, FixOptions{Unsafe: true})
		if !bytes.HasSuffix(res.Src, []byte(extra)) {
			t.Errorf("%s: the fixed file lost its end:\n%s", name, res.Src)
		}
		for _, f := range Check(bad, in) {
			for _, fx := range f.Fixes {
				if strings.HasPrefix(fx.Title, "Migrate to the current eval config") {
					t.Errorf("%s: the migration is offered", name)
				}
			}
		}
	}
}
