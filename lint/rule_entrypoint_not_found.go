package lint

import (
	"path"
	"strings"
)

func init() {
	register(&Rule{
		ID:        RuleEntrypointNotFound,
		Severity:  Error,
		Stage:     StageSubmit,
		Fixable:   sometimes(Unsafe),
		Summary:   "rollouts/<rollout>/<entrypoint> does not exist.",
		Doc:       `The entrypoint must be a file of the rollout. The finding suggests the closest Python file of the rollout.`,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"mian.py\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointNotFound,
	})
	register(&Rule{
		ID:       RuleEntrypointIsDirectory,
		Severity: Error,
		Stage:    StagePlatform,
		Summary:  "experiment.entrypoint names a directory, such as the rollout directory itself.",
		Doc: `An empty entrypoint, "." or "sub/.." passes the CLI's path check but names the rollout directory,
not a file. The CLI's import preflight (when it runs) or the platform then fails to load it.`,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \".\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointIsDirectory,
	})
	register(&Rule{
		ID:        RuleEntrypointNotPython,
		Severity:  Warning,
		Stage:     StageRuntime,
		Summary:   "experiment.entrypoint is not a .py file.",
		Doc:       `The entrypoint is imported as a Python module that defines the agent workflow; a file without the .py suffix cannot be imported.`,
		Bad:       "[experiment]\n# ...\nentrypoint = \"run.sh\"\n",
		Good:      "[experiment]\n# ...\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointNotPython,
	})
}

// entrypointTarget resolves the config's rollout and entrypoint when both
// are usable.
func entrypointTarget(c *Context) (r, ep string, ok bool) {
	r, _, ok1 := c.Str("experiment", "rollout")
	ep, _, ok2 := c.Str("experiment", "entrypoint")
	if !ok1 || !ok2 || rolloutNameProblem(r) != "" || lexicalEscape(r, ep) || strings.ContainsRune(ep, 0) {
		return "", "", false
	}
	return r, ep, true
}

func checkEntrypointNotFound(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	rp := c.Env.rolloutPath(r, ep)
	if !rp.DirContained || !rp.Dir.IsDir || !rp.EntryContained || rp.Entry.Exists {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	msg := "rollouts/" + r + "/" + ep + " does not exist"
	var fixes []Fix
	var py []string
	if ro, ok := c.Env.WS.Rollout(r); ok {
		py = ro.PyFiles
	}
	hint, best := didYouMean(ep, py)
	switch {
	case best != "":
		msg += hint
		fixes = append(fixes, fix("Use \""+best+"\"", false, replace(v.Range, tomlString(best))))
	case len(py) == 0:
		msg += " (the rollout has no Python file)"
	case len(py) <= 6:
		msg += " (Python files: " + backquoted(py) + ")"
	}
	c.Report(v.Range, "experiment.entrypoint", msg, fixes...)
}

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
	c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" names "+what+", not a file; name the Python file that defines the agent workflow (usually main.py)")
}

func checkEntrypointNotPython(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok || strings.HasSuffix(path.Clean(ep), ".py") {
		return
	}
	rp := c.Env.rolloutPath(r, ep)
	if !rp.EntryContained || !rp.Entry.IsRegular {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" is not a .py file; the platform imports the entrypoint as a Python module")
}
