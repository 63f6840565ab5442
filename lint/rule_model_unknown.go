package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

var (
	ruleModelUnknown = Rule{
		ID:       RuleModelUnknown,
		Keys:     []string{"experiment.model_path"},
		Severity: Warning,
		Stage:    StagePlatform,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "experiment.model_path is not a base model osmosis-lint knows, or not a provider/model id for eval.",
		Doc: `Training runs fine-tune one of the platform's supported base models; osmosis-lint knows the ones
the templates list, plus those you add with the ` + "`models`" + ` setting of [tool.osmosis-lint].

With a saved platform model list (` + "`osmosis --json model list --all > models.json`" + `, passed with
--model-list or the ` + "`model-list`" + ` setting), its base models (` + "`base_models.items[].model_name`" + `, or
` + "`items`" + ` of ` + "`--type base`" + `) stand for the built-in list. LoRA models (` + "`lora_models`" + `) are not
counted: the SDK passes model_path through to the platform as the model to fine-tune and documents no
LoRA model there, so only base models are known. The list may be older than the platform's: save it
again when a new base model is offered.

Eval runs
take a LiteLLM-style ` + "`provider/model`" + ` id such as ` + "`openai/gpt-5-mini`" + `. The platform checks the model
after submission; this warning catches typos before.`,
		Bad:   "[experiment]\n# ...\nmodel_path = \"Qwen3.6-35B\"\n",
		Good:  "[experiment]\n# ...\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\n",
		Kinds: []string{"training", "eval"},
		check: checkModelUnknown,
	}
)

var _ = register(&ruleModelUnknown)

func checkModelUnknown(c *Context) {
	name, v, ok := c.Str("experiment", "model_path")
	if !ok || hasPlaceholder(name) {
		return
	}
	if c.Kind == "eval" {
		if name != "" && !strings.Contains(name, "/") {
			c.Report(v.Range, "experiment.model_path", "model_path "+code(name)+" has no provider: evaluation takes a LiteLLM-style `provider/model` id such as `openai/gpt-5-mini`")
		}
		return
	}
	var known []string
	if c.Env != nil {
		if _, ok := c.Env.WS.LookupModel(name); ok {
			return
		}
		for _, m := range c.Env.WS.Models() {
			known = append(known, m.Name)
		}
	} else {
		known = workspace.BuiltinModels()
		for _, m := range known {
			if m == name {
				return
			}
		}
	}
	hint, best := didYouMean(name, known)
	msg := "model_path " + code(name) + " is not a base model osmosis-lint knows" + hint
	listed := c.Env != nil && c.Env.WS.HasModelList()
	if listed {
		list := c.Env.WS.ModelListFile()
		if rel, ok := c.Env.WS.Rel(list); ok {
			list = rel // the same text on every machine
		}
		msg = "model_path " + code(name) + " is not a base model of the saved model list " + list + hint
	}
	if name == "" {
		msg = "model_path is empty: name the base model to fine-tune"
	}
	switch {
	case best == "" && listed:
		msg += "; if the platform offers it now, save the list again with `osmosis --json model list --all`"
	case best == "":
		quoted := make([]string, len(known))
		for i, m := range known {
			quoted[i] = code(m)
		}
		msg += " (known: " + andList(quoted) + "); if the platform supports it, add it to `models` in [tool.osmosis-lint]"
	}
	var fixes []Fix
	if best != "" {
		fixes = append(fixes, fix.Offer("Use \""+best+"\"", fix.Replace(v.Range, tomlString(best))))
	}
	c.Report(v.Range, "experiment.model_path", msg, fixes...)
}
