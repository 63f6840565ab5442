package lint

import (
	"path"
	"strings"
)

var (
	ruleEntrypointEscape = Rule{
		ID:       RuleEntrypointEscape,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "experiment.entrypoint resolves outside rollouts/<rollout>/.",
		Doc: `The entrypoint is a file of the rollout, relative to rollouts/<rollout>/. The osmosis CLI resolves
it (following symlinks) and rejects anything outside that directory: an absolute path, ".." that
climbs out, or a symlink that leads elsewhere. ` + "`sub/../main.py`" + ` is fine.`,
		Bad:   "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"../shared/main.py\"\n",
		Good:  "[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\n",
		Kinds: []string{"training", "eval"},
		check: checkEntrypointEscape,
	}
)

var _ = register(&ruleEntrypointEscape)

// lexicalEscape reports whether entrypoint leaves rollouts/<rollout>/
// without looking at the filesystem: "../<rollout>/main.py" climbs back
// in, as Python's resolve finds. For a rollout that is not a plain name
// only the entrypoint's own climbing counts.
func lexicalEscape(rollout, entrypoint string) bool {
	if strings.HasPrefix(entrypoint, "/") {
		return true
	}
	if rolloutNameProblem(rollout) != "" {
		rollout = "\x00"
	}
	dir := "rollouts/" + rollout
	clean := path.Clean(dir + "/" + entrypoint)
	return clean != dir && !strings.HasPrefix(clean, dir+"/")
}

func checkEntrypointEscape(c *Context) {
	r, _, ok1 := c.Str("experiment", "rollout")
	ep, v, ok2 := c.Str("experiment", "entrypoint")
	if !ok2 {
		return
	}
	dir := "rollouts/" + r + "/"
	if !ok1 || rolloutNameProblem(r) != "" {
		dir = "the rollout directory" // rollout-name reports the rollout itself
	}
	switch {
	case strings.ContainsRune(ep, 0):
		c.Report(v.Range, "experiment.entrypoint", "entrypoint contains a NUL character, which no file name can hold")
		return
	case strings.HasPrefix(ep, "/"):
		c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" is an absolute path; give the file relative to "+dir)
		return
	}
	climbs := lexicalEscape(r, ep)
	if ok1 && rolloutNameProblem(r) == "" && c.Env != nil {
		// the workspace is there: resolve as the CLI does, symlinks included
		if rp := c.Env.rolloutPath(r, ep); rp.DirContained {
			switch {
			case rp.EntryContained:
			case rp.Entry.EscapeVia != "":
				c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" leads outside rollouts/"+r+"/ through the symlink "+rp.Entry.EscapeVia+" (-> "+rp.Entry.EscapeTarget+"); the osmosis CLI rejects it")
			case climbs:
				c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" climbs out of "+dir+"; the entrypoint must be a file of the rollout")
			default:
				c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" resolves outside rollouts/"+r+"/ (through a symlink); the osmosis CLI rejects it")
			}
			return
		}
	}
	if climbs {
		c.Report(v.Range, "experiment.entrypoint", "entrypoint "+code(ep)+" climbs out of "+dir+"; the entrypoint must be a file of the rollout")
	}
}
