package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleEvalBeforeTrain = Rule{
		ID:       RuleEvalBeforeTrain,
		Keys:     []string{"experiment.rollout"},
		Severity: Info,
		Stage:    StageAdvice,
		Summary:  "A training config whose rollout has no eval config under configs/eval/: the rollout has not been run through an evaluation before training.",
		Doc: `The SDK's troubleshooting guide (docs/troubleshooting.md) says of submit preflight: "Run an eval
first — it exercises the workflow, grader, and server end to end and is the intended smoke test before
training", and its architecture notes (docs/architecture.md) call ` + "`osmosis eval submit`" + ` "the intended
smoke test before training". The workspace template's submit-training skill
(.agents/skills/submit-training/SKILL.md) opens with "Confirm there is a working rollout, an eval
config, and a recorded baseline", and its gate B runs ` + "`osmosis eval run configs/eval/<name>.toml`" + `
before ` + "`osmosis train submit`" + `.

The finding is on a training config whose [experiment] rollout no eval config under configs/eval/ names.
osmosis-lint cannot see whether an eval was run, only whether there is a config to run one: it says
nothing when any eval config of the workspace cannot be read or parsed whole (its rollout is then
unknown), when the listing of configs/ was cut short or the settings exclude paths (an excluded eval
config is not listed), or when the rollout is a placeholder or is not under rollouts/. Checked on the saved eval configs.

Its fix, offered in an editor whose client can create files and in the JSON report, never applied by
` + "`check --fix`" + ` (it picks an evaluation model), creates configs/eval/<rollout>.toml from the training
config's [experiment] (rollout, entrypoint, dataset, branch or commit_sha), with the evaluation model
the workspace's eval configs all use, or else the schema's example of one, and the provider key that
model needs in [secrets]. It is not offered when that file exists.`,
		Bad:                "# a workspace with no eval config of rollout my-agent\n[experiment]\nrollout = \"my-agent\"\n# ...\n",
		Good:               "# beside configs/eval/my-agent.toml\n[experiment]\nrollout = \"my-agent\"\n# ...\n",
		Kinds:              []string{"training"},
		Workspace:          true,
		NeedsCompleteParse: true,
		Fixable:            sometimes(DisplayOnly),
		check:              checkEvalBeforeTrain,
	}
)

var _ = register(&ruleEvalBeforeTrain)

// trainingRollout is the rollout a training config names, when it is a
// plain name of a rollout of the workspace with no issue of its own.
func trainingRollout(c *Context) (string, *toml.Value, bool) {
	name, v, ok := c.Str("experiment", "rollout")
	if !ok || c.issuesWithin("experiment", "rollout") || hasPlaceholder(name) || rolloutNameProblem(name) != "" {
		return "", nil, false
	}
	if _, found := c.Env.WS.Rollout(name); !found {
		return "", nil, false // rollout-not-found's
	}
	return name, v, true
}

// checkEvalBeforeTrain reports a training config whose rollout no eval
// config of the workspace names.
func checkEvalBeforeTrain(c *Context) {
	name, v, ok := trainingRollout(c)
	if !ok {
		return
	}
	evals := c.Env.evals()
	complete := evals.listed
	for i := range evals.entries {
		e := evals.at(i)
		if e.rollout == name {
			return // the common case: found among the first read
		}
		complete = complete && e.known
	}
	if !complete {
		return // a config that is not known may name it
	}
	rel := "configs/eval/" + name + ".toml"
	var fixes []Fix
	if fx, ok := evalConfigFix(c, name, rel, evals); ok {
		fixes = append(fixes, fx)
	}
	c.Report(v.Range, "experiment.rollout", "no eval config under configs/eval/ names rollout "+name+
		": the SDK's docs and the workspace template ask for an evaluation run (osmosis eval submit) before osmosis train submit",
		fixes...)
}

// evalConfigFix is the fix that creates rel, an eval config of the
// rollout made from the training config's [experiment]; false when rel
// exists or a required value is not filled in.
func evalConfigFix(c *Context, rollout, rel string, evals *evalIndex) (Fix, bool) {
	// resolved through the workspace's door: a name that exists (a
	// dangling link too) is never replaced, and a path that leaves the
	// workspace is not offered
	if r := c.Env.WS.Resolve(rel); !r.Inside || r.Loop || r.Err != nil || r.Exists || r.Link {
		return Fix{}, false
	}
	entry, okE := filledString(c.Doc, "entrypoint")
	dataset, okD := filledString(c.Doc, "dataset")
	if !okE || !okD || c.issuesWithin("experiment", "entrypoint") || c.issuesWithin("experiment", "dataset") {
		return Fix{}, false
	}
	model, key, ok := evalModel(c, evals)
	if !ok {
		return Fix{}, false
	}
	var b strings.Builder
	b.WriteString("[experiment]\n")
	b.WriteString("rollout = " + tomlString(rollout) + "\n")
	b.WriteString("entrypoint = " + tomlString(entry) + "\n")
	b.WriteString("model_path = " + tomlString(model) + "\n")
	b.WriteString("dataset = " + tomlString(dataset) + "\n")
	for _, k := range []string{"branch", "commit_sha"} {
		if s, ok := filledString(c.Doc, k); ok && !c.issuesWithin("experiment", k) {
			b.WriteString(k + " = " + tomlString(s) + "\n")
		}
	}
	b.WriteString("\n[evaluation]\n\n[secrets]\nrequired = [")
	if key != "" {
		b.WriteString(tomlString(key))
	}
	b.WriteString("]\n")
	fx := fix.Offer("Create "+rel+" from this config's [experiment]", fix.Insert(0, b.String()))
	fx.Create = rel
	return fx, true
}

// evalModel is the evaluation model a new eval config names: the one all
// the workspace's eval configs name, or else the schema's first example of
// a provider-routed model whose provider's key is known; key is the
// variable of that provider's API key ("" when none is known).
func evalModel(c *Context, evals *evalIndex) (model, key string, ok bool) {
	for i := range evals.entries {
		e := evals.at(i)
		if e.model == "" || i > 0 && e.model != model {
			model = ""
			break
		}
		model = e.model
	}
	root := schema.For(schema.Eval).Root()
	if model != "" {
		key, _, _ = providerKeyFor(c, root, model)
		return model, key, true
	}
	for _, ex := range root.Property("experiment").Property("model_path").Examples() {
		if s, isStr := ex.(string); isStr {
			if key, _, ok := providerKeyFor(c, root, s); ok {
				return s, key, true
			}
		}
	}
	return "", "", false
}
