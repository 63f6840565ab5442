package lint

import "github.com/osmosis-lint/osmosis-lint/schema/toml"

func init() {
	register(&Rule{
		ID:       RuleAdvancedShadow,
		Severity: Warning,
		Stage:    StageAdvice,
		Summary:  "An [advanced] key that is also a typed parameter of another section.",
		Doc: `[advanced] forwards any key to the platform. A key that has its own place in a typed section
(lr in [training], n in [evaluation]) belongs there: in [advanced] it escapes the type checks,
and when both are set it is unclear which value wins.`,
		Bad:   "# ...\n[advanced]\nlr = 1e-6\n",
		Good:  "# ...\n[training]\nlr = 1e-6\n",
		Kinds: []string{"training", "eval"},
		check: checkAdvancedShadow,
	})
}

func checkAdvancedShadow(c *Context) {
	_, adv := c.Get("advanced")
	if adv == nil || adv.Kind != toml.KindTable {
		return
	}
	for _, e := range adv.Table.Entries {
		if home := homeOf(c, e.Key, []string{"advanced"}, false); home != "" && home != "[experiment]" && home != "[env]" && home != "[secrets]" {
			c.Report(e.KeyRange, "advanced."+e.Key, code(e.Key)+" has its own place in "+home+"; set it there, where it is type-checked, instead of in [advanced]")
		}
	}
}
