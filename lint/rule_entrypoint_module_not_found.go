package lint

var (
	ruleEntrypointModuleNotFound = Rule{
		ID:       RuleEntrypointModuleNotFound,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StagePlatform,
		Summary:  "The entrypoint's import fails where the CLI's submit preflight only warns: an import raises ModuleNotFoundError first.",
		Doc: `The CLI's submit preflight (validate_rollout_backend in
osmosis_ai/platform/cli/workspace_directory_contract.py) imports the entrypoint and stops at the
first exception; when that is a ModuleNotFoundError it only warns ("Skipped the backend
preflight ... The server validates it after installing the rollout's dependencies") and the
submit goes on. The platform's import then fails. osmosis-lint follows the modules in the order
Python executes them: a problem of entrypoint-import or entrypoint-syntax met after an import
that raises ModuleNotFoundError (a relative import of a module the rollout does not have, import
a.b where a.py is a module) or may raise it (an absolute import of a module that is neither the
rollout's, nor the standard library's, nor a declared dependency; a module it does not read) is
reported here, with the reason, instead of as a submit error. So is an sdk-import problem that the
CLI's preflight only warns on: an import of an osmosis_ai module that the SDK releases the rollout
requires do not have (it raises ModuleNotFoundError itself), or any of sdk-import's problems when
an import executed before it raises or may raise ModuleNotFoundError.`,
		Bad:       "[experiment]\n# ...\nentrypoint = \"tools.py\"\n",
		Good:      "[experiment]\n# ...\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointModuleNotFound,
	}
)

var _ = register(&ruleEntrypointModuleNotFound)

func checkEntrypointModuleNotFound(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	res := c.Env.entrypointWalk(r, ep)
	for i, p := range res.problems {
		st, note := res.stage(i)
		if st == StageSubmit {
			continue
		}
		c.Report(v.Range, "experiment.entrypoint", p.describe(r, ep)+note)
	}
	checkSDKUses(c, sdkTopWarned, false)
}
