package lint

var (
	ruleEntrypointImport = Rule{
		ID:       RuleEntrypointImport,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "The entrypoint's import imports a module or a name that the rollout's own files do not have.",
		Doc: `The CLI's submit preflight imports the entrypoint as a module of a package made of the rollout
directory, with the rollout directory first on sys.path (osmosis_ai/platform/cli/rollout_entrypoint.py).
A relative import (from . import tools, from .main import run) then names the rollout's own files,
and so does an absolute import whose first name is a file or directory of the rollout (import
helpers, from helpers import parse_answer). When that module or name is not there, the import
raises ModuleNotFoundError or ImportError and the preflight fails.

Judged: the imports at the top level of the modules the entrypoint's import executes (the
__init__.py chain, the entrypoint, and the rollout modules they import), not those under if, try
or def, which run only sometimes. Not judged: absolute imports of names the rollout does not hold
(installed packages), of standard library modules and of the modules the CLI has loaded before
(a rollout file of that name is not the one found), a module that can define names it does not
spell (a * import, globals(), a module __getattr__, exec, setattr), compiled modules, and a
relative import from a module outside any package. A missing module raises ModuleNotFoundError,
on which the CLI only warns: that import, and any problem met after it (or after an import that
may raise it), is entrypoint-module-not-found's.` + entrypointLoadNote,
		Bad:       "[experiment]\n# ...\nentrypoint = \"agent.py\"\n",
		Good:      "[experiment]\n# ...\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointImport,
	}
)

var _ = register(&ruleEntrypointImport)

func checkEntrypointImport(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	res := c.Env.entrypointWalk(r, ep)
	for i, p := range res.problems {
		if p.compile {
			continue
		}
		reportImport(c, res, i, r, p.describe(r, ep))
	}
}
