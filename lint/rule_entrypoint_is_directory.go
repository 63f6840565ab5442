package lint

import "path"

var (
	ruleEntrypointIsDirectory = Rule{
		ID:       RuleEntrypointIsDirectory,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "experiment.entrypoint names a directory, such as the rollout directory itself.",
		Doc: `An empty entrypoint, "." or "sub/.." passes the CLI's path check but names the rollout directory,
not a file. The CLI's submit preflight then refuses it ("Entrypoint file not found").` + entrypointLoadNote,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \".\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointIsDirectory,
	}
)

var _ = register(&ruleEntrypointIsDirectory)

func checkEntrypointIsDirectory(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	rp := c.Env.rolloutPath(r, ep)
	if !rp.DirContained || !rp.Dir.IsDir || !rp.EntryContained || !rp.Entry.IsDir {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	what := "the directory " + rp.Entry.Path // workspace-relative
	if path.Clean("r/"+ep) == "r" {
		what = "the rollout directory itself"
	}
	c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" names "+what+", not a file; name the Python file that defines the agent workflow (usually main.py)"+entrypointSide(c, r))
}
