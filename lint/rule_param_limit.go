package lint

import (
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func init() {
	register(&Rule{
		ID:       RuleParamLimit,
		Severity: Warning,
		Stage:    StagePlatform,
		Summary:  "A parameter above the bounds the SDK once enforced, which the platform likely still holds.",
		Doc: `osmosis-ai once shipped upper bounds for training parameters: lr <= 1, total_epochs <= 10000,
n_samples_per_prompt <= 1024, rollout_batch_size <= 1000000, max_*_length <= 262144, timeouts
<= 86400 s, temperature <= 2, eval_interval and checkpoint_save_freq <= 1000000. The CLI no
longer checks them and the platform's limits are not published, so a value above them is a
warning, not an error.`,
		Bad:   "# ...\n[training]\nlr = 5\n",
		Good:  "# ...\n[training]\nlr = 5e-6\n",
		Kinds: []string{"training", "eval"},
		check: checkParamLimit,
	})
}

func checkParamLimit(c *Context) {
	root := c.Schema.Root()
	for _, top := range c.Doc.Root.Entries {
		sec, sv := top.Key, top.Value
		if sv.Kind != toml.KindTable {
			continue
		}
		var sf *schema.Field
		for _, e := range sv.Table.Entries {
			// only a number has a bound; an overflowing number is
			// number-overflow's: one finding per value
			if !e.Value.IsNumber() || e.Value.Overflow {
				continue
			}
			if sf == nil {
				if sf = root.Property(sec); sf == nil || !root.Declares(sec) {
					break
				}
			}
			f := sf.Property(e.Key)
			if f == nil {
				continue
			}
			limit, ok := f.Limit()
			if !ok {
				continue
			}
			x, _ := e.Value.Number()
			if !(x > limit) || flaggedKey(c, sec+"."+e.Key) {
				continue
			}
			c.Report(e.Value.Range, sec+"."+e.Key, code(e.Key)+" = "+c.Text(e.Value.Range)+" is above "+schema.FormatNumber(limit)+", the bound osmosis-ai once enforced for it; the platform is likely to reject it (default: "+f.DefaultText()+")")
		}
	}
}

// flaggedKey reports whether a schema issue is on key already.
func flaggedKey(c *Context, key string) bool {
	for _, is := range c.Issues {
		if is.Key == key {
			return true
		}
	}
	return false
}
