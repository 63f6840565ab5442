package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleEntrypointNotFound = Rule{
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
	}
)

var _ = register(&ruleEntrypointNotFound)

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
			fixes = append(fixes, fix.Offer("Use \""+best+"\"", fix.Replace(v.Range, q)))
		}
	case len(py) == 0:
		msg += " (the rollout has no Python file)"
	case len(py) <= 6:
		msg += " (Python files: " + backquoted(py) + ")"
	}
	c.Report(v.Range, "experiment.entrypoint", msg+entrypointSide(c, r), fixes...)
}
