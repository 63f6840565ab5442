package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestAdvancedShadow(t *testing.T) {
	runRuleCases(t, "advanced-shadow", []ruleCase{
		{
			name: "training key in [advanced]",
			src:  goodTraining + "\n[advanced]\nlr = 1e-6\nrollout_top_p = 0.9\n",
			want: []string{
				"8:1-8:3 advanced-shadow advanced.lr",
				"9:1-9:14 advanced-shadow advanced.rollout_top_p",
			},
			msg: []string{"[training]", "[sampling]"},
		},
		{
			name: "eval key in [advanced]",
			kind: schema.Eval,
			src:  goodEval + "\n[advanced]\nbatch_size = 4\n",
			want: []string{"11:1-11:11 advanced-shadow advanced.batch_size"},
			msg:  []string{"[evaluation]"},
		},
		{
			name: "inline [advanced] table",
			src:  "advanced = { eval_interval = 5 }\n" + goodTraining,
			want: []string{"1:14-1:27 advanced-shadow advanced.eval_interval"},
		},
		{
			name: "free-form keys stay quiet",
			src:  goodTraining + "\n[advanced]\nseed = 7\nkl_coef = 0.01\n",
		},
		{
			name: "an eval key in a training config is free-form",
			src:  goodTraining + "\n[advanced]\nbatch_size = 4\n",
		},
		{
			name: "[experiment] keys are not parameters",
			src:  goodTraining + "\n[advanced]\ndataset = \"x\"\n",
		},
		{
			name: "no [advanced]",
			src:  goodTraining,
		},
	})
}

// TestAdvancedHomesAsHomeOf holds the rule's index of sections to what
// homeOf answers for every key any section declares, and for a key none
// does.
func TestAdvancedHomesAsHomeOf(t *testing.T) {
	for _, kind := range []schema.Kind{schema.Training, schema.Eval, schema.Benchmark} {
		sch := schema.For(kind)
		c := &Context{Schema: sch}
		homes := advancedHomes(sch)
		keys := []string{"not_declared_anywhere", "advanced"}
		root := sch.Root()
		for _, sec := range root.Properties() {
			keys = append(keys, root.Property(sec).Properties()...)
		}
		for _, k := range keys {
			want := homeOf(c, k, []string{"advanced"}, false)
			got := ""
			if sec := homes[k]; sec != "" {
				got = "[" + sec + "]"
			}
			if got != want {
				t.Errorf("%s: %q: index says %q, homeOf %q", kind, k, got, want)
			}
		}
		if len(homes) == 0 {
			t.Errorf("%s: no section declares a key", kind)
		}
	}
}
