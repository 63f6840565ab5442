package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

var ruleReferenceTemplate = Rule{
	ID:       RuleReferenceTemplate,
	Severity: Info,
	Stage:    StageAdvice,
	Folds:    RulePlaceholder,
	Summary:  "A reference template with placeholders, checked with the rest of the workspace: a file to copy, not to submit.",
	Doc: `The workspace the platform creates holds reference configs, such as
` + "`configs/training/default.toml`" + `, whose values are placeholders (` + "`rollout = \"<your-rollout>\"`" + `)
and whose header says to copy and customize them. ` + "`.osmosis/template.json`" + ` lists them under
` + "`overwriteManaged`" + ` (` + "`configs/**/default.toml`" + `): the platform overwrites them on every template
update, so they cannot be filled in where they are. A config is such a reference template when
` + "`.osmosis/template.json`" + ` marks it managed, or when every required ` + "`[experiment]`" + ` value is a placeholder.

Where the whole workspace is checked (` + "`check`" + ` without paths or with a directory, ` + "`check --force-exclude`" + `
as the pre-commit hooks run it, the GitHub Action, ` + "`doctor`" + `, and an editor's diagnostics of files that
are not open), the placeholder findings of a reference template are this one note instead: the
file is a template to copy. Named on its own (` + "`check configs/training/default.toml`" + `, a file open in
the editor, the coding-agent hook before ` + "`osmosis train submit`" + ` of it, the MCP ` + "`check`" + ` of its path) it is
judged as the osmosis CLI judges it: each placeholder is a ` + "`placeholder`" + ` error. The note takes the stage
of the placeholders it stands for (a note of stage submit, like any finding of that stage, is not
silenced by a comment; the settings' ` + "`ignore`" + ` turns it off). Any other finding of the file keeps
its severity; a placeholder in a config that is not a reference template stays an error.`,
	Bad:  "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"<your-entrypoint-file>\"\nmodel_path = \"<your-model-path>\"\ndataset = \"<your-dataset-name>\"\n",
	Good: "# a copy, filled in\n[experiment]\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
}

var _ = register(&ruleReferenceTemplate)

// referenceTemplate folds the placeholder findings of a reference template
// checked as one of its workspace's configs (Input.Listed) into one note
// on the first of them, with the earliest stage among them. Other
// findings are kept as they are.
func referenceTemplate(c *Context, fs []Finding) []Finding {
	if !c.listed {
		return fs
	}
	first, n := -1, 0
	stage := StageAdvice
	for i, f := range fs {
		if f.Rule != RulePlaceholder {
			continue
		}
		if first < 0 || f.Range.Start < fs[first].Range.Start {
			first = i
		}
		if stageRank(f.Stage) < stageRank(stage) {
			stage = f.Stage
		}
		n++
	}
	if first < 0 {
		return fs
	}
	why := c.templateReason()
	if why == "" {
		return fs
	}
	p := placeholderRE().FindString(c.Doc.Text(fs[first].Range))
	var placeholders string
	switch {
	case n == 1 && p != "":
		placeholders = "its placeholder " + code(p) + " is"
	case n == 1:
		placeholders = "its placeholder is"
	case p != "":
		placeholders = "its " + strconv.Itoa(n) + " placeholders, such as " + code(p) + ", are"
	default:
		placeholders = "its " + strconv.Itoa(n) + " placeholders are"
	}
	note := Finding{
		Path:     c.Path,
		Range:    fs[first].Range,
		Rule:     RuleReferenceTemplate,
		Severity: ruleReferenceTemplate.Severity,
		Stage:    stage,
		Key:      fs[first].Key,
		Message: "a template to copy (" + why + "): " + placeholders + " left for a copy to fill in; copy it to configs/" +
			string(c.Kind) + "/<name>.toml before submitting",
	}
	out := fs[:0]
	for i, f := range fs {
		switch {
		case i == first:
			out = append(out, note)
		case f.Rule != RulePlaceholder:
			out = append(out, f)
		}
	}
	return out
}

// templateReason says why the file is a reference template ("" when it
// is none): the workspace's template file marks it managed, or every
// required [experiment] value is a placeholder.
func (c *Context) templateReason() string {
	if c.Env != nil && c.Env.WS != nil && c.Env.Rel != "" && c.Env.WS.Template().Managed(c.Env.Rel) {
		return workspace.TemplateFile + " marks it managed: the platform overwrites it on a template update"
	}
	exp := c.Schema.Root().Property("experiment")
	if exp == nil {
		return ""
	}
	required := exp.Required()
	if len(required) == 0 {
		return ""
	}
	for _, key := range required {
		_, v := c.Doc.Root.Lookup("experiment", key)
		if v == nil || v.Kind != toml.KindString || !hasPlaceholder(v.Str) {
			return ""
		}
	}
	return "every required [experiment] value is a placeholder"
}
