package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// The reference configs of a workspace the platform creates, in the shape
// of its template: every required value of the training one is a
// placeholder, two of the eval one's are.
const (
	templateTraining = "# Copy and customize this file for your training run.\n[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"<your-entrypoint-file>\"\nmodel_path = \"<your-model-path>\"\ndataset = \"<your-dataset-name>\"\n\n[training]\n# lr = 1e-6\n"
	templateEval     = "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"<your-dataset-name>\"\n\n[evaluation]\n# n = 1\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n"
	managedJSON      = `{"overwriteManaged": ["CLAUDE.md", "configs/**/default.toml"], "additive": ["configs/**"]}`
)

func TestReferenceTemplateCases(t *testing.T) {
	runRuleCases(t, "reference-template", []ruleCase{
		{
			name: "a reference template checked with its workspace",
			src:  templateTraining, listed: true,
			want: []string{"3:11-3:27 reference-template experiment.rollout"},
			msg:  []string{"a template to copy (every required [experiment] value is a placeholder)"},
		},
		{name: "named on its own", src: templateTraining},
		{name: "a filled-in copy", src: goodTraining, listed: true},
	})
}

// TestReferenceTemplate holds every finding of the file: the note, and
// what stays beside it.
func TestReferenceTemplate(t *testing.T) {
	managed := tree{".osmosis/template.json": managedJSON, "rollouts/calc/main.py": "x = 1\n"}
	for _, c := range []struct {
		name   string
		kind   schema.Kind
		path   string
		src    string
		ws     tree
		listed bool
		ignore string // a rule the settings turn off
		want   []string
		msg    string // in the note's message
	}{
		{
			name: "a managed default checked with the workspace is one note",
			path: "configs/training/default.toml", src: templateTraining, ws: managed, listed: true,
			want: []string{"3:11-3:27 reference-template submit info"},
			msg:  "a template to copy (.osmosis/template.json marks it managed: the platform overwrites it on a template update): its 4 placeholders, such as `<your-rollout>`, are left for a copy to fill in; copy it to configs/training/<name>.toml before submitting",
		},
		{
			name: "named on its own it is judged as the CLI judges it",
			path: "configs/training/default.toml", src: templateTraining, ws: managed,
			want: []string{"3:11-3:27 placeholder submit error", "4:14-4:38 placeholder platform error", "5:14-5:33 placeholder platform error", "6:11-6:32 placeholder platform error"},
		},
		{
			name: "the eval default: two placeholders, other values real",
			kind: schema.Eval, path: "configs/eval/default.toml", src: templateEval, ws: managed, listed: true,
			want: []string{"2:11-2:27 reference-template submit info"},
			msg:  "its 2 placeholders, such as `<your-rollout>`, are",
		},
		{
			name: "without a template file, every required value a placeholder",
			path: "configs/training/default.toml", src: templateTraining, ws: tree{"rollouts/calc/main.py": "x = 1\n"}, listed: true,
			want: []string{"3:11-3:27 reference-template submit info"},
			msg:  "(every required [experiment] value is a placeholder)",
		},
		{
			name: "without a workspace too",
			src:  templateTraining, listed: true,
			want: []string{"3:11-3:27 reference-template platform info"},
		},
		{
			name: "a malformed template file is taken as absent",
			kind: schema.Eval, path: "configs/eval/default.toml", src: templateEval, ws: tree{".osmosis/template.json": "{", "rollouts/calc/main.py": "x = 1\n"}, listed: true,
			want: []string{"2:11-2:27 placeholder submit error", "5:11-5:32 placeholder platform error"},
		},
		{
			name: "a placeholder in a config the template does not manage stays an error",
			path: "configs/training/my-run.toml", ws: managed, listed: true,
			src:  "[experiment]\nrollout = \"calc\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"<your-dataset-name>\"\n",
			want: []string{"5:11-5:32 placeholder platform error"},
		},
		{
			name: "other findings of a reference template keep their severity",
			path: "configs/training/default.toml", src: templateTraining + "lerning_rate = 1\n", ws: managed, listed: true,
			want: []string{"3:11-3:27 reference-template submit info", "10:1-10:13 unknown-key submit error"},
		},
		{
			name: "no placeholder, no note",
			path: "configs/training/default.toml", ws: managed, listed: true,
			src: "[experiment]\nrollout = \"calc\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
		},
		{
			name: "the note turned off leaves the placeholders out too",
			path: "configs/training/default.toml", src: templateTraining, listed: true, ignore: RuleReferenceTemplate,
			ws: tree{".osmosis/template.json": managedJSON, "rollouts/calc/main.py": "x = 1\n", "pyproject.toml": "[tool.osmosis-lint]\nignore = [\"reference-template\"]\n"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			rc := ruleCase{kind: c.kind, src: c.src, ws: c.ws, path: c.path}
			in := rc.input(t)
			in.Listed = c.listed
			var got []string
			for _, f := range Check([]byte(c.src), in) {
				if f.Rule == RuleModelUnknown || f.Rule == RuleDatasetUnknown || f.Rule == RuleEvalBeforeTrain {
					continue // the template's own values, beside the point here
				}
				got = append(got, fmt.Sprintf("%d:%d-%d:%d %s %s %s", f.Line, f.Column, f.EndLine, f.EndColumn, f.Rule, f.Stage, f.Severity))
				if f.Rule == RuleReferenceTemplate && !strings.Contains(f.Message, c.msg) {
					t.Errorf("message %q lacks %q", f.Message, c.msg)
				}
			}
			if d := diffLines(c.want, got); d != "" {
				t.Errorf("findings differ (-want +got):\n%s\nsource:\n%s", d, numbered(c.src))
			}
		})
	}
}
