package lint

import (
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

var (
	ruleGRPOGroupSize = Rule{
		ID:       RuleGRPOGroupSize,
		Keys:     grpoKeys,
		Severity: Warning,
		Stage:    StageAdvice,
		Summary:  "Too few samples per prompt for GRPO: one sample is its own group baseline, so there is no learning signal.",
		Doc: `GRPO scores each sample against the other samples of the same prompt. With one sample per prompt
every advantage is zero and the run learns nothing. The advice below comes from the schema's
x-osmosis-advice annotation.`,
		Bad:   "# ...\n[training]\nn_samples_per_prompt = 1\n",
		Good:  "# ...\n[training]\nn_samples_per_prompt = 8\n",
		Kinds: []string{"training"},
		check: checkGRPOGroupSize,
	}
)

var _ = register(&ruleGRPOGroupSize)

// checkGRPOGroupSize reports the keys it judges whose value is below the
// field's advice (x-osmosis-advice).
func checkGRPOGroupSize(c *Context) {
	for i, key := range grpoKeys {
		path := grpoPaths()[i] // shared: read, never written
		e, v := c.Get(path...)
		if !fieldJudged(v) {
			continue
		}
		// only a value below the advice can be this rule's: the others
		// need not ask (nor index the file's issues)
		f := c.Field(path...)
		a, ok := f.Advice()
		if x, _ := v.Number(); !ok || x >= a.Minimum {
			continue
		}
		if c.numberRule(path, e, v) != RuleGRPOGroupSize {
			continue
		}
		x, _ := v.Number()
		name := path[len(path)-1]
		c.Report(v.Range, key, name+" = "+schema.FormatNumber(x)+" leaves GRPO without a learning signal: each sample is compared only with itself; use "+schema.FormatNumber(a.Recommended)+" or more (default "+f.DefaultText()+")")
	}
}

// grpoKeys are the keys the rule judges; grpoPaths the same split at the
// dots, once, on the first check.
var (
	grpoKeys  = []string{"training.n_samples_per_prompt"}
	grpoPaths = sync.OnceValue(func() [][]string {
		ps := make([][]string, len(grpoKeys))
		for i, k := range grpoKeys {
			ps[i] = strings.Split(k, ".")
		}
		return ps
	})
)
