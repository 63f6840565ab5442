package lint

import (
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

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
	homes := advancedHomes(c.Schema)
	for _, e := range adv.Table.Entries {
		if sec := homes[e.Key]; sec != "" && sec != "experiment" && sec != "env" && sec != "secrets" {
			home := "[" + sec + "]"
			c.Report(e.KeyRange, "advanced."+e.Key, code(e.Key)+" has its own place in "+home+"; set it there, where it is type-checked, instead of in [advanced]")
		}
	}
}

// homesOf holds, for each schema, the section other than [advanced] that
// declares each key (homeOf's answer, without aliases, for every key at
// once): the rule looks a key up instead of walking every section's
// fields for each key of [advanced]. There is one schema per kind.
var homesOf sync.Map // *schema.Schema -> func() map[string]string

func advancedHomes(sch *schema.Schema) map[string]string {
	f, ok := homesOf.Load(sch)
	if !ok {
		f, _ = homesOf.LoadOrStore(sch, sync.OnceValue(func() map[string]string {
			homes := map[string]string{}
			root := sch.Root()
			for _, sec := range root.Properties() {
				f := root.Property(sec)
				if f == nil || sec == "advanced" || !f.IsTable() {
					continue
				}
				for _, k := range f.Properties() {
					if _, ok := homes[k]; !ok {
						homes[k] = sec // the first section that declares it, as homeKey
					}
				}
			}
			return homes
		}))
	}
	return f.(func() map[string]string)()
}
