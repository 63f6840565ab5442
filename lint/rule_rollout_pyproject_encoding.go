package lint

import "strconv"

var (
	rulePyprojectEncoding = Rule{
		ID:        RulePyprojectEncoding,
		Severity:  Error,
		Stage:     StageSubmit,
		Workspace: true,
		Kinds:     []string{"training", "eval"},
		Summary:   "The rollout's pyproject.toml is not UTF-8: the osmosis CLI's submit preflight fails reading it.",
		Doc: `Before it loads the entrypoint, the submit preflight reads rollouts/<rollout>/pyproject.toml to see
whether its own environment has the rollout's declared dependencies. A file that is not valid
TOML is passed over (the platform's installer reports it), but one that is not UTF-8 makes the
read itself fail, and the submit with it. The finding is on the rollout and names the line of
the first byte that is not UTF-8; save the file as UTF-8.`,
		check: checkPyprojectEncoding,
	}
)

var _ = register(&rulePyprojectEncoding)

func checkPyprojectEncoding(c *Context) {
	r, _, ok := entrypointTarget(c)
	if !ok {
		return
	}
	p := c.Env.pyproject(r)
	if p.badUTF8Line == 0 {
		return
	}
	_, v, _ := c.Str("experiment", "rollout")
	c.Report(v.Range, "experiment.rollout", "rollouts/"+r+"/pyproject.toml:"+strconv.Itoa(p.badUTF8Line)+" is not UTF-8: the osmosis CLI's submit preflight reads it for the rollout's dependencies and fails; save it as UTF-8")
}
