package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/lint/legacy"
)

var (
	ruleMissingSection = Rule{
		ID:                 RuleMissingSection,
		NeedsCompleteParse: true,
		Severity:           Error,
		Stage:              StageSubmit,
		Fixable:            sometimes(Unsafe, DisplayOnly),
		Summary:            "A required section is absent: [experiment], eval [secrets], benchmark [[agents]].",
		Doc: `Every config needs [experiment]. Eval configs also need [secrets] (` + "`required = []`" + ` when the
run needs no secret), and benchmark configs need at least one [[agents]] table. The osmosis CLI
stops at the first missing section, before it looks at anything else.`,
		Bad:   "[training]\nlr = 1e-6\n",
		Good:  "[experiment]\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"my-dataset\"\n\n[training]\nlr = 1e-6\n",
		check: checkMissingSection,
	}
)

var _ = register(&ruleMissingSection)

func checkMissingSection(c *Context) {
	if legacy.LocalEvalFile(c.Doc, c.Kind) {
		return // a local-eval config: legacy-config migrates the whole file
	}
	for _, is := range c.IssuesOf(RuleMissingSection) {
		var msg string
		var fixes []Fix
		switch is.Name {
		case "experiment":
			if c.Kind == "benchmark" {
				msg = "missing [experiment] section: a benchmark config names its benchmark there (benchmark = \"...\")"
			} else {
				msg = "missing [experiment] section: " + article(string(c.Kind)) + " " + string(c.Kind) + " config needs [experiment] with rollout, entrypoint, model_path and dataset"
			}
			if text, picked, ok := newSection(c, "experiment"); ok {
				fixes = append(fixes, fix.UnsafeUnless(picked, "Add [experiment]", fix.Insert(0, text+"\n")))
			}
		case "secrets":
			msg = "missing [secrets] section: an eval config must list the platform secrets it needs, or `required = []` when it needs none"
			list := "[]"
			if key, _, ok := modelProviderKey(c); ok {
				// the model's own provider key: the run fails without it
				list = "[" + tomlString(key) + "]"
			}
			fixes = append(fixes, fix.New("Add [secrets] required = "+list, false, fix.AppendSection(c.Doc, "[secrets]\nrequired = "+list+"\n")))
		case "agents":
			msg = "missing [[agents]]: a benchmark config needs " + itemsText(c.Field("agents")) + " agents, each with a [agents.model]"
			agent := "[[agents]]\nharness = " + tomlString(placeholderFor("harness")) + "\n\n[agents.model]\ntype = \"provider\"\n" +
				"model = " + tomlString(placeholderFor("model")) + "\napi_key_secret = " + tomlString(placeholderFor("api_key_secret")) + "\n"
			fixes = append(fixes, fix.New("Add an [[agents]] table", false, fix.AppendSection(c.Doc, agent)))
		default:
			msg = "missing [" + is.Name + "] section"
		}
		c.Report(is.Range, strings.Join(is.Path, "."), msg, fixes...)
	}
}

// newSection is a section holding the required keys of a table, each with
// the value fillValue gives it, or false when one of them has none.
func newSection(c *Context, name string) (text string, picked, ok bool) {
	t := c.Schema.Root().Property(name)
	if t == nil {
		return "", false, false
	}
	text = "[" + name + "]\n"
	for _, k := range t.Required() {
		line, p, ok := addedKeyLine(c, []string{name, k}, t.Property(k))
		if !ok {
			return "", false, false
		}
		text += line + "\n"
		picked = picked || p
	}
	return text, picked, true
}
