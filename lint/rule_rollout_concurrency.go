package lint

import (
	"sync"

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

// concurrencyFacts are the schema's facts the rule reads, looked up once:
// a check of a clean config then allocates nothing for it.
var concurrencyFacts = sync.OnceValue(func() (f struct {
	load             schema.Concurrency
	ok               bool
	batch, times     float64 // the defaults
	batchOK, timesOK bool
	batchPath        []string
	timesPath        []string
}) {
	sec := schema.For(schema.Training).Root().Property("training")
	b := sec.Property("rollout_batch_size")
	if f.load, f.ok = b.Concurrency(); !f.ok {
		return f
	}
	f.batch, f.batchOK = b.DefaultNumber()
	f.times, f.timesOK = sec.Property(f.load.Times).DefaultNumber()
	f.batchPath = []string{"training", "rollout_batch_size"}
	f.timesPath = []string{"training", f.load.Times}
	return f
})

// checkRolloutConcurrency reports a product of rollout_batch_size and the
// field it multiplies with (x-osmosis-concurrency) at or above the
// documented saturation point, on the value written last of the two (the
// one a reader sees raise it), when both are clean counts; a key left out
// counts at its default.
func checkRolloutConcurrency(c *Context) {
	if _, sec := c.Get("training"); sec == nil {
		return // both at their defaults: the schema's are far below
	}
	f := concurrencyFacts()
	if !f.ok {
		return
	}
	be, bv := c.Doc.Root.Lookup(f.batchPath...)
	te, tv := c.Doc.Root.Lookup(f.timesPath...)
	batch, okB := numberOr(bv, be, f.batch, f.batchOK)
	samples, okT := numberOr(tv, te, f.times, f.timesOK)
	if !okB || !okT || batch*samples < f.load.Saturates {
		return // the common case, decided without asking the issues
	}
	// only a product over the line: is each value clean?
	if bv != nil && c.numberRule(f.batchPath, be, bv) != "" || tv != nil && c.numberRule(f.timesPath, te, tv) != "" {
		return
	}
	const name = "rollout_batch_size"
	at, key := bv, "training."+name
	if bv == nil || (tv != nil && tv.Range.Start > bv.Range.Start) {
		at, key = tv, "training."+f.load.Times
	}
	if at == nil {
		return
	}
	n := schema.FormatNumber
	c.Report(at.Range, key, name+" x "+f.load.Times+" = "+n(batch)+" x "+n(samples)+" = "+n(batch*samples)+
		" rollouts at once; the SDK's troubleshooting guide reports "+n(f.load.Saturates)+
		" saturating the inference engine, every rollout timing out with zero reward: start near "+n(f.load.Start)+
		" (8 x 8) and raise it from evidence")
}

// numberOr is the number v holds, or def when the key is absent (e nil);
// ok is false for a value that is not a number or an absent key without
// a default.
func numberOr(v *toml.Value, e *toml.Entry, def float64, hasDef bool) (float64, bool) {
	switch {
	case v != nil:
		if !v.IsNumber() {
			return 0, false
		}
		return v.Number()
	case e != nil:
		return 0, false
	}
	return def, hasDef
}
