package lint

import "github.com/osmosis-lint/osmosis-lint/workspace"

var (
	ruleDatasetNotReady = Rule{
		ID:        RuleDatasetNotReady,
		Keys:      []string{"experiment.dataset"},
		Severity:  Warning,
		Stage:     StagePlatform,
		Summary:   "experiment.dataset is known to the platform but not uploaded yet.",
		Doc:       `A dataset whose status in the saved platform list is not "uploaded" (still processing, or failed) cannot be used by a run yet.`,
		Bad:       "[experiment]\n# ...\ndataset = \"still-processing\"\n",
		Good:      "[experiment]\n# ...\ndataset = \"multiply\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkDatasetNotReady,
	}
)

var _ = register(&ruleDatasetNotReady)

func checkDatasetNotReady(c *Context) {
	name, v, ok := c.Str("experiment", "dataset")
	if !ok || !c.Env.WS.HasPlatformList() {
		return
	}
	d, ok := c.Env.WS.LookupDataset(name)
	if !ok || d.Source != workspace.SourceDatasetsFile || d.Status == "" || d.Status == "uploaded" {
		return
	}
	c.Report(v.Range, "experiment.dataset", "dataset "+code(name)+" has the status "+code(d.Status)+" on the platform, not `uploaded`; a run cannot use it yet")
}
