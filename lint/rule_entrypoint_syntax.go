package lint

var (
	ruleEntrypointSyntax = Rule{
		ID:       RuleEntrypointSyntax,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "A Python file the entrypoint's import executes does not compile.",
		Doc: `The CLI's submit preflight imports the entrypoint (osmosis_ai/platform/cli/rollout_entrypoint.py):
the rollout directory's __init__.py, the __init__.py of each directory down to the entrypoint, the
entrypoint, and the rollout modules their top-level imports name, transitively. Python compiles
each file before it runs it, and a file that does not compile fails the import with a
SyntaxError. osmosis-lint reads these files with its own Python reader (package
workspace/python), which follows CPython's tokenizer and grammar and reports only what compile()
of Python 3.12 and 3.13 both refuse, at the line and column CPython gives for the tokenizer's
errors; for "invalid syntax" at the token where CPython's first pass stopped, which is the line
compile() names for 99.8% of the refusals in CPython's grammar tests and 98.8% of mutated sources
(go test ./workspace/python -v -run 'Grammar|Mutated'). It reports a body that is not
indented, tabs and spaces mixed inconsistently, an unclosed bracket, a malformed number or string,
bytes that are not UTF-8, a NUL byte, "from __future__ import braces". What only running the file
tells (an exception at import, a missing environment variable) is not judged, nor are errors of
compile()'s later stages ('return' outside a function). A file the import reaches only after an
import that raises (or may raise) ModuleNotFoundError, on which the CLI only warns, is
entrypoint-module-not-found's.` + entrypointLoadNote,
		Bad:       "[experiment]\n# ...\nentrypoint = \"broken.py\"\n",
		Good:      "[experiment]\n# ...\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointSyntax,
	}
)

var _ = register(&ruleEntrypointSyntax)

func checkEntrypointSyntax(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	res := c.Env.entrypointWalk(r, ep)
	for i, p := range res.problems {
		if !p.compile {
			continue
		}
		reportImport(c, res, i, r, p.describe(r, ep))
	}
}
