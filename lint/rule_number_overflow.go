package lint

import (
	"math"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleNumberOverflow = Rule{
		ID:       RuleNumberOverflow,
		Severity: Warning,
		Stage:    StagePlatform,
		Summary:  "A number the CLI reads but JSON cannot carry to the platform: beyond 64 bits, infinite, or nan.",
		Doc: `Python reads integers of any size, floats that overflow to infinity (1e400) and nan, so the
osmosis CLI accepts them. The config then travels to the platform as JSON, which has no infinity,
no nan, and whose parsers keep integers to 64 bits: the platform is likely to reject the value or
to read another one. A number under a key, or inside a value, that is wrong itself (an unknown key,
a list where a string belongs) is left to that finding.`,
		Bad:   "# ...\n[advanced]\nseed = 99999999999999999999\n",
		Good:  "# ...\n[advanced]\nseed = 42\n",
		check: checkNumberOverflow,
	}
)

var _ = register(&ruleNumberOverflow)

// unsendable is a number the platform's JSON cannot carry.
func unsendable(v *toml.Value) bool {
	switch v.Kind {
	case toml.KindInteger:
		return v.Overflow
	case toml.KindFloat:
		return v.Overflow || math.IsNaN(v.Float) || math.IsInf(v.Float, 0)
	}
	return false
}

func checkNumberOverflow(c *Context) {
	if !toml.AnyValue(c.Doc.Root, unsendable) {
		return
	}
	c.walkNumbers(unsendable, func(path []string, v *toml.Value, rule string) {
		// the text and key are built only for a finding: building them for
		// every value of a deeply nested array would be quadratic
		if rule != RuleNumberOverflow {
			return
		}
		switch {
		case v.Kind == toml.KindInteger:
			c.Report(v.Range, strings.Join(path, "."), "the integer "+short(c.Text(v.Range))+" does not fit in 64 bits: the CLI accepts it, but the platform's JSON parser cannot hold it exactly")
		case v.Overflow:
			c.Report(v.Range, strings.Join(path, "."), short(c.Text(v.Range))+" is too large for a float: the CLI reads it as infinity, which JSON cannot carry to the platform")
		case math.IsNaN(v.Float):
			c.Report(v.Range, strings.Join(path, "."), c.Text(v.Range)+" is not a number: the CLI sends it as NaN, which is not valid JSON for the platform")
		default:
			c.Report(v.Range, strings.Join(path, "."), c.Text(v.Range)+" is infinite: the CLI sends it as Infinity, which is not valid JSON for the platform")
		}
	})
}

func short(s string) string {
	if len(s) > 32 {
		return s[:29] + "..."
	}
	return s
}
