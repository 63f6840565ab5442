package lint

import (
	"path"
	"strings"
)

var (
	ruleEntrypointNotPython = Rule{
		ID:       RuleEntrypointNotPython,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "experiment.entrypoint is not a .py file.",
		Doc: `The entrypoint is imported as a Python module that defines the agent workflow. Python's
import machinery picks a loader by the file's suffix (after symlinks are resolved): for a file
that does not end in .py the CLI's submit preflight has none and fails ("Failed to load entrypoint
module"). Compiled modules (.pyc, .so) have a loader and are not reported.` + entrypointLoadNote,
		Bad:       "[experiment]\n# ...\nentrypoint = \"run.sh\"\n",
		Good:      "[experiment]\n# ...\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointNotPython,
	}
)

var _ = register(&ruleEntrypointNotPython)

func checkEntrypointNotPython(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	rp := c.Env.rolloutPath(r, ep)
	if !rp.DirContained || !rp.EntryContained || !rp.Entry.IsRegular || importable(path.Base(rp.Entry.Path)) {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	what := "is not a .py file"
	if base := path.Base(rp.Entry.Path); rp.Entry.Symlinked && base != path.Base(path.Clean(ep)) {
		what = "leads to " + code(base) + ", not a .py file"
	}
	c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" "+what+": the CLI imports the entrypoint as a Python module and has no loader for it"+entrypointSide(c, r))
}

// importable reports whether Python's import machinery has a loader for a
// file of this name: source (.py, exactly), bytecode or an extension module.
func importable(name string) bool {
	for _, suffix := range []string{".py", ".pyc", ".so"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}
