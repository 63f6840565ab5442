package lint

import (
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleParamLimit = Rule{
		ID:       RuleParamLimit,
		Severity: Warning,
		Stage:    StagePlatform,
		Summary:  "A parameter above the upper bound the SDK checked until May 2026, which the platform likely still holds.",
		Doc: `Until May 2026 osmosis-ai checked upper bounds for training and evaluation parameters (listed below,
from the schema's x-osmosis-limit annotations); it then left the values to the platform, whose limits
are not published. A value above such a bound is very likely still refused by the platform after
submission, so it is a warning, not an error: keep the value at or below the bound.`,
		Bad:   "# ...\n[training]\nlr = 5\n",
		Good:  "# ...\n[training]\nlr = 5e-6\n",
		Kinds: []string{"training", "eval"},
		check: checkParamLimit,
	}
)

var _ = register(&ruleParamLimit)

func checkParamLimit(c *Context) {
	root := c.Schema.Root()
	for _, top := range c.Doc.Root.Entries {
		sec, sv := top.Key, top.Value
		// the soft limits are on the keys of the sections
		if sv.Kind != toml.KindTable || !root.Declares(sec) {
			continue
		}
		sf := root.Property(sec)
		// the keys a section does not declare share one schema: whether
		// it has a limit is asked once, not once for each of 80,000 keys
		extraAsked, extraLimited := false, false
		for _, e := range sv.Table.Entries {
			if !fieldJudged(e.Value) {
				continue
			}
			if !sf.Declares(e.Key) {
				if !extraAsked {
					_, extraLimited = sf.Property(e.Key).Limit()
					extraAsked = true
				}
				if !extraLimited {
					continue
				}
			}
			// only a field with a limit can be this rule's: the others
			// need not ask (nor index the file's issues)
			f := sf.Property(e.Key)
			limit, ok := f.Limit()
			if x, _ := e.Value.Number(); !ok || x <= limit {
				continue
			}
			if c.numberRule([]string{sec, e.Key}, e, e.Value) != RuleParamLimit {
				continue
			}
			c.Report(e.Value.Range, sec+"."+e.Key, code(e.Key)+" = "+c.Text(e.Value.Range)+" is above "+schema.FormatNumber(limit)+", the upper bound the SDK checked until May 2026; the platform likely still rejects it: use "+schema.FormatNumber(limit)+" or less (default: "+f.DefaultText()+")")
		}
	}
}
