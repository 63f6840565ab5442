package lint

import (
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleAdvancedShadow = Rule{
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
	}
)

var _ = register(&ruleAdvancedShadow)

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
		f, _ = homesOf.LoadOrStore(sch, sync.OnceValue(func() map[string]string { return sectionHomes(sch) }))
	}
	return f.(func() map[string]string)()
}

// sectionHomes maps each key a section other than [advanced] declares to
// that section, the first in the schema's order that declares it, as
// homeKey. The sections' keys are taken as sets and the sections in any
// order: the schema's order of the sections is read only when two of them
// declare one key, and the order of a section's keys never (reading an
// order scans the schema's sources).
func sectionHomes(sch *schema.Schema) map[string]string {
	root := sch.Root()
	homes := map[string]string{}
	fill := func(sections []string) (shared bool) {
		for _, sec := range sections {
			f := root.Property(sec)
			if f == nil || sec == "advanced" || !f.IsTable() {
				continue
			}
			for _, k := range f.PropertyNames() {
				if prev, ok := homes[k]; !ok {
					homes[k] = sec
				} else if prev != sec {
					shared = true
				}
			}
		}
		return shared
	}
	if fill(root.PropertyNames()) {
		clear(homes)
		fill(root.Properties()) // the first section that declares a shared key wins
	}
	return homes
}
