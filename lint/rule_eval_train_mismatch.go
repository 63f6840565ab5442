package lint

import (
	"fmt"
	"strings"
)

var (
	ruleEvalTrainMismatch = Rule{
		ID:       RuleEvalTrainMismatch,
		Keys:     []string{"experiment.entrypoint", "experiment.branch", "experiment.commit_sha"},
		Severity: Info,
		Stage:    StageAdvice,
		Summary:  "A training config that runs another entrypoint, branch or commit than every eval config of its rollout: the evaluation did not test the code that trains.",
		Doc: `An eval run is the smoke test of the code a training run will use: the SDK's troubleshooting guide
(docs/troubleshooting.md) says "Run an eval first — it exercises the workflow, grader, and server end
to end and is the intended smoke test before training", and the workspace template's submit-training
skill (.agents/skills/submit-training/SKILL.md) runs the eval of the rollout before
` + "`osmosis train submit`" + `. An eval of another entrypoint, or of the rollout at another branch or commit, tested
other code.

The finding is on the training config's [experiment] entrypoint, branch or commit_sha when every eval
config of the same rollout under configs/eval/ sets that key too, and none to the same value
(entrypoints compared as paths, commits allowing one to abbreviate the other). It says nothing of a key
that one of the configs leaves out or holds a placeholder in, of a training entrypoint that is not a
Python file of the rollout (the entrypoint rules report it), nor when the training config or any eval
config does not parse whole or cannot be read, or the listing of configs/ was cut short or the
settings exclude paths: osmosis-lint cannot tell what those run. Checked on the saved eval configs. A rollout with no eval config
at all is eval-before-train's.`,
		Bad:                "# beside configs/eval/my-agent.toml, whose entrypoint is helpers.py\n[experiment]\nentrypoint = \"main.py\"\n# ...\n",
		Good:               "# beside configs/eval/my-agent.toml, whose entrypoint is main.py\n[experiment]\nentrypoint = \"main.py\"\n# ...\n",
		Kinds:              []string{"training"},
		Workspace:          true,
		NeedsCompleteParse: true,
		check:              checkEvalTrainMismatch,
	}
)

var _ = register(&ruleEvalTrainMismatch)

// mismatchKeys are the [experiment] keys that say which code a run runs,
// with how two values of each are the same.
var mismatchKeys = []struct {
	key  string
	same func(a, b string) bool
	of   func(e *evalConfig) string
}{
	{"entrypoint", sameEntrypoint, func(e *evalConfig) string { return e.entrypoint }},
	{"branch", func(a, b string) bool { return a == b }, func(e *evalConfig) string { return e.branch }},
	{"commit_sha", sameCommit, func(e *evalConfig) string { return e.commit }},
}

// checkEvalTrainMismatch reports a training config's entrypoint, branch or
// commit that every eval config of its rollout sets otherwise.
func checkEvalTrainMismatch(c *Context) {
	name, _, ok := trainingRollout(c)
	if !ok {
		return
	}
	evals := c.Env.evals()
	for _, k := range mismatchKeys {
		own, ok := filledString(c.Doc, k.key)
		if !ok || c.issuesWithin("experiment", k.key) || k.key == "entrypoint" && !entrypointFound(c) {
			continue
		}
		// the common case, decided at the first of the rollout's eval
		// configs read, without allocating: it runs the same, or leaves
		// it unknown
		mine, agree, known := 0, false, evals.listed
		for i := range evals.entries {
			e := evals.at(i)
			known = known && e.known
			if e.rollout != name {
				continue
			}
			mine++
			if v := k.of(e); v == "" || k.same(own, v) {
				agree = true
				break
			}
		}
		if agree || mine == 0 || !known {
			continue // !known: a config that is not known may be one of the rollout's
		}
		var others []string
		var one *evalConfig
		for i := range evals.entries {
			if e := evals.at(i); e.rollout == name {
				one = e
				others = append(others, e.Path+" runs "+k.key+" "+k.of(e))
			}
		}
		_, v := c.Get("experiment", k.key)
		var msg string
		if mine == 1 {
			msg = "the one eval config of rollout " + name + ", " + one.Path + ", runs " + k.key + " " + k.of(one) + ", not " + own
		} else {
			if len(others) > 3 {
				others = append(others[:3], fmt.Sprintf("and %d more", len(others)-3))
			}
			msg = "no eval config of rollout " + name + " runs " + k.key + " " + own + " (" + strings.Join(others, "; ") + ")"
		}
		c.Report(v.Range, "experiment."+k.key, msg+": the evaluation did not test the code this config trains; evaluate this "+k.key+" before osmosis train submit")
	}
}

// entrypointFound reports whether the config's entrypoint is a Python file
// of its rollout: one the entrypoint rules do not report.
func entrypointFound(c *Context) bool {
	r, ep, ok := entrypointTarget(c)
	if !ok || !strings.HasSuffix(ep, ".py") {
		return false
	}
	rp := c.Env.rolloutPath(r, ep)
	return rp.DirContained && rp.EntryContained && rp.Entry.IsRegular
}
