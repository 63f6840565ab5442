package lint

import (
	"path"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func init() {
	register(&Rule{
		ID:        RuleEntrypointNotFound,
		Keys:      []string{"experiment.entrypoint"},
		Severity:  Error,
		Stage:     StageSubmit,
		Fixable:   sometimes(DisplayOnly),
		Summary:   "rollouts/<rollout>/<entrypoint> does not exist.",
		Doc:       `The entrypoint must be a file of the rollout: the CLI's submit preflight refuses a missing one ("Entrypoint file not found"). The finding suggests the closest Python file of the rollout.` + entrypointLoadNote,
		Bad:       "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"mian.py\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointNotFound,
	})
	register(&Rule{
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
	})
	register(&Rule{
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
	})
}

// entrypointLoadNote says when the CLI's load of the entrypoint does not
// happen: the problem then surfaces on the platform instead.
const entrypointLoadNote = `

The CLI loads the entrypoint at submit unless its own Python environment lacks a dependency
that the rollout's pyproject.toml declares; it then skips the load with a warning, and the
platform fails to load the entrypoint after submission instead. The finding stays an error of
stage submit (which environment the CLI runs in is not known here), and when the rollout declares
dependencies other than osmosis-ai its message says which side refuses it when.`

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
	if !rp.DirContained || !rp.Dir.IsDir || !rp.EntryContained || rp.Entry.IsRegular || rp.Entry.IsDir {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	msg := "rollouts/" + r + "/" + ep + " does not exist"
	if rp.Entry.Exists {
		// a pipe, a socket or a device: the CLI loads regular files only
		c.Report(v.Range, "experiment.entrypoint", "rollouts/"+r+"/"+ep+" is not a regular file; name the Python file that defines the agent workflow"+entrypointSide(c, r))
		return
	}
	var fixes []Fix
	var py []string
	if ro, ok := c.Env.WS.Rollout(r); ok {
		py = ro.PyFiles
	}
	hint, best := didYouMean(ep, py)
	switch {
	case best != "":
		msg += hint
		if q, ok := toml.Quote(best); ok { // a file name may not be UTF-8
			fixes = append(fixes, displayOnly("Use \""+best+"\"", replace(v.Range, q)))
		}
	case len(py) == 0:
		msg += " (the rollout has no Python file)"
	case len(py) <= 6:
		msg += " (Python files: " + backquoted(py) + ")"
	}
	c.Report(v.Range, "experiment.entrypoint", msg+entrypointSide(c, r), fixes...)
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
	c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" names "+what+", not a file; name the Python file that defines the agent workflow (usually main.py)"+entrypointSide(c, r))
}

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
