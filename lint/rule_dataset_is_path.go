package lint

import (
	"path"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
)

var (
	ruleDatasetIsPath = Rule{
		ID:       RuleDatasetIsPath,
		Keys:     []string{"experiment.dataset"},
		Severity: Error,
		Stage:    StagePlatform,
		Fixable:  sometimes(Safe),
		Summary:  "experiment.dataset is a file path, not the name of a platform dataset.",
		Doc: `dataset names a dataset uploaded to the platform, not a local file. ` + "`osmosis dataset upload data/train.jsonl`" + `
creates the dataset ` + "`train`" + ` (the file's stem); the config then says ` + "`dataset = \"train\"`" + `. A value with
a slash or a data file extension is a path, and the platform finds no dataset by that name. When
the file exists under data/, the fix uses its stem.`,
		Bad:   "[experiment]\n# ...\ndataset = \"data/multiply.jsonl\"\n",
		Good:  "[experiment]\n# ...\ndataset = \"multiply\"\n",
		Kinds: []string{"training", "eval"},
		check: checkDatasetIsPath,
	}
)

var _ = register(&ruleDatasetIsPath)

var dataExtensions = []string{".jsonl", ".csv", ".parquet", ".json"}

// datasetPathStem returns the stem a dataset path would upload as, and
// whether the value looks like a path at all.
func datasetPathStem(v string) (string, bool) {
	isPath := strings.ContainsAny(v, `/\`)
	lower := strings.ToLower(v)
	for _, ext := range dataExtensions {
		if strings.HasSuffix(lower, ext) {
			isPath = true
		}
	}
	if !isPath {
		return "", false
	}
	if strings.HasSuffix(v, "/") || strings.HasSuffix(v, `\`) {
		return "", true // a directory: no file stem to suggest
	}
	base := path.Base(strings.ReplaceAll(v, `\`, "/"))
	stem := base
	for _, ext := range dataExtensions {
		if strings.HasSuffix(strings.ToLower(stem), ext) {
			stem = stem[:len(stem)-len(ext)]
			break
		}
	}
	return stem, true
}

func checkDatasetIsPath(c *Context) {
	name, v, ok := c.Str("experiment", "dataset")
	if !ok {
		return
	}
	stem, isPath := datasetPathStem(name)
	if !isPath {
		return
	}
	msg := "dataset " + code(name) + " is a file path; [experiment] dataset names a platform dataset"
	var fixes []Fix
	if stem != "" && stem != "." && stem != ".." {
		msg += ": upload the file with `osmosis dataset upload` and use its name (" + code(stem) + ")"
		if c.Env != nil && c.Env.hasDataStem(stem) {
			fixes = append(fixes, fix.New("Use the dataset name \""+stem+"\"", true, fix.Replace(v.Range, tomlString(stem))))
		}
	}
	c.Report(v.Range, "experiment.dataset", msg, fixes...)
}
