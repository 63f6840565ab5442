package lint

import (
	"fmt"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestPlaceholder(t *testing.T) {
	runRuleCases(t, "placeholder", []ruleCase{
		{
			name: "template placeholders in [experiment]",
			src:  "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"<your-dataset>\"\n",
			want: []string{"2:11-2:27 placeholder experiment.rollout", "5:11-5:27 placeholder experiment.dataset"},
			msg:  []string{"the placeholder `<your-rollout>` is still in `experiment.rollout`"},
		},
		{
			name: "any case, spaces, my_, inside a longer value",
			src:  goodTraining + "\n[env]\nA = \"< YOUR DATASET >\"\nB = \"prefix <my_value> suffix\"\n",
			want: []string{"8:5-8:23 placeholder env.A", "9:5-9:31 placeholder env.B"},
			msg:  []string{"", "`<my_value>`"},
		},
		{
			name: "in a benchmark list",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[tasks]\ntask_names = [\"git\", \"<your-task>\"]\n",
			want: []string{"13:22-13:35 placeholder tasks.task_names.1"},
		},
		{
			name: "angle brackets that are no placeholder",
			src:  goodTraining + "\n[env]\nA = \"<yourvalue>\"\nB = \"<your->\"\nC = \"a < b > c\"\nD = \"<html>\"\n",
		},
		{
			name: "comments are not values",
			src:  "# dataset = \"<your-dataset>\"\n" + goodTraining,
		},
	})
}

// TestPlaceholderSupersedes checks that a placeholder is one finding, not
// one more beside the not-found it causes, and that it takes the stage of
// what it breaks.
func TestPlaceholderSupersedes(t *testing.T) {
	for _, c := range []struct {
		name string
		kind schema.Kind
		src  string
		ws   tree
		want []string // every finding: position rule stage severity
	}{
		{
			name: "a placeholder rollout is refused at submit",
			src:  "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
			ws:   rolloutWS,
			want: []string{"2:11-2:27 placeholder submit error"},
		},
		{
			name: "a placeholder entrypoint too",
			src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"<your-entrypoint>.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
			ws:   rolloutWS,
			want: []string{"3:14-3:36 placeholder submit error"},
		},
		{
			name: "a placeholder dataset the platform list lacks",
			src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"<your-dataset>\"\n",
			ws:   datasetsWS,
			want: []string{"5:11-5:27 placeholder platform error"},
		},
		{
			name: "a placeholder secret name",
			src:  goodTraining + "\n[secrets]\nrequired = [\"<YOUR_SECRET>\"]\n",
			want: []string{"8:13-8:28 placeholder submit error"},
		},
		{
			name: "a submit-stage placeholder cannot be suppressed",
			src:  goodTraining + "\n[secrets]\nrequired = [\"<YOUR_SECRET>\"]  # osmosis-lint: ignore[placeholder]\n",
			want: []string{"8:13-8:28 placeholder submit error", "8:54-8:65 unused-suppression advice warning"},
		},
		{
			name: "without a workspace nothing is refused at submit",
			src:  "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
			want: []string{"2:11-2:27 placeholder platform error"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			rc := ruleCase{kind: c.kind, src: c.src, ws: c.ws}
			var got []string
			for _, f := range Check([]byte(c.src), rc.input(t)) {
				got = append(got, fmt.Sprintf("%d:%d-%d:%d %s %s %s", f.Line, f.Column, f.EndLine, f.EndColumn, f.Rule, f.Stage, f.Severity))
			}
			if d := diffLines(c.want, got); d != "" {
				t.Errorf("findings differ (-want +got):\n%s\nsource:\n%s", d, numbered(c.src))
			}
		})
	}
}
