package lint

import (
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func init() {
	register(&Rule{
		ID:       RuleGRPOGroupSize,
		Keys:     []string{"training.n_samples_per_prompt"},
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
	})
}

// checkGRPOGroupSize reports the keys it judges whose value is below the
// field's advice (x-osmosis-advice).
func checkGRPOGroupSize(c *Context) {
	for _, key := range c.rule.Keys {
		path := grpoPath(key) // shared: read, never written
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

// grpoPaths holds the split form of the rule's keys, split once.
var grpoPaths sync.Map // key -> []string

func grpoPath(key string) []string {
	if p, ok := grpoPaths.Load(key); ok {
		return p.([]string)
	}
	p := strings.Split(key, ".")
	grpoPaths.Store(key, p)
	return p
}
