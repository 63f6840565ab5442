package lint

var (
	ruleSDKImportDeferred = Rule{
		ID:       RuleSDKImportDeferred,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StagePlatform,
		Summary:  "A function of the rollout imports an osmosis_ai module or name that the SDK releases the rollout requires do not have.",
		Doc: `The same judgement as sdk-import, for an import in a function body of a module the
entrypoint's import executes: the import runs, and raises ModuleNotFoundError or ImportError,
when the function does, on the platform, after submit. Only imports directly in the function's
body count (or in a class body within it), not those under if, try, with, a loop or match,
which run only sometimes or handle the error; functions of rollout modules imported only from
inside functions are not read. Which releases the requirement admits is decided as sdk-import
decides it, and it is quiet where that is quiet.`,
		Bad:       "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"deferred.py\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     func(c *Context) { checkSDKUses(c, sdkDeferred, false) },
	}
)

var _ = register(&ruleSDKImportDeferred)
