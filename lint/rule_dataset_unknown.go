package lint

import (
	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

var (
	ruleDatasetUnknown = Rule{
		ID:       RuleDatasetUnknown,
		Keys:     []string{"experiment.dataset"},
		Severity: Error,
		Stage:    StagePlatform,
		Fixable:  sometimes(DisplayOnly),
		Summary:  "experiment.dataset is not in the platform's dataset list.",
		Doc: `With a saved platform dataset list (` + "`osmosis --json dataset list --all > datasets.json`" + `, passed
with --datasets or the datasets setting), a dataset name it does not hold is an error: the
platform would reject the run. Without such a list osmosis-lint cannot know, and stays quiet.`,
		Bad:       "[experiment]\n# ...\ndataset = \"multiplly\"\n",
		Good:      "[experiment]\n# ...\ndataset = \"multiply\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkDatasetUnknown,
	}
)

var _ = register(&ruleDatasetUnknown)

func checkDatasetUnknown(c *Context) {
	name, v, ok := c.Str("experiment", "dataset")
	if !ok || !c.Env.WS.HasPlatformList() {
		return
	}
	if _, isPath := datasetPathStem(name); isPath || hasPlaceholder(name) {
		return // dataset-is-path says what to do
	}
	if d, ok := c.Env.WS.LookupDataset(name); ok && d.Source == workspace.SourceDatasetsFile {
		return
	}
	var names []string
	for _, d := range c.Env.WS.Datasets() {
		if d.Source == workspace.SourceDatasetsFile {
			names = append(names, d.Name)
		}
	}
	hint, best := didYouMean(name, names)
	list := c.Env.WS.DatasetsFile()
	if rel, ok := c.Env.WS.Rel(list); ok {
		list = rel // the same text on every machine
	}
	msg := "no platform dataset is named " + code(name) + " in " + list + hint
	var fixes []Fix
	if best != "" {
		fixes = append(fixes, fix.Offer("Use \""+best+"\"", fix.Replace(v.Range, tomlString(best))))
	} else if d, ok := c.Env.WS.LookupDataset(name); ok && d.DataFile != "" {
		msg += "; upload " + d.DataFile + " with `osmosis dataset upload " + d.DataFile + "`"
	}
	c.Report(v.Range, "experiment.dataset", msg, fixes...)
}
