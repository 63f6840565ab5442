package runner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// TestEvalIndexInARun: the training configs' eval rules read the eval
// configs the run checks (claimed, checked first, recorded as parsed)
// and those it does not (a named training config), and a run that fixes;
// on several workers, with eval configs interleaved in the listing.
func TestEvalIndexInARun(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		".git/HEAD":                    "ref: refs/heads/main\n",
		"rollouts/a/main.py":           "",
		"rollouts/b/main.py":           "",
		"data/multiply.jsonl":          "{\"prompt\": \"2*3\", \"answer\": \"6\"}\n",
		"configs/training/z-b.toml":    strings.ReplaceAll(trainingConfig, "multiply-agent", "b"),
		"configs/eval/other/late.toml": "[experiment]\nrollout = \"a\"\nentrypoint = \"other.py\"\n# no model_path: missing-required, still a rollout\n",
	}
	for i := range 30 {
		files[fmt.Sprintf("configs/eval/e%02d.toml", i)] = strings.ReplaceAll(strings.ReplaceAll(evalConfig, "multiply-agent", "a"), "{i}", fmt.Sprint(i))
		files[fmt.Sprintf("configs/training/t%02d.toml", i)] = strings.ReplaceAll(strings.ReplaceAll(trainingConfig, "multiply-agent", "a"), "{i}", fmt.Sprint(i))
	}
	for k, v := range files {
		files[k] = strings.ReplaceAll(v, "{b}", "8")
	}
	tree(t, root, files)
	want := []string{"configs/training/z-b.toml:" + lint.RuleEvalBeforeTrain}
	for _, c := range []struct {
		name  string
		paths []string
		opts  Options
	}{
		{"the workspace", nil, Options{Dir: root, Root: root}},
		{"a named training config", []string{"configs/training/z-b.toml"}, Options{Dir: root}},
		{"named configs of both kinds", []string{"configs/eval", "configs/training/z-b.toml"}, Options{Dir: root}},
		{"a run that fixes", nil, Options{Dir: root, Root: root, Fix: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Run(c.paths, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Files {
				for _, x := range f.Findings {
					if x.Rule == lint.RuleEvalBeforeTrain || x.Rule == lint.RuleEvalTrainMismatch {
						got = append(got, f.Path+":"+x.Rule)
					}
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("eval findings %q, want %q", got, want)
			}
		})
	}
}
