package lint

var (
	ruleSDKRemovedMethod = Rule{
		ID:       RuleSDKRemovedMethod,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageRuntime,
		Summary:  "The rollout calls a method the SDK removed in 0.3 (set_sample_reward, register_sample_source).",
		Doc: `osmosis-ai 0.3 made each rollout produce one sample and one reward: set_sample_reward() became
set_reward() and register_sample_source() became set_sample_source() (docs/migrating-to-0.3.md in
the SDK). A call x.set_sample_reward(...) in a module the entrypoint's import executes, when every
release the rollout's osmosis-ai requirement admits lacks the method and an older release had it
(the table of lint/sdkapi records which releases define a function of that name), raises
AttributeError when it runs, during a rollout.

The call is known by its name alone, without knowing what x is: it is reported only as an
attribute call of exactly that name, and not when any Python file of the rollout defines a
function of that name (the call may be of the rollout's own object). Missed: a call through
getattr or a variable (f = ctx.set_sample_reward), a module imported only from inside a
function, a rollout none of whose modules the entrypoint's import executes names osmosis_ai,
and every rollout whose requirement sdk-import cannot decide. An object of another
installed library with a method of that name would be reported too; the table holds that no
module of the admitted SDK releases defines one.`,
		Bad:       "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"reward.py\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     func(c *Context) { checkSDKUses(c, sdkMethod, false) },
	}
)

var _ = register(&ruleSDKRemovedMethod)
