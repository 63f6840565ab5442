package lint

import (
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleRolloutConcurrency = Rule{
		ID:       RuleRolloutConcurrency,
		Keys:     []string{"training.rollout_batch_size", "training.n_samples_per_prompt"},
		Severity: Warning,
		Stage:    StageAdvice,
		Summary:  "rollout_batch_size x n_samples_per_prompt rollouts at once: at the documented saturation point every rollout times out and the run learns from zero reward.",
		Doc: `Each training step sends rollout_batch_size x n_samples_per_prompt rollouts to the rollout server at
once, each calling the policy. The SDK's troubleshooting guide (docs/troubleshooting.md, "All rollouts
time out / zero reward across the board") names 64 x 8 = 512 concurrent calls as the load that
saturates the inference engine so that every rollout exceeds its timeout: the run completes with
rollout/raw_reward = 0 and wastes its GPUs. It advises 8 x 8 = 64 instead, and raising
agent_workflow_timeout_s if a smaller batch still times out. The workspace template's training gates
(.agents/skills/submit-training/references/training-config-gates.md) start at 8 x 8 as well and keep
rollout_batch_size at 32 or less for 35B+ remote agents unless evaluation or training evidence supports
more.

A key left out counts at its default (the schema's; osmosis-lint schema training). The numbers come
from the schema's x-osmosis-concurrency annotation on rollout_batch_size.`,
		Bad:   "# ...\n[training]\nn_samples_per_prompt = 16\nrollout_batch_size = 128\n",
		Good:  "# ...\n[training]\nn_samples_per_prompt = 8\nrollout_batch_size = 8\n",
		Kinds: []string{"training"},
		check: checkRolloutConcurrency,
	}
)

var _ = register(&ruleRolloutConcurrency)

// checkRolloutConcurrency reports a product of rollout_batch_size and the
// field it multiplies with (x-osmosis-concurrency) at or above the
// documented saturation point, on the value written last of the two (the
// one a reader sees raise it), when both are clean integers.
func checkRolloutConcurrency(c *Context) {
	const section, name = "training", "rollout_batch_size"
	_, sec := c.Get(section)
	if sec == nil {
		return // both at their defaults: the schema's are far below
	}
	f := c.Field(section, name)
	if f == nil {
		return
	}
	load, ok := f.Concurrency()
	if !ok {
		return
	}
	batch, bv, ok := c.countOrDefault(section, name)
	if !ok {
		return
	}
	samples, sv, ok := c.countOrDefault(section, load.Times)
	if !ok || batch*samples < load.Saturates {
		return
	}
	at, key := bv, section+"."+name
	if bv == nil || (sv != nil && sv.Range.Start > bv.Range.Start) {
		at, key = sv, section+"."+load.Times
	}
	if at == nil {
		return
	}
	n := schema.FormatNumber
	c.Report(at.Range, key, name+" x "+load.Times+" = "+n(batch)+" x "+n(samples)+" = "+n(batch*samples)+
		" rollouts at once; the SDK's troubleshooting guide reports "+n(load.Saturates)+
		" saturating the inference engine, every rollout timing out with zero reward: start near "+n(load.Start)+
		" (8 x 8) and raise it from evidence")
}

// countOrDefault returns the integer at section.name, or the field's
// default when the key is absent (value nil); ok is false when the value is
// not a clean count (another rule reports it) or there is no default.
func (c *Context) countOrDefault(section, name string) (x float64, v *toml.Value, ok bool) {
	e, v := c.Get(section, name)
	if v == nil {
		if e != nil {
			return 0, nil, false
		}
		f := c.Field(section, name)
		if f == nil {
			return 0, nil, false
		}
		x, ok := f.DefaultNumber()
		return x, nil, ok
	}
	if !v.IsNumber() || c.numberRule([]string{section, name}, e, v) != "" {
		return 0, v, false
	}
	x, _ = v.Number()
	return x, v, true
}
